import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /v1/users/@me/request-account-deletion: withdraws a pending deletion request. */
export function withdrawDeletion(api: ApiClient) {
  return call(api, 'DELETE', '/v1/users/@me/request-account-deletion');
}

export function useWithdrawDeletion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawDeletion(api),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  });
}
