import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { Session } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { storeSession } from './accept-invite.ts';

/** POST /v1/organisation-invite/join: the signed-in account takes the invitation. */
export async function joinInvite(api: ApiClient, token: string): Promise<Session> {
  const session = await call(api, 'POST', '/v1/organisation-invite/join', { body: { token } });
  storeSession(api, session);
  return session;
}

export function useJoinInvite() {
  const api = useApi();
  return useMutation({ mutationFn: (token: string) => joinInvite(api, token) });
}
