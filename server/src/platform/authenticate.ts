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

/** What the request carries: an API key (X-API-Key, or a bearer that starts with `vk_`), a bearer token, or nothing. */
function credentialsOf(request: FastifyRequest): { key: string } | { token: string } | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return { key: header };
  const authorization = request.headers.authorization;
  if (!authorization) return null;
  // `Bearer <token>`, read without splitting the whole header (it comes with every request).
  const space = authorization.indexOf(' ');
  const scheme = space === -1 ? authorization : authorization.slice(0, space);
  const end = space === -1 ? -1 : authorization.indexOf(' ', space + 1);
  const token = space === -1 ? '' : authorization.slice(space + 1, end === -1 ? undefined : end);
  if (scheme.toLowerCase() !== 'bearer' || !token) {
    throw invalidToken('The Authorization header must be "Bearer <token>"');
  }
  return token.startsWith(API_KEY_PREFIX) ? { key: token } : { token };
}

type Hook = (request: FastifyRequest) => Promise<void>;

/**
 * Installs authentication. Each route's mode is read once, when the route is added, and
 * only the routes that need credentials get a hook, placed before every other hook of the
 * route (rate limiting included, as before): no per-request look-up of the route's options
 * (decision 0064). `loadActor` turns verified claims into an Actor, or null when the user
 * is gone, deactivated or the session was revoked (→ 403 TOKEN_INVALID, so the client's
 * refresh then fails and it signs out).
 */
export function registerAuthentication(
  app: FastifyInstance,
  tokens: TokenSigner,
  loadActor: (claims: AccessClaims) => Promise<Actor | null>,
  loadKeyActor: (key: string) => Promise<Actor | null> = async () => null,
): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('mfaSession', null as unknown as AccessClaims);

  const asUser = async (request: FastifyRequest, token: string) => {
    const claims = await tokens.verify('access', token);
    const actor = await loadActor(claims);
    if (!actor) throw invalidToken('The session has ended');
    request.actor = actor;
  };
  const asUserOrKey = async (request: FastifyRequest, credentials: { key: string } | { token: string }) => {
    if ('token' in credentials) return asUser(request, credentials.token);
    const application = await loadKeyActor(credentials.key);
    if (!application) throw invalidToken('The API key is not valid or has been revoked');
    request.actor = application;
  };
  const hooks: Record<Exclude<AuthMode, 'public'>, Hook> = {
    user: async (request) => {
      const credentials = credentialsOf(request);
      if (credentials === null) throw unauthenticated();
      if ('key' in credentials) throw invalidToken('API keys are not accepted on this route');
      await asUser(request, credentials.token);
    },
    'user-or-key': async (request) => {
      const credentials = credentialsOf(request);
      if (credentials === null) throw unauthenticated();
      await asUserOrKey(request, credentials);
    },
    anyone: async (request) => {
      const credentials = credentialsOf(request);
      // No credentials at all: on with no actor. An empty Authorization header is not "none".
      if (credentials === null && request.headers.authorization === undefined) return;
      if (credentials === null) throw unauthenticated();
      await asUserOrKey(request, credentials);
    },
    mfa: async (request) => {
      const credentials = credentialsOf(request);
      if (credentials === null) throw unauthenticated();
      if ('key' in credentials) throw invalidToken('API keys are not accepted on this route');
      // The sign-in routes never answer 403 (the client would try a token refresh): a bad
      // or expired MFA session is a 401 that sends the user back to the password step.
      request.mfaSession = await tokens.verify('mfa', credentials.token).catch(() => {
        throw new AppError(
          'MFA_SESSION_INVALID',
          'This sign-in step has expired or is not valid: sign in again',
        );
      });
    },
  };

  app.addHook('onRoute', (route) => {
    // API routes are private unless they say otherwise; the web app's files and /docs are public.
    if (!route.url.startsWith('/v1/')) return;
    const mode = (route.config as { auth?: AuthMode } | undefined)?.auth ?? 'user';
    if (mode === 'public') return;
    const others = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [hooks[mode], ...others];
  });
}
