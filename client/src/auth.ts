import type { LoginBody, LoginResponse, Session } from '@vigilo/contract';
import type { ClientCore } from './core.ts';
import { emptySession } from './session.ts';
import { type ApiBody, call } from './typed.ts';

/** The caller's part of POST /v1/login/verify; the client adds sessionId itself (S-2). */
export type VerifyLoginBody = Omit<ApiBody<'POST', '/v1/login/verify'>, 'sessionId'>;

export interface AuthMethods {
  /** S-1: POST /v1/login. Stores the session, or the MFA session id as bearer (S-2, S-3). */
  login(body: LoginBody): Promise<LoginResponse>;
  /** S-1: POST /v1/login/assessor, the only login assessors use. Same storing as login. */
  loginAssessor(body: LoginBody): Promise<LoginResponse>;
  /** S-2/S-3: POST /v1/login/verify with the MFA code; stores the session on success. */
  verifyLogin(body: VerifyLoginBody): Promise<Session>;
  /** S-4: POST /v1/logout, then forget the session. Always succeeds locally. */
  logout(pushInstanceId?: string | null): Promise<void>;
}

export function authMethods(core: ClientCore): AuthMethods {
  const storeSession = (session: Session) =>
    core.setSession({
      token: session.token,
      refreshToken: session.refreshToken,
      userId: session.id,
      platformId: session.platformId,
      organisationId: session.organisationId,
      ...(session.expiresAt ? { expiresAt: session.expiresAt, endsAt: session.endsAt ?? null } : {}),
    });

  async function signIn(path: '/v1/login' | '/v1/login/assessor', body: LoginBody): Promise<LoginResponse> {
    // A 403 here is a refusal of the credentials, never an expired token to refresh.
    const answer: LoginResponse = await call(core, 'POST', path, { body, skipRefresh: true });
    if ('requiresMfa' in answer) {
      // S-2: until the code is verified the session id is the bearer and there is no
      // refresh token; a previous user's ids must not linger either.
      core.setSession({ ...emptySession(), token: answer.sessionId });
    } else {
      storeSession(answer);
    }
    return answer;
  }

  return {
    login: (body) => signIn('/v1/login', body),
    loginAssessor: (body) => signIn('/v1/login/assessor', body),

    async verifyLogin(body) {
      const sessionId = core.session().token;
      if (!sessionId) throw new Error('No MFA login in progress: call login first');
      const session: Session = await call(core, 'POST', '/v1/login/verify', {
        body: { ...body, sessionId },
        skipRefresh: true,
      });
      storeSession(session);
      return session;
    },

    async logout(pushInstanceId) {
      const { refreshToken } = core.session();
      // The refresh token goes along so the service can revoke it; null is left out
      // because the service only accepts a non-empty string there.
      const body = { pushInstanceId, ...(refreshToken ? { refreshToken } : {}) };
      try {
        await call(core, 'POST', '/v1/logout', { body, skipRefresh: true });
      } catch (err) {
        // S-4: the user asked to leave; a dead network or an expired token must not keep
        // them signed in on this device.
        core.logger.warn('Logout request failed; the local session is cleared anyway', err);
      } finally {
        core.clearSession();
      }
    },
  };
}
