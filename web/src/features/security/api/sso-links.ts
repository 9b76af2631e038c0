import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { SsoLinkBody } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/sso/identities: the sign-in providers linked to the caller's account. */
export function useOwnSsoLinks() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.sso.ownLinks,
    queryFn: () => call(api, 'GET', '/v1/sso/identities'),
  });
}

/** GET /v1/sso-providers?platformId=: the platform's enabled providers (what can be linked). */
export function usePlatformSsoProviders(platformId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.sso.platformProviders(platformId),
    queryFn: () => call(api, 'GET', '/v1/sso-providers', { query: { platformId: platformId ?? '' } }),
    enabled: platformId !== null,
  });
}

/** Leaving the app for another site (a module object, so tests can watch it). */
export const browser = { go: (url: string) => window.location.assign(url) };

/**
 * POST /v1/sso/link (current password, and the code when the account has a second factor),
 * then the browser leaves for the provider; it comes back to /sso/complete.
 */
export async function startSsoLink(api: ApiClient, body: SsoLinkBody): Promise<void> {
  const { location } = await call(api, 'POST', '/v1/sso/link', { body });
  browser.go(location);
}

export function useStartSsoLink() {
  const api = useApi();
  return useMutation({ mutationFn: (body: SsoLinkBody) => startSsoLink(api, body) });
}

/** DELETE /v1/sso/identities/{id}: removes one of the caller's links. */
export function useUnlinkSso() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, 'DELETE', '/v1/sso/identities/{id}', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sso.ownLinks }),
  });
}

/** POST /v1/verify/initiate: texts a code to the caller's phone (for the link's second factor). */
export function useSendStepUpCode() {
  const api = useApi();
  return useMutation({
    mutationFn: () => call(api, 'POST', '/v1/verify/initiate', { body: { method: 'sms' } }),
  });
}
