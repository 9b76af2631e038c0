import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { SsoProvider, SsoProviderCreateBody, SsoProviderUpdateBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What the provider form sends: a new provider on a platform, or changes to one. */
export type SaveSsoProvider =
  | { kind: 'create'; platformId: string; body: SsoProviderCreateBody }
  | { kind: 'update'; id: string; body: SsoProviderUpdateBody };

/** POST /v1/sso-provider/{platformId} (create) or PUT /v1/sso-provider/{id} (update). */
export function saveSsoProvider(api: ApiClient, input: SaveSsoProvider): Promise<SsoProvider> {
  return input.kind === 'create'
    ? call(api, 'POST', '/v1/sso-provider/{id}', { path: { id: input.platformId }, body: input.body })
    : call(api, 'PUT', '/v1/sso-provider/{id}', { path: { id: input.id }, body: input.body });
}

export function useSaveSsoProvider() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSsoProvider) => saveSsoProvider(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.ssoProviders }),
  });
}
