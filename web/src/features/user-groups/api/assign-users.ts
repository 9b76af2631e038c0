import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { AssignmentChange } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/user-groups/{id}/users */
export function assignUsers(api: ApiClient, id: string, body: AssignmentChange) {
  return call(api, 'PUT', '/v1/user-groups/{id}/users', { path: { id }, body });
}

export function useAssignUsers(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignmentChange) => assignUsers(api, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userGroups.one(id) }),
  });
}
