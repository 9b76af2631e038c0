import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoIdentity, SsoIdentityCreateBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { integrationKeys } from './keys.ts';

/** GET /v1/sso-provider/{id}/identities: the accounts linked to a provider. */
export function listProviderIdentities(api: ApiClient, providerId: string): Promise<SsoIdentity[]> {
  return api.request<SsoIdentity[]>('GET', `/v1/sso-provider/${providerId}/identities`);
}

export function useProviderIdentities(providerId: string) {
  const api = useApi();
  return useQuery({
    queryKey: integrationKeys.ssoIdentities(providerId),
    queryFn: () => listProviderIdentities(api, providerId),
  });
}

/** POST /v1/sso-provider/{id}/identities (link an account) and DELETE …/{identityId} (unlink). */
export function useChangeProviderIdentities(providerId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: integrationKeys.ssoIdentities(providerId) });
  const path = `/v1/sso-provider/${providerId}/identities`;
  return {
    link: useMutation({
      mutationFn: (body: SsoIdentityCreateBody) => api.request<SsoIdentity>('POST', path, { body }),
      onSuccess,
    }),
    unlink: useMutation({
      mutationFn: (identityId: string) => api.request<void>('DELETE', `${path}/${identityId}`),
      onSuccess,
    }),
  };
}
