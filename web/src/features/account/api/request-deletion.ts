import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /v1/users/@me/request-account-deletion: asks the administrators to delete the account. */
export function requestDeletion(api: ApiClient) {
  return call(api, 'PUT', '/v1/users/@me/request-account-deletion');
}

export function useRequestDeletion() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestDeletion(api),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  });
}
