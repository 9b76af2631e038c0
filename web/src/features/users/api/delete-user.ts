import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /v1/users/{id}: permanent deletion (personal data removed; reports and audit kept), with its reason. */
export function deleteUser(api: ApiClient, id: string, reason: string) {
  return call(api, 'DELETE', '/v1/users/{id}', { path: { id }, body: { reason } });
}

export function useDeleteUser(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => deleteUser(api, id, reason),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.users.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.searches });
    },
  });
}
