import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /v1/user-groups/{id} */
export function deleteGroup(api: ApiClient, id: string) {
  return call(api, 'DELETE', '/v1/user-groups/{id}', { path: { id } });
}

export function useDeleteGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteGroup(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userGroups.lists }),
  });
}
