import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/user-groups/{id} */
export function getGroup(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/user-groups/{id}', { path: { id } });
}

export function useGroup(id: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.userGroups.one(id), queryFn: () => getGroup(api, id) });
}
