import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** DELETE /v1/users/@me/request-account-deletion: withdraws a pending deletion request. */
export function withdrawDeletion(api: ApiClient): Promise<void> {
  return api.request<void>('DELETE', '/v1/users/@me/request-account-deletion');
}

export function useWithdrawDeletion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawDeletion(api),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['account', 'settings'] }),
  });
}
