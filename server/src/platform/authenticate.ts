import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from './access.ts';
import { AppError, unauthenticated } from './errors.ts';
import type { AccessClaims, TokenSigner } from './tokens.ts';

/**
 * How a route is authenticated, set in its `config.auth`:
 * - `user` (the default for /v1 routes): a valid access token; the actor is loaded fresh from the database.
 * - `mfa`: the short-lived MFA session token from a login that needs a second factor.
 * - `public`: no credentials needed (an `Authorization` header is ignored).
 * - `user-or-key`: as `user`, or an application's API key (`Authorization: Bearer vk_…` or
 *   `X-API-Key: vk_…`), for the routes where an integration may act (decision 0016). A key
 *   on any other route is refused with 403 TOKEN_INVALID.
 * - `anyone`: as `user-or-key` when the request carries credentials (bad ones are refused as
 *   there); without any, the request goes on with no actor (`request.actor` null): the
 *   service decides whether an anonymous caller may (public reporting, decision 0078).
 */
export type AuthMode = 'user' | 'mfa' | 'public' | 'user-or-key' | 'anyone';

/** API keys look like `vk_<key id>_<secret>`; access tokens never start so. */
export const API_KEY_PREFIX = 'vk_';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    /** Set on `user` routes: who is calling. */
    actor: Actor;
    /** Set on `mfa` routes: the claims of the MFA session token. */
    mfaSession: AccessClaims;
  }
}

const invalidToken = (message: string) =>
  new AppError('TOKEN_INVALID', message, {}, { 'www-authenticate': 'Bearer error="invalid_token"' });

/** The API key the request carries (X-API-Key, or a bearer that starts with `vk_`), if any. */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() === 'bearer' && token?.startsWith(API_KEY_PREFIX)) return token;
  return null;
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated();
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) {
    throw new AppError(
      'TOKEN_INVALID',
      'The Authorization header must be "Bearer <token>"',
      {},
      {
        'www-authenticate': 'Bearer error="invalid_token"',
      },
    );
  }
  return token;
}

/**
 * Installs the authentication hook. `loadActor` turns verified claims into an Actor, or
 * null when the user is gone, deactivated or the session was revoked (→ 403 TOKEN_INVALID,
 * so the client's refresh then fails and it signs out).
 */
export function registerAuthentication(
  app: FastifyInstance,
  tokens: TokenSigner,
  loadActor: (claims: AccessClaims) => Promise<Actor | null>,
  loadKeyActor: (key: string) => Promise<Actor | null> = async () => null,
): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('mfaSession', null as unknown as AccessClaims);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // API routes are private unless they say otherwise; the web app's files and /docs are public.
    if (!url?.startsWith('/v1/')) return;
    const mode = request.routeOptions.config?.auth ?? 'user';
    if (mode === 'public') return;
    const key = apiKeyOf(request);
    if (mode === 'anyone' && key === null && request.headers.authorization === undefined) return;
    if (key !== null) {
      if (mode !== 'user-or-key' && mode !== 'anyone')
        throw invalidToken('API keys are not accepted on this route');
      const application = await loadKeyActor(key);
      if (!application) throw invalidToken('The API key is not valid or has been revoked');
      request.actor = application;
      return;
    }
    const token = bearer(request);
    if (mode === 'mfa') {
      // The sign-in routes never answer 403 (the client would try a token refresh): a bad
      // or expired MFA session is a 401 that sends the user back to the password step.
      request.mfaSession = await tokens.verify('mfa', token).catch(() => {
        throw new AppError(
          'MFA_SESSION_INVALID',
          'This sign-in step has expired or is not valid: sign in again',
        );
      });
      return;
    }
    const claims = await tokens.verify('access', token);
    const actor = await loadActor(claims);
    if (!actor) {
      throw new AppError(
        'TOKEN_INVALID',
        'The session has ended',
        {},
        {
          'www-authenticate': 'Bearer error="invalid_token"',
        },
      );
    }
    request.actor = actor;
  });
}
