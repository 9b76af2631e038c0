import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/users/{id}?includeSettings=true: one user with roles, groups and requests. */
export function getUserDetail(api: ApiClient, id: string) {
  return call(api, 'GET', '/v1/users/{id}', { path: { id }, query: { includeSettings: true } });
}

export function useUserDetail(id: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.users.detail(id), queryFn: () => getUserDetail(api, id) });
}
