import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /v1/sso-provider/{id} */
export function deleteSsoProvider(api: ApiClient, id: string) {
  return call(api, 'DELETE', '/v1/sso-provider/{id}', { path: { id } });
}

export function useDeleteSsoProvider() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSsoProvider(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.ssoProviders }),
  });
}
