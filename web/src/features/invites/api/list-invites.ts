import { useQuery } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { OrganisationInvite } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /v1/organisation/{id}/invites, keeping the open ones: pending, and expired (which can
 * be sent again).
 */
export async function listPendingInvites(
  api: ApiClient,
  organisationId: string,
): Promise<OrganisationInvite[]> {
  const all = await call(api, 'GET', '/v1/organisation/{id}/invites', { path: { id: organisationId } });
  return all.filter((i) => i.status === 'pending' || i.status === 'expired');
}

export function usePendingInvites(organisationId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.invites.list(organisationId),
    queryFn: () => listPendingInvites(api, organisationId ?? ''),
    enabled: Boolean(organisationId),
  });
}
