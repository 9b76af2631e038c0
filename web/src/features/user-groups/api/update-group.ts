import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGroup, UserGroupUpdate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { groupKey } from './get-group.ts';

/** PUT /v1/user-groups/{id} */
export function updateGroup(api: ApiClient, id: string, body: UserGroupUpdate): Promise<UserGroup> {
  return api.request<UserGroup>('PUT', `/v1/user-groups/${encodeURIComponent(id)}`, { body });
}

export function useUpdateGroup(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserGroupUpdate) => updateGroup(api, id, body),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKey(id), group);
      void queryClient.invalidateQueries({ queryKey: ['user-groups', 'organisation'] });
    },
  });
}
