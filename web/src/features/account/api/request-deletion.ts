import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** PUT /v1/users/@me/request-account-deletion: asks the administrators to delete the account. */
export function requestDeletion(api: ApiClient): Promise<void> {
  return api.request<void>('PUT', '/v1/users/@me/request-account-deletion');
}

export function useRequestDeletion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestDeletion(api),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['account', 'settings'] }),
  });
}
