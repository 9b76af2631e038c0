import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import type { Session } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/**
 * POST /v1/login/recovery: the second sign-in step with a recovery code (decision 0036). The
 * client's token is the MFA session id of the password step (S-2); on success the real
 * session replaces it, as after POST /v1/login/verify.
 */
export async function recoverLogin(api: ApiClient, code: string): Promise<Session> {
  const sessionId = api.session.token;
  const session = await call(api, 'POST', '/v1/login/recovery', {
    body: { code: code.trim(), ...(sessionId ? { sessionId } : {}) },
    skipRefresh: true,
  });
  api.setSession({
    token: session.token,
    refreshToken: session.refreshToken,
    userId: session.id,
    platformId: session.platformId,
    organisationId: session.organisationId,
    expiresAt: session.expiresAt ?? null,
    endsAt: session.endsAt ?? null,
  });
  return session;
}

export function useRecoverLogin() {
  const api = useApi();
  return useMutation({ mutationFn: (code: string) => recoverLogin(api, code) });
}
