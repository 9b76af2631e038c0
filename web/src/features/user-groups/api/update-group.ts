import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGroup, UserGroupUpdate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { ifMatch } from '../../../lib/stale-write.ts';
import { groupKey } from './get-group.ts';

/** PUT /v1/user-groups/{id}, refused with 412 when the group is no longer at `version`. */
export function updateGroup(
  api: ApiClient,
  id: string,
  body: UserGroupUpdate,
  version: number,
): Promise<UserGroup> {
  return api.request<UserGroup>('PUT', `/v1/user-groups/${encodeURIComponent(id)}`, {
    body,
    headers: ifMatch(version),
  });
}

export function useUpdateGroup(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, version }: { changes: UserGroupUpdate; version: number }) =>
      updateGroup(api, id, changes, version),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKey(id), group);
      void queryClient.invalidateQueries({ queryKey: ['user-groups', 'organisation'] });
    },
  });
}
