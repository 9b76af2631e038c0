import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { SsoIdentityCreateBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/sso-provider/{id}/identities: the accounts linked to a provider. */
export function listProviderIdentities(api: ApiClient, providerId: string) {
  return call(api, 'GET', '/v1/sso-provider/{id}/identities', { path: { id: providerId } });
}

export function useProviderIdentities(providerId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.integrations.ssoIdentities(providerId),
    queryFn: () => listProviderIdentities(api, providerId),
  });
}

/** POST /v1/sso-provider/{id}/identities (link an account) and DELETE …/{identityId} (unlink). */
export function useChangeProviderIdentities(providerId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.integrations.ssoIdentities(providerId) });
  return {
    link: useMutation({
      mutationFn: (body: SsoIdentityCreateBody) =>
        call(api, 'POST', '/v1/sso-provider/{id}/identities', { path: { id: providerId }, body }),
      onSuccess,
    }),
    unlink: useMutation({
      mutationFn: (identityId: string) =>
        call(api, 'DELETE', '/v1/sso-provider/{id}/identities/{identityId}', {
          path: { id: providerId, identityId },
        }),
      onSuccess,
    }),
  };
}
