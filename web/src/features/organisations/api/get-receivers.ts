import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/organisation/{id}/receivers */
export function getReceivers(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/organisation/{id}/receivers', { path: { id } });
}

export function useReceivers(id: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.organisations.receivers(id), queryFn: () => getReceivers(api, id) });
}
