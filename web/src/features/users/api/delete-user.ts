import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** DELETE /v1/users/{id}: permanent deletion (personal data removed; reports and audit kept), with its reason. */
export function deleteUser(api: ApiClient, id: string, reason: string): Promise<void> {
  return api.request<void>('DELETE', `/v1/users/${encodeURIComponent(id)}`, { body: { reason } });
}

export function useDeleteUser(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => deleteUser(api, id, reason),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['users', 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: ['users', 'search'] });
    },
  });
}
