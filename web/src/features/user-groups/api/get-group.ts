import { useQuery } from '@tanstack/react-query';
import type { UserGroup } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/user-groups/{id} */
export function getGroup(api: ApiClient, id: string): Promise<UserGroup> {
  return api.request<UserGroup>('GET', `/v1/user-groups/${encodeURIComponent(id)}`);
}

export const groupKey = (id: string) => ['user-groups', id] as const;

export function useGroup(id: string) {
  const api = useApi();
  return useQuery({ queryKey: groupKey(id), queryFn: () => getGroup(api, id) });
}
