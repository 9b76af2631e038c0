import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { ApiKeyCreateBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/api-keys: the answer carries the key, shown this once. */
export function createApiKey(api: ApiClient, body: ApiKeyCreateBody) {
  return call(api, 'POST', '/v1/api-keys', { body });
}

export function useCreateApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) => createApiKey(api, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.integrations.apiKeys });
      void queryClient.invalidateQueries({ queryKey: queryKeys.integrations.applications });
    },
  });
}
