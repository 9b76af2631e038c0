import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /v1/user-groups/organisation/{organisationId} */
export function listGroups(api: ApiClient, organisationId: string) {
  return call(api, 'GET', '/v1/user-groups/organisation/{organisationId}', { path: { organisationId } });
}

export function useGroups(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.userGroups.list(organisationId),
    queryFn: () => listGroups(api, organisationId ?? ''),
    enabled: Boolean(organisationId),
  });
}
