import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/organisation/{id}/locations */
export function getLocations(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/organisation/{id}/locations', { path: { id } });
}

export function useLocations(id: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.organisations.locations(id), queryFn: () => getLocations(api, id) });
}
