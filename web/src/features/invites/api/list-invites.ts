import { useQuery } from '@tanstack/react-query';
import type { OrganisationInvite } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/**
 * GET /v1/organisation/{id}/invites, keeping the open ones: pending, and expired (which can
 * be sent again).
 */
export async function listPendingInvites(
  api: ApiClient,
  organisationId: string,
): Promise<OrganisationInvite[]> {
  const all = await api.request<OrganisationInvite[]>(
    'GET',
    `/v1/organisation/${encodeURIComponent(organisationId)}/invites`,
  );
  return all.filter((i) => i.status === 'pending' || i.status === 'expired');
}

export function usePendingInvites(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['invites', 'list', organisationId],
    queryFn: () => listPendingInvites(api, organisationId ?? ''),
    enabled: Boolean(organisationId),
  });
}
