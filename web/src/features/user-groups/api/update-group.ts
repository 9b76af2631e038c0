import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { UserGroupUpdate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ifMatch } from '../../../lib/stale-write.ts';

/** PUT /v1/user-groups/{id}, refused with 412 when the group is no longer at `version`. */
export function updateGroup(api: ApiClient, id: string, body: UserGroupUpdate, version: number) {
  return call(api, 'PUT', '/v1/user-groups/{id}', { path: { id }, body, headers: ifMatch(version) });
}

export function useUpdateGroup(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, version }: { changes: UserGroupUpdate; version: number }) =>
      updateGroup(api, id, changes, version),
    onSuccess: (group) => {
      queryClient.setQueryData(queryKeys.userGroups.one(id), group);
      void queryClient.invalidateQueries({ queryKey: queryKeys.userGroups.lists });
    },
  });
}
