import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/receivers?organisationId=: every receiver of one organisation, with its settings (never its credentials). */
export function listReceivers(api: ApiClient, organisationId: string) {
  return call(api, 'GET', '/v1/receivers', { query: { organisationId } });
}

export function useReceiverList(organisationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.receivers.of(organisationId),
    queryFn: () => listReceivers(api, organisationId),
  });
}
