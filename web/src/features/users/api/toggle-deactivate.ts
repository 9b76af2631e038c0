import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/users/{id}/toggle-deactivate: deactivating ends every session of the user and says why. */
export function toggleDeactivate(api: ApiClient, id: string, reason?: string) {
  return call(api, 'PUT', '/v1/users/{id}/toggle-deactivate', {
    path: { id },
    body: reason ? { reason } : {},
  });
}

export function useToggleDeactivate(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason?: string) => toggleDeactivate(api, id, reason),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.users.detail(id), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.searches });
    },
  });
}
