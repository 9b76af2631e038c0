import { useQuery } from '@tanstack/react-query';
import type { OrganisationInvite } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** GET /v1/organisation/{id}/invites?status=pending */
export function listPendingInvites(api: ApiClient, organisationId: string): Promise<OrganisationInvite[]> {
  return api.request<OrganisationInvite[]>(
    'GET',
    `/v1/organisation/${encodeURIComponent(organisationId)}/invites`,
    {
      query: { status: 'pending' },
    },
  );
}

export function usePendingInvites(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['invites', 'list', organisationId],
    queryFn: () => listPendingInvites(api, organisationId ?? ''),
    enabled: Boolean(organisationId),
  });
}
