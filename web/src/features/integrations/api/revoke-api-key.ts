import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { integrationKeys } from './keys.ts';

/** DELETE /v1/api-keys/{id}: the key stops working at once. */
export function revokeApiKey(api: ApiClient, id: string): Promise<void> {
  return api.request<void>('DELETE', `/v1/api-keys/${id}`);
}

export function useRevokeApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiKey(api, id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.applications });
    },
  });
}
