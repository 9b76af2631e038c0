import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/organisation/{id}/sender-profile */
export function getSenderProfile(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/organisation/{id}/sender-profile', { path: { id } });
}

export function useSenderProfile(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.organisations.senderProfile(id),
    queryFn: () => getSenderProfile(api, id),
  });
}
