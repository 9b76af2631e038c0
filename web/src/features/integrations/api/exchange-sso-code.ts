import { useMutation } from '@tanstack/react-query';
import type { Session } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/**
 * POST /v1/sso/exchange: trades the one-time code of a finished SSO sign-in for a session,
 * which the client then holds exactly like one from a password sign-in.
 */
export async function exchangeSsoCode(api: ApiClient, code: string): Promise<Session> {
  const session = await api.request<Session>('POST', '/v1/sso/exchange', {
    body: { code },
    skipRefresh: true,
  });
  api.setSession({
    token: session.token,
    refreshToken: session.refreshToken,
    userId: session.id,
    platformId: session.platformId,
    organisationId: session.organisationId,
  });
  return session;
}

export function useExchangeSsoCode() {
  const api = useApi();
  return useMutation({ mutationFn: (code: string) => exchangeSsoCode(api, code) });
}
