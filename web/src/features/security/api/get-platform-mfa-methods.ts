import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/platforms/{id}/mfa-methods: the second factors the platform offers. */
export function getPlatformMfaMethods(api: ApiClient, platformId: string) {
  return call(api, 'GET', '/v1/platforms/{id}/mfa-methods', { path: { id: platformId } });
}

export function usePlatformMfaMethods(platformId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.security.platformMfaMethods(platformId),
    queryFn: () => getPlatformMfaMethods(api, platformId ?? ''),
    enabled: Boolean(platformId),
  });
}
