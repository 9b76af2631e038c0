import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipInput, UserDetail } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** PUT /v1/users/{id} with `memberships`: the user's roles (administrators' field). */
export function updateUserRoles(
  api: ApiClient,
  id: string,
  memberships: MembershipInput[],
): Promise<UserDetail> {
  return api.request<UserDetail>('PUT', `/v1/users/${encodeURIComponent(id)}`, { body: { memberships } });
}

export function useUpdateUserRoles(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberships: MembershipInput[]) => updateUserRoles(api, id, memberships),
    onSuccess: (user) => {
      queryClient.setQueryData(['users', 'detail', id], user);
      void queryClient.invalidateQueries({ queryKey: ['users', 'search'] });
    },
  });
}
