import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /v1/organisation/{id}/invites/{inviteId}/resend: a new link by email, a new expiry. */
export function resendInvite(api: ApiClient, organisationId: string, inviteId: string) {
  return call(api, 'POST', '/v1/organisation/{id}/invites/{inviteId}/resend', {
    path: { id: organisationId, inviteId },
  });
}

/** DELETE /v1/organisation/{id}/invites/{inviteId}: the link stops working. */
export function revokeInvite(api: ApiClient, organisationId: string, inviteId: string) {
  return call(api, 'DELETE', '/v1/organisation/{id}/invites/{inviteId}', {
    path: { id: organisationId, inviteId },
  });
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites.lists }),
  });
}

/** Revoke one invite; the list reloads. */
export function useRevokeInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationId, inviteId }: InviteRef) => revokeInvite(api, organisationId, inviteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites.lists }),
  });
}
