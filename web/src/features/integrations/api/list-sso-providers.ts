import { useQuery } from '@tanstack/react-query';
import type { SsoProvider } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { integrationKeys } from './keys.ts';

/** GET /v1/sso-providers/manage: every SSO provider of the administrator's platform. */
export function listSsoProviders(api: ApiClient): Promise<SsoProvider[]> {
  return api.request<SsoProvider[]>('GET', '/v1/sso-providers/manage');
}

export function useSsoProviders() {
  const api = useApi();
  return useQuery({ queryKey: integrationKeys.ssoProviders, queryFn: () => listSsoProviders(api) });
}
