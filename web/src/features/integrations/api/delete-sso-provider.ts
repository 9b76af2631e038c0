import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { integrationKeys } from './keys.ts';

/** DELETE /v1/sso-provider/{id} */
export function deleteSsoProvider(api: ApiClient, id: string): Promise<void> {
  return api.request<void>('DELETE', `/v1/sso-provider/${id}`);
}

export function useDeleteSsoProvider() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSsoProvider(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.ssoProviders }),
  });
}
