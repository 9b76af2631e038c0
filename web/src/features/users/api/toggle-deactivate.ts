import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** PUT /v1/users/{id}/toggle-deactivate: deactivating ends every session of the user and says why. */
export function toggleDeactivate(api: ApiClient, id: string, reason?: string): Promise<UserDetail> {
  return api.request<UserDetail>('PUT', `/v1/users/${encodeURIComponent(id)}/toggle-deactivate`, {
    body: reason ? { reason } : {},
  });
}

export function useToggleDeactivate(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason?: string) => toggleDeactivate(api, id, reason),
    onSuccess: (user) => {
      queryClient.setQueryData(['users', 'detail', id], user);
      void queryClient.invalidateQueries({ queryKey: ['users', 'search'] });
    },
  });
}
