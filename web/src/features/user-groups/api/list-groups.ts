import { useQuery } from '@tanstack/react-query';
import type { UserGroup } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/user-groups/organisation/{organisationId} */
export function listGroups(api: ApiClient, organisationId: string): Promise<UserGroup[]> {
  return api.request<UserGroup[]>(
    'GET',
    `/v1/user-groups/organisation/${encodeURIComponent(organisationId)}`,
  );
}

export function useGroups(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['user-groups', 'organisation', organisationId],
    queryFn: () => listGroups(api, organisationId ?? ''),
    enabled: Boolean(organisationId),
  });
}
