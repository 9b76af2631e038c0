import { useMutation } from '@tanstack/react-query';
import { call, emptySession } from '@vigilo/client';
import type { LoginResponse } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/**
 * POST /v1/sso/exchange: trades the one-time code of a finished SSO sign-in for a session,
 * which the client then holds exactly like one from a password sign-in, or for the MFA step
 * when the account has a second factor: then, as after a password, the MFA session id is the
 * bearer until POST /v1/login/verify answers the session.
 */
export async function exchangeSsoCode(api: ApiClient, code: string): Promise<LoginResponse> {
  const answer = await call(api, 'POST', '/v1/sso/exchange', { body: { code }, skipRefresh: true });
  if ('requiresMfa' in answer) {
    api.setSession({ ...emptySession(), token: answer.sessionId });
    return answer;
  }
  api.setSession({
    token: answer.token,
    refreshToken: answer.refreshToken,
    userId: answer.id,
    platformId: answer.platformId,
    organisationId: answer.organisationId,
    expiresAt: answer.expiresAt ?? null,
    endsAt: answer.endsAt ?? null,
  });
  return answer;
}

export function useExchangeSsoCode() {
  const api = useApi();
  return useMutation({ mutationFn: (code: string) => exchangeSsoCode(api, code) });
}
