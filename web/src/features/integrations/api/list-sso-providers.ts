import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/sso-providers/manage: every SSO provider of the administrator's platform. */
export function listSsoProviders(api: ApiClient) {
  return call(api, 'GET', '/v1/sso-providers/manage');
}

export function useSsoProviders() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.integrations.ssoProviders, queryFn: () => listSsoProviders(api) });
}
