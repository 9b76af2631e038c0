import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/api-keys of one organisation, submission-service keys included (the page shows every key). */
export function listApiKeys(api: ApiClient, organisationId: string) {
  return call(api, 'GET', '/v1/api-keys', { query: { includeSubmissionServiceUsers: true, organisationId } });
}

/** Waits for an organisation: nothing is asked before one is known. */
export function useApiKeys(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.integrations.apiKeysOf(organisationId),
    queryFn: () => listApiKeys(api, organisationId ?? ''),
    enabled: organisationId !== null,
  });
}
