import { useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/users/{id}?includeSettings=true: one user with roles, groups and requests. */
export function getUserDetail(api: ApiClient, id: string): Promise<UserDetail> {
  return api.request<UserDetail>('GET', `/v1/users/${encodeURIComponent(id)}`, {
    query: { includeSettings: true },
  });
}

export function useUserDetail(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['users', 'detail', id], queryFn: () => getUserDetail(api, id) });
}
