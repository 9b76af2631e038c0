import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { InviteAccept, Session } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** Keeps the session an invite answers with, as a sign-in does. */
export function storeSession(api: ApiClient, session: Session): void {
  api.setSession({
    token: session.token,
    refreshToken: session.refreshToken,
    userId: session.id,
    platformId: session.platformId,
    organisationId: session.organisationId,
    expiresAt: session.expiresAt ?? null,
    endsAt: session.endsAt ?? null,
  });
}

/** POST /v1/organisation-invite/accept (public): creates the account and signs it in. */
export async function acceptInvite(api: ApiClient, body: InviteAccept): Promise<Session> {
  const session = await call(api, 'POST', '/v1/organisation-invite/accept', { body, skipRefresh: true });
  storeSession(api, session);
  return session;
}

export function useAcceptInvite() {
  const api = useApi();
  return useMutation({ mutationFn: (body: InviteAccept) => acceptInvite(api, body) });
}
