import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /v1/api-keys/{id}: the key stops working at once. */
export function revokeApiKey(api: ApiClient, id: string) {
  return call(api, 'DELETE', '/v1/api-keys/{id}', { path: { id } });
}

export function useRevokeApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiKey(api, id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.integrations.apiKeys });
      void queryClient.invalidateQueries({ queryKey: queryKeys.integrations.applications });
    },
  });
}
