import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

const host = () => (typeof window === 'undefined' ? 'localhost' : window.location.hostname);

/** The platform a signed-out page is on: named by the link (`platformId=`), else the one served on this host. */
export async function platformIdOf(api: ApiClient, platformId: string | null): Promise<string> {
  if (platformId) return platformId;
  const platform = await call(api, 'GET', '/v1/platforms/domain/{domain}', {
    path: { domain: host() },
    skipRefresh: true,
  });
  return platform.id;
}

/**
 * GET /v1/platforms/{id}/reporting: whether the platform takes reports without an account, and
 * the organisations such a report may go to (the one the link names, else its regulators).
 */
export async function getPublicReporting(
  api: ApiClient,
  platformId: string | null,
  organisationId: string | null,
) {
  const id = await platformIdOf(api, platformId);
  return call(api, 'GET', '/v1/platforms/{id}/reporting', {
    path: { id },
    query: organisationId ? { organisationId } : {},
    skipRefresh: true,
  });
}

/** The public reporting of this platform; off (`enabled` false) for a signed-in reporter. */
export function usePublicReporting(
  enabled: boolean,
  platformId: string | null,
  organisationId: string | null,
) {
  const api = useApi();
  return useQuery({
    queryKey: ['reporting', 'public', host(), platformId, organisationId],
    queryFn: () => getPublicReporting(api, platformId, organisationId),
    enabled,
    retry: 1,
  });
}
