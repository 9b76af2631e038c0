import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { UserGroupCreate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/user-groups */
export function createGroup(api: ApiClient, body: UserGroupCreate) {
  return call(api, 'POST', '/v1/user-groups', { body });
}

export function useCreateGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserGroupCreate) => createGroup(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userGroups.lists }),
  });
}
