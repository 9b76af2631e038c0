import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganisationInvite, OrganisationInviteCreate } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/organisation-invite: records the invite and emails its link. */
export function createInvite(api: ApiClient, body: OrganisationInviteCreate): Promise<OrganisationInvite> {
  return api.request<OrganisationInvite>('POST', '/v1/organisation-invite', { body });
}

export function useCreateInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationInviteCreate) => createInvite(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invites', 'list'] }),
  });
}
