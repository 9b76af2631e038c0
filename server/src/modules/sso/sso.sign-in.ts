import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { LoginResponse, SsoProviderLink } from '@vigilo/contract';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { outboundFetch } from '../../platform/outbound-http.ts';
import { platformScope, systemScope } from '../../platform/scope.ts';
import { openSecret } from '../../platform/secrets.ts';
import {
  chooseOrganisation,
  issueSession,
  mfaChallenge,
  type RequestContext,
  secondFactorsNeeded,
} from '../auth/auth.service.ts';
import { findUserView } from '../users/users.shared.ts';
import {
  checkEmailDomain,
  checkSsoAccount,
  linkIdentity,
  providerSaysMfa,
  resolveUser,
} from './sso.accounts.ts';
import {
  authorizationUrl,
  completeSignIn,
  configurationFor,
  newSignInSecrets,
  type VerifiedIdentity,
} from './sso.oidc.ts';
import {
  consumeHandoff,
  consumeLoginState,
  findIdentity,
  findPlatformIdByDomain,
  findProvider,
  insertHandoff,
  insertLoginState,
  listProviders,
  type ProviderRow,
  touchIdentity,
} from './sso.repository.ts';

/**
 * The browser flow of single sign-on (decisions 0015, 0030, 0031): start, callback, and the
 * exchange of the one-time code for a session (or for the MFA step). The same flow links an
 * identity to a signed-in user's own account when the state says so.
 */

/** How long a sign-in may take at the provider, and how long the web app has to collect it. */
const STATE_TTL_MS = 10 * 60 * 1000;
const HANDOFF_TTL_MS = 60 * 1000;
export const SSO_COOKIE = 'vigilo_sso';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The browser-binding cookie's attributes (written with `reply.setCookie(SSO_COOKIE, …)`):
 * only sent back to /v1/sso, never readable by scripts, Secure when the app is served over
 * https or runs in production.
 */
export function ssoCookie(deps: AppDeps, maxAge: number): CookieSerializeOptions {
  return {
    path: '/v1/sso',
    httpOnly: true,
    sameSite: 'lax',
    maxAge,
    secure: deps.config.publicUrl.startsWith('https:') || deps.config.env === 'production',
  };
}

/** The redirect URI registered at every provider: the API's callback on the public address. */
export const callbackUrl = (deps: AppDeps) => `${deps.config.publicUrl}/v1/sso/callback`;

/** Only app paths are kept as the place to return to: never another site. */
export const safeReturnTo = (value: string | undefined) =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;

/** GET /v1/sso-providers: the login page's buttons (public: names and start addresses only). */
export async function listSignInProviders(
  db: Db,
  platformId: string | undefined,
  host: string | undefined,
): Promise<SsoProviderLink[]> {
  const id =
    platformId ?? (host ? await findPlatformIdByDomain(db, host.split(':')[0]!.toLowerCase()) : undefined);
  if (!id) return [];
  // Public: the sign-in page's buttons, before anyone signs in.
  const rows = await listProviders(db, platformScope(id), id, true);
  return rows.map((row) => ({ id: row.id, name: row.name, startUrl: `/v1/sso/${row.id}/start` }));
}

/** The client configuration from the stored discovery document: building it sends no request. */
function connection(deps: AppDeps, row: ProviderRow) {
  let clientSecret: string | null = null;
  if (row.client_secret_encrypted) {
    try {
      clientSecret = openSecret(
        deps.config,
        'sso-client-secret',
        row.client_secret_encrypted,
        'The client secret',
      );
    } catch (error) {
      throw new AppError(
        'SSO_LOGIN_FAILED',
        `The provider settings cannot be read (${(error as AppError).message}); an administrator must enter the client secret again`,
      );
    }
  }
  const { metadata } = row;
  if (!metadata) {
    throw new AppError(
      'SSO_LOGIN_FAILED',
      'The provider settings must be saved again by an administrator before it can be used',
    );
  }
  return configurationFor({
    row: { ...row, metadata },
    clientSecret,
    issuerUrl: row.issuer_url,
    allowHttp: deps.config.env !== 'production',
    fetch: outboundFetch(deps.config),
  });
}

/**
 * Keeps state, nonce and PKCE verifier server-side (bound to this browser by a random cookie
 * whose hash is stored) and answers where to send the browser. `linkUserId`: a signed-in user
 * who proved password and second factor is linking this identity to their account.
 */
export async function beginAtProvider(
  deps: AppDeps,
  row: ProviderRow,
  opts: { returnTo: string | null; linkUserId: string | null },
): Promise<{ location: string; browserToken: string }> {
  const config = connection(deps, row);
  const secrets = await newSignInSecrets();
  const browserToken = randomBytes(32).toString('base64url');
  await insertLoginState(deps.db, {
    state: secrets.state,
    providerId: row.id,
    platformId: row.platform_id,
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    browserHash: sha256(browserToken),
    returnTo: opts.returnTo,
    linkUserId: opts.linkUserId,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = authorizationUrl(config, { redirectUri: callbackUrl(deps), scopes: row.scopes, ...secrets });
  return { location: url.href, browserToken };
}

/** GET /v1/sso/{providerId}/start: from the stored discovery document, no request anywhere. */
export async function startSignIn(deps: AppDeps, providerId: string, returnTo: string | undefined) {
  // Public: whoever starts a sign-in has no session yet.
  const row = await findProvider(deps.db, systemScope, providerId);
  if (!row?.enabled) throw notFound('SSO provider');
  return beginAtProvider(deps, row, { returnTo: safeReturnTo(returnTo), linkUserId: null });
}

export type CallbackOutcome = { returnTo: string | null } & ({ code: string } | { linked: true });

/** What a failure's audit row knows: the provider, and the identity once the provider vouched for it. */
interface Seen {
  providerId?: string;
  platformId?: string;
  link?: boolean;
  issuer?: string;
  subject?: string;
}

/** Refused sign-ins and links leave a trace, like failed password logins. */
async function auditFailure(deps: AppDeps, error: unknown, seen: Seen, stage: string, ctx: RequestContext) {
  await audit(deps.db, {
    action: 'sso.sign_in_refused',
    entityType: 'sso_provider',
    entityId: seen.providerId ?? null,
    platformId: seen.platformId ?? null,
    details: {
      code: error instanceof AppError ? error.code : 'SSO_LOGIN_FAILED',
      stage: seen.link ? 'link' : stage,
      ...(seen.subject ? { issuer: seen.issuer, subject: seen.subject } : {}),
      ip: ctx.ip,
    },
    requestId: ctx.requestId,
  });
}

/**
 * GET /v1/sso/callback: checks the state (known, unexpired, this browser's), exchanges the
 * code (PKCE) and validates the ID token (nonce included), then either links the identity
 * (a link the user started) or resolves the account and answers a one-time code for the web
 * app to exchange (POST /v1/sso/exchange).
 */
export async function finishSignIn(
  deps: AppDeps,
  query: Record<string, string | undefined>,
  rawQuery: string,
  browserToken: string | undefined,
  ctx: RequestContext,
): Promise<CallbackOutcome> {
  const seen: Seen = {};
  try {
    return await completeCallback(deps, query, rawQuery, browserToken, ctx.requestId, seen);
  } catch (error) {
    await auditFailure(deps, error, seen, 'callback', ctx);
    throw error;
  }
}

async function completeCallback(
  deps: AppDeps,
  query: Record<string, string | undefined>,
  rawQuery: string,
  browserToken: string | undefined,
  requestId: string,
  seen: Seen,
): Promise<CallbackOutcome> {
  const stale = () =>
    new AppError('SSO_STATE_INVALID', 'This sign-in has expired or was started elsewhere; start again');
  if (!query.state) throw stale();
  const state = await consumeLoginState(deps.db, query.state);
  if (state) {
    Object.assign(seen, { providerId: state.provider_id, platformId: state.platform_id });
    seen.link = state.link_user_id !== null;
  }
  if (!state || !browserToken || sha256(browserToken) !== state.browser_hash) throw stale();
  if (query.error) {
    throw new AppError('SSO_LOGIN_FAILED', `The sign-in provider refused the sign-in (${query.error})`);
  }
  // The state the provider sent back names the provider; there is no session yet.
  const row = await findProvider(deps.db, systemScope, state.provider_id);
  if (!row?.enabled) throw new AppError('SSO_LOGIN_FAILED', 'This sign-in provider is no longer enabled');
  let who: VerifiedIdentity;
  try {
    who = await completeSignIn(connection(deps, row), new URL(`${callbackUrl(deps)}?${rawQuery}`), {
      state: state.state,
      nonce: state.nonce,
      codeVerifier: state.code_verifier,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('SSO_LOGIN_FAILED', 'The sign-in could not be verified with the provider', {
      reason: error instanceof Error ? error.message : 'unknown',
    });
  }
  Object.assign(seen, { issuer: who.issuer, subject: who.subject });
  const linkUserId = state.link_user_id;
  if (linkUserId) {
    await withTransaction(deps.db, (tx) => linkOwnAccount(tx, row, who, linkUserId, requestId));
    return { linked: true, returnTo: state.return_to };
  }
  return withTransaction(deps.db, async (tx) => {
    const userId = await resolveUser(tx, row, who, requestId);
    checkSsoAccount(await findUserView(tx, systemScope, userId));
    const code = randomBytes(32).toString('base64url');
    await insertHandoff(tx, {
      codeHash: sha256(code),
      userId,
      platformId: row.platform_id,
      providerId: row.id,
      providerMfa: row.trusted_for_mfa && providerSaysMfa(who),
      expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
    });
    return { code, returnTo: state.return_to };
  });
}

/** The end of a link the account holder started (POST /v1/sso/link): the identity becomes theirs. */
async function linkOwnAccount(
  tx: Db,
  row: ProviderRow,
  who: VerifiedIdentity,
  userId: string,
  requestId: string,
) {
  checkEmailDomain(row, who);
  checkSsoAccount(await findUserView(tx, systemScope, userId));
  const platform = platformScope(row.platform_id);
  const existing = await findIdentity(tx, platform, row.id, who.issuer, who.subject);
  if (existing?.user_id === userId) return touchIdentity(tx, platform, existing.id, who.email);
  await linkIdentity(tx, {
    row,
    userId,
    issuer: who.issuer,
    subject: who.subject,
    email: who.email?.toLowerCase() ?? null,
    via: 'self',
    actorUserId: userId,
    requestId,
  });
}

/**
 * POST /v1/sso/exchange: the one-time code (single use, a minute long) for a session, or for
 * the MFA step when the account has a second factor, as after a password: Vigilo's factor is
 * skipped only when the provider is trusted for MFA and its ID token said MFA was done.
 */
export async function exchangeHandoff(
  deps: AppDeps,
  code: string,
  ctx: RequestContext,
): Promise<LoginResponse> {
  const seen: Seen = {};
  try {
    return await withTransaction(deps.db, async (tx) => {
      const handoff = await consumeHandoff(tx, sha256(code));
      if (handoff) Object.assign(seen, { providerId: handoff.provider_id, platformId: handoff.platform_id });
      const user = handoff ? await findUserView(tx, systemScope, handoff.user_id) : undefined;
      if (!handoff || !user) {
        throw new AppError(
          'SSO_CODE_INVALID',
          'This sign-in link has expired or was already used; sign in again',
        );
      }
      checkSsoAccount(user);
      const organisationId = chooseOrganisation(user);
      const entry = {
        entityType: 'user',
        entityId: user.id,
        platformId: user.platform_id,
        actorUserId: user.id,
      };
      const methods = handoff.provider_mfa ? null : await secondFactorsNeeded({ ...deps, db: tx }, user.id);
      if (methods) {
        await audit(tx, {
          ...entry,
          action: 'auth.second_step_required',
          details: { kind: 'sso', providerId: handoff.provider_id, ip: ctx.ip },
          requestId: ctx.requestId,
        });
        return mfaChallenge(deps, user, organisationId, methods);
      }
      const session = await issueSession(deps, tx, user, organisationId);
      await audit(tx, {
        ...entry,
        action: 'auth.signed_in',
        organisationId: session.organisationId,
        details: {
          kind: 'sso',
          providerId: handoff.provider_id,
          providerMfa: handoff.provider_mfa,
          ip: ctx.ip,
        },
        requestId: ctx.requestId,
      });
      return session;
    });
  } catch (error) {
    await auditFailure(deps, error, seen, 'exchange', ctx);
    throw error;
  }
}
