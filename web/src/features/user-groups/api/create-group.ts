import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGroup, UserGroupCreate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/user-groups */
export function createGroup(api: ApiClient, body: UserGroupCreate): Promise<UserGroup> {
  return api.request<UserGroup>('POST', '/v1/user-groups', { body });
}

export function useCreateGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserGroupCreate) => createGroup(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-groups', 'organisation'] }),
  });
}
