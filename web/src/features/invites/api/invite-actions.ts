import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganisationInvite } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

const path = (organisationId: string, inviteId: string) =>
  `/v1/organisation/${encodeURIComponent(organisationId)}/invites/${encodeURIComponent(inviteId)}`;

/** POST /v1/organisation/{id}/invites/{inviteId}/resend: a new link by email, a new expiry. */
export function resendInvite(api: ApiClient, organisationId: string, inviteId: string) {
  return api.request<OrganisationInvite>('POST', `${path(organisationId, inviteId)}/resend`);
}

/** DELETE /v1/organisation/{id}/invites/{inviteId}: the link stops working. */
export function revokeInvite(api: ApiClient, organisationId: string, inviteId: string) {
  return api.request<void>('DELETE', path(organisationId, inviteId));
}

/** Which invite, and (for the confirmation sentence once the list has changed) its address. */
export interface InviteRef {
  organisationId: string;
  inviteId: string;
  email: string;
}

/** Send one invite again; the list reloads. */
export function useResendInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationId, inviteId }: InviteRef) => resendInvite(api, organisationId, inviteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invites', 'list'] }),
  });
}

/** Revoke one invite; the list reloads. */
export function useRevokeInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationId, inviteId }: InviteRef) => revokeInvite(api, organisationId, inviteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invites', 'list'] }),
  });
}
