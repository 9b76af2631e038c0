import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { MembershipInput } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/users/{id} with `memberships`: the user's roles (administrators' field). */
export function updateUserRoles(api: ApiClient, id: string, memberships: MembershipInput[]) {
  return call(api, 'PUT', '/v1/users/{id}', { path: { id }, body: { memberships } });
}

export function useUpdateUserRoles(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberships: MembershipInput[]) => updateUserRoles(api, id, memberships),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.users.detail(id), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.searches });
    },
  });
}
