import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /v1/account/request/organisations (public): the organisations an account may be asked
 * for. The platform is `platformId` when the link names one, else the server's host lookup.
 */
export function listRequestOrganisations(api: ApiClient, platformId: string | null) {
  return call(api, 'GET', '/v1/account/request/organisations', {
    ...(platformId ? { query: { platformId } } : {}),
    skipRefresh: true,
  });
}

export function useRequestOrganisations(platformId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.requestOrganisations(platformId),
    queryFn: () => listRequestOrganisations(api, platformId),
    staleTime: 5 * 60 * 1000,
  });
}
