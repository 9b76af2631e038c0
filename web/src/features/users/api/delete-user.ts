import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** DELETE /v1/users/{id}: permanent deletion (personal data removed; reports and audit kept). */
export function deleteUser(api: ApiClient, id: string): Promise<void> {
  return api.request<void>('DELETE', `/v1/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(api, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['users', 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: ['users', 'search'] });
    },
  });
}
