import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/organisation/{id} */
export function getOrganisation(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/organisation/{id}', { path: { id } });
}

export function useOrganisation(id: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.organisations.one(id), queryFn: () => getOrganisation(api, id) });
}
