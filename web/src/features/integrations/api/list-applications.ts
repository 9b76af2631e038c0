import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/applications?organisationId=: the applications of one organisation. */
export function listApplications(api: ApiClient, organisationId: string) {
  return call(api, 'GET', '/v1/applications', { query: { organisationId } });
}

/** Waits for an organisation: nothing is asked before one is known. */
export function useApplications(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.integrations.applicationsOf(organisationId),
    queryFn: () => listApplications(api, organisationId ?? ''),
    enabled: organisationId !== null,
  });
}
