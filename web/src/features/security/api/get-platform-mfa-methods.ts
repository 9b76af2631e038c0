import { useQuery } from '@tanstack/react-query';
import type { PlatformMfaMethods } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/platforms/{id}/mfa-methods: the second factors the platform offers. */
export function getPlatformMfaMethods(api: ApiClient, platformId: string): Promise<PlatformMfaMethods> {
  return api.request<PlatformMfaMethods>(
    'GET',
    `/v1/platforms/${encodeURIComponent(platformId)}/mfa-methods`,
  );
}

export function usePlatformMfaMethods(platformId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['platforms', platformId, 'mfa-methods'],
    queryFn: () => getPlatformMfaMethods(api, platformId ?? ''),
    enabled: Boolean(platformId),
  });
}
