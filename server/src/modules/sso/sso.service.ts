import { createHash, randomBytes } from 'node:crypto';
import type {
  Session,
  SsoProvider,
  SsoProviderCreateBody,
  SsoProviderLink,
  SsoProviderUpdateBody,
} from '@vigilo/contract';
import type { AppDeps } from '../../app.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { checkOutboundUrl, OutboundRefusedError, outboundFetch } from '../../platform/outbound-http.ts';
import { chooseOrganisation, issueSession } from '../auth/auth.service.ts';
import { findUserView, insertMembership, insertUser } from '../users/users.repository.ts';
import {
  authorizationUrl,
  completeSignIn,
  configurationFor,
  discover,
  failureReason,
  newSignInSecrets,
} from './sso.oidc.ts';
import { ssoProviderPolicy } from './sso.policy.ts';
import {
  consumeHandoff,
  consumeLoginState,
  deleteProvider,
  findIdentity,
  findPlatformIdByDomain,
  findProvider,
  findUserIdByEmail,
  insertHandoff,
  insertIdentity,
  insertLoginState,
  insertProvider,
  listProviders,
  organisationInPlatform,
  type ProviderRow,
  type ProviderValues,
  platformExists,
  toSsoProvider,
  touchIdentity,
  updateProvider,
} from './sso.repository.ts';
import { decryptSecret, encryptSecret } from './sso.secrets.ts';

/** How long a sign-in may take at the provider, and how long the web app has to collect it. */
const STATE_TTL_MS = 10 * 60 * 1000;
const HANDOFF_TTL_MS = 60 * 1000;
export const SSO_COOKIE = 'vigilo_sso';
const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const platformTarget = (platformId: string) => ({ platformId, organisationIds: [] as string[] });
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid request: ${field} ${message}`, { fields: [{ field, message }] });

/** The redirect URI registered at every provider: the API's callback on the public address. */
export const callbackUrl = (deps: AppDeps) => `${deps.config.publicUrl}/v1/sso/callback`;

async function accessibleProvider(db: Db, actor: Actor, rule: keyof typeof ssoProviderPolicy, id: string) {
  const row = await findProvider(db, id);
  if (!row) throw notFound('SSO provider');
  requireAccess(actor, ssoProviderPolicy[rule], platformTarget(row.platform_id), 'SSO provider');
  return row;
}

/** Checks and completes a provider's settings (on create: the body; on update: merged with the row). */
async function providerValues(
  deps: AppDeps,
  platformId: string,
  body: SsoProviderCreateBody | SsoProviderUpdateBody,
  current?: ProviderRow,
): Promise<ProviderValues> {
  // Kept exactly as given: discovery checks it against the provider's `issuer`, slash and all.
  const issuerUrl = (body.issuerUrl ?? current?.issuer_url ?? '').trim();
  const issuer = URL.canParse(issuerUrl) ? new URL(issuerUrl) : null;
  const httpAllowed = deps.config.env !== 'production';
  if (
    !issuer ||
    !(issuer.protocol === 'https:' || (httpAllowed && issuer.protocol === 'http:')) ||
    issuer.search
  ) {
    throw invalid('body/issuerUrl', 'must be an https address without a query');
  }
  try {
    checkOutboundUrl(issuerUrl, deps.config.outboundAllowedHosts);
  } catch (error) {
    if (error instanceof OutboundRefusedError)
      throw invalid('body/issuerUrl', `is refused: ${error.message}`);
    throw error;
  }
  const scopes = body.scopes ?? current?.scopes ?? DEFAULT_SCOPES;
  const autoCreateUsers = body.autoCreateUsers ?? current?.auto_create_users ?? false;
  const autoCreateOrganisationId =
    body.autoCreateOrganisationId !== undefined
      ? body.autoCreateOrganisationId
      : (current?.auto_create_organisation_id ?? null);
  if (autoCreateUsers && !autoCreateOrganisationId) {
    throw invalid('body/autoCreateOrganisationId', 'is required when autoCreateUsers is true');
  }
  if (
    autoCreateOrganisationId &&
    !(await organisationInPlatform(deps.db, platformId, autoCreateOrganisationId))
  ) {
    throw invalid('body/autoCreateOrganisationId', 'must be an organisation of the platform');
  }
  const enabled = body.enabled ?? current?.enabled ?? true;
  return {
    name: body.name ?? current?.name ?? '',
    issuerUrl,
    metadata: await discoverOnSave(deps, issuerUrl, enabled),
    clientId: body.clientId ?? current?.client_id ?? '',
    clientSecretEncrypted:
      body.clientSecret !== undefined
        ? encryptSecret(deps.config.jwtSecret, body.clientSecret)
        : (current?.client_secret_encrypted ?? null),
    scopes: scopes.includes('openid') ? scopes : ['openid', ...scopes],
    enabled,
    allowedEmailDomains: (body.allowedEmailDomains ?? current?.allowed_email_domains ?? []).map((d) =>
      d.toLowerCase(),
    ),
    autoCreateUsers,
    autoCreateOrganisationId,
  };
}

/**
 * Discovery runs when a provider is saved, never when someone starts signing in. An address
 * the outbound guard refuses is a bad field whatever the provider's state; a provider whose
 * document cannot be read is saved only disabled (without a document).
 */
async function discoverOnSave(deps: AppDeps, issuerUrl: string, enabled: boolean) {
  try {
    return await discover({
      issuerUrl,
      allowHttp: deps.config.env !== 'production',
      fetch: outboundFetch(deps.config),
    });
  } catch (error) {
    const { refused, reason } = failureReason(error);
    if (refused) throw invalid('body/issuerUrl', `is refused: ${reason}`);
    if (!enabled) return null;
    throw new AppError(
      'SSO_DISCOVERY_FAILED',
      `The provider's discovery document could not be read (${reason}); fix the issuer URL, or save the provider disabled`,
      { reason },
    );
  }
}

/** What the audit trail keeps of a provider: its settings, never the secret. */
const auditView = (row: ProviderRow) => toSsoProvider(row);

/** GET /v1/sso-provider/{id} */
export async function getSsoProvider(db: Db, actor: Actor, id: string): Promise<SsoProvider> {
  return toSsoProvider(await accessibleProvider(db, actor, 'read', id));
}

/** GET /v1/sso-providers/manage: every provider of a platform (the caller's by default). */
export async function listSsoProviders(db: Db, actor: Actor, platformId?: string): Promise<SsoProvider[]> {
  const id = platformId ?? actor.platformId;
  requireAccess(actor, ssoProviderPolicy.read, platformTarget(id), 'Platform');
  return (await listProviders(db, id)).map(toSsoProvider);
}

/** POST /v1/sso-provider/{id}: `{id}` is the platform the new provider belongs to. */
export async function createSsoProvider(
  deps: AppDeps,
  actor: Actor,
  platformId: string,
  body: SsoProviderCreateBody,
  requestId: string,
): Promise<SsoProvider> {
  requireAccess(actor, ssoProviderPolicy.manage, platformTarget(platformId), 'Platform');
  if (!(await platformExists(deps.db, platformId))) throw notFound('Platform');
  const values = await providerValues(deps, platformId, body);
  return withTransaction(deps.db, async (tx) => {
    const row = await insertProvider(tx, platformId, values);
    await writeAudit(tx, {
      action: 'sso_provider.create',
      entityType: 'sso_provider',
      entityId: row.id,
      platformId,
      actorUserId: actor.userId,
      newValue: auditView(row),
      requestId,
    });
    return toSsoProvider(row);
  });
}

/** PUT /v1/sso-provider/{id}: changes settings; an absent clientSecret keeps the stored one. */
export async function updateSsoProvider(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: SsoProviderUpdateBody,
  requestId: string,
): Promise<SsoProvider> {
  const current = await accessibleProvider(deps.db, actor, 'manage', id);
  const values = await providerValues(deps, current.platform_id, body, current);
  return withTransaction(deps.db, async (tx) => {
    const row = await updateProvider(tx, id, values);
    await writeAudit(tx, {
      action: 'sso_provider.update',
      entityType: 'sso_provider',
      entityId: id,
      platformId: row.platform_id,
      actorUserId: actor.userId,
      oldValue: auditView(current),
      newValue: { ...auditView(row), clientSecretChanged: body.clientSecret !== undefined },
      requestId,
    });
    return toSsoProvider(row);
  });
}

/** DELETE /v1/sso-provider/{id}: linked identities stay (they are issuer + subject), unusable until a provider for that issuer exists again. */
export async function deleteSsoProvider(
  deps: AppDeps,
  actor: Actor,
  id: string,
  requestId: string,
): Promise<void> {
  const current = await accessibleProvider(deps.db, actor, 'manage', id);
  await withTransaction(deps.db, async (tx) => {
    await deleteProvider(tx, id);
    await writeAudit(tx, {
      action: 'sso_provider.delete',
      entityType: 'sso_provider',
      entityId: id,
      platformId: current.platform_id,
      actorUserId: actor.userId,
      oldValue: auditView(current),
      requestId,
    });
  });
}

/** GET /v1/sso-providers: the login page's buttons (public: names and start addresses only). */
export async function listSignInProviders(
  db: Db,
  platformId: string | undefined,
  host: string | undefined,
): Promise<SsoProviderLink[]> {
  const id =
    platformId ?? (host ? await findPlatformIdByDomain(db, host.split(':')[0]!.toLowerCase()) : undefined);
  if (!id) return [];
  const rows = await listProviders(db, id, true);
  return rows.map((row) => ({ id: row.id, name: row.name, startUrl: `/v1/sso/${row.id}/start` }));
}

function connection(deps: AppDeps, row: ProviderRow) {
  const clientSecret = row.client_secret_encrypted
    ? decryptSecret(deps.config.jwtSecret, row.client_secret_encrypted)
    : null;
  if (row.client_secret_encrypted && clientSecret === null) {
    throw new AppError(
      'SSO_LOGIN_FAILED',
      'The provider settings cannot be read; an administrator must enter the client secret again',
    );
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

/** Only app paths are kept as the place to return to: never another site. */
const safeReturnTo = (value: string | undefined) =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;

/**
 * GET /v1/sso/{providerId}/start: keeps state, nonce and PKCE verifier server-side (bound to
 * this browser by a random cookie whose hash is stored) and answers where to send the browser.
 */
export async function startSignIn(
  deps: AppDeps,
  providerId: string,
  returnTo: string | undefined,
): Promise<{ location: string; browserToken: string }> {
  const row = await findProvider(deps.db, providerId);
  if (!row?.enabled) throw notFound('SSO provider');
  // From the stored discovery document: starting a sign-in sends no request anywhere.
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
    returnTo: safeReturnTo(returnTo),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = authorizationUrl(config, { redirectUri: callbackUrl(deps), scopes: row.scopes, ...secrets });
  return { location: url.href, browserToken };
}

const noAccount = (message = 'No Vigilo account matches this sign-in') =>
  new AppError('SSO_ACCOUNT_NOT_FOUND', message);

/** Finds, links or (when the provider allows it) creates the account of a verified identity. */
async function resolveUser(
  tx: Db,
  row: ProviderRow,
  who: Awaited<ReturnType<typeof completeSignIn>>,
  requestId: string,
): Promise<string> {
  const email = who.email?.toLowerCase() ?? null;
  const domain = email?.split('@')[1] ?? '';
  if (
    row.allowed_email_domains.length &&
    !(who.emailVerified && row.allowed_email_domains.includes(domain))
  ) {
    throw new AppError('SSO_EMAIL_NOT_ALLOWED', 'This email address may not sign in with this provider');
  }
  const identity = await findIdentity(tx, row.platform_id, who.issuer, who.subject);
  if (identity) {
    await touchIdentity(tx, identity.id, email);
    return identity.user_id;
  }
  if (!email || !who.emailVerified) {
    throw new AppError(
      'SSO_EMAIL_NOT_ALLOWED',
      'The provider did not confirm an email address for this account',
    );
  }
  let userId = await findUserIdByEmail(tx, row.platform_id, email);
  if (!userId) {
    if (!row.auto_create_users || !row.auto_create_organisation_id) {
      throw noAccount(
        `No Vigilo account has the email address ${email}; ask an administrator for an invitation`,
      );
    }
    userId = (
      await insertUser(tx, {
        platformId: row.platform_id,
        email,
        passwordHash: null,
        firstName: who.givenName,
        lastName: who.familyName,
        defaultOrganisationId: row.auto_create_organisation_id,
      })
    ).id;
    await insertMembership(tx, {
      platformId: row.platform_id,
      userId,
      organisationId: row.auto_create_organisation_id,
      role: 'reporter',
    });
    await writeAudit(tx, {
      action: 'user.create',
      entityType: 'user',
      entityId: userId,
      platformId: row.platform_id,
      organisationId: row.auto_create_organisation_id,
      newValue: { email, role: 'reporter', via: 'sso', providerId: row.id },
      requestId,
    });
  }
  await insertIdentity(tx, {
    platformId: row.platform_id,
    userId,
    providerId: row.id,
    issuer: who.issuer,
    subject: who.subject,
    email,
  });
  await writeAudit(tx, {
    action: 'user.identity_link',
    entityType: 'user',
    entityId: userId,
    platformId: row.platform_id,
    actorUserId: userId,
    newValue: { providerId: row.id, issuer: who.issuer, subject: who.subject },
    requestId,
  });
  return userId;
}

/**
 * GET /v1/sso/callback: checks the state (known, unexpired, this browser's), exchanges the
 * code (PKCE) and validates the ID token (nonce included), resolves the account, and answers
 * a one-time code for the web app to exchange for a session (POST /v1/sso/exchange).
 */
export async function finishSignIn(
  deps: AppDeps,
  query: Record<string, string | undefined>,
  rawQuery: string,
  browserToken: string | undefined,
  requestId: string,
): Promise<{ code: string; returnTo: string | null }> {
  const seen: { providerId?: string; platformId?: string } = {};
  try {
    return await completeCallback(deps, query, rawQuery, browserToken, requestId, seen);
  } catch (error) {
    // Refused sign-ins leave a trace, like failed password logins.
    await writeAudit(deps.db, {
      action: 'auth.sso_failed',
      entityType: 'sso_provider',
      entityId: seen.providerId ?? null,
      platformId: seen.platformId ?? null,
      newValue: { code: error instanceof AppError ? error.code : 'SSO_LOGIN_FAILED' },
      requestId,
    });
    throw error;
  }
}

async function completeCallback(
  deps: AppDeps,
  query: Record<string, string | undefined>,
  rawQuery: string,
  browserToken: string | undefined,
  requestId: string,
  seen: { providerId?: string; platformId?: string },
): Promise<{ code: string; returnTo: string | null }> {
  const stale = () =>
    new AppError('SSO_STATE_INVALID', 'This sign-in has expired or was started elsewhere; start again');
  if (!query.state) throw stale();
  const state = await consumeLoginState(deps.db, query.state);
  if (state) Object.assign(seen, { providerId: state.provider_id, platformId: state.platform_id });
  if (!state || !browserToken || sha256(browserToken) !== state.browser_hash) throw stale();
  if (query.error) {
    throw new AppError('SSO_LOGIN_FAILED', `The sign-in provider refused the sign-in (${query.error})`);
  }
  const row = await findProvider(deps.db, state.provider_id);
  if (!row?.enabled) throw new AppError('SSO_LOGIN_FAILED', 'This sign-in provider is no longer enabled');
  let who: Awaited<ReturnType<typeof completeSignIn>>;
  try {
    const config = connection(deps, row);
    who = await completeSignIn(config, new URL(`${callbackUrl(deps)}?${rawQuery}`), {
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
  return withTransaction(deps.db, async (tx) => {
    const userId = await resolveUser(tx, row, who, requestId);
    const user = await findUserView(tx, userId);
    const roles = user?.memberships.map((m) => m.role) ?? [];
    if (!user || user.deactivated_at || !roles.some((r) => r !== 'assessor')) {
      throw noAccount('This account cannot sign in here');
    }
    const code = randomBytes(32).toString('base64url');
    await insertHandoff(tx, {
      codeHash: sha256(code),
      userId,
      platformId: row.platform_id,
      providerId: row.id,
      expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
    });
    return { code, returnTo: state.return_to };
  });
}

/** POST /v1/sso/exchange: the one-time code for a session (single use, a minute long). */
export async function exchangeHandoff(
  deps: AppDeps,
  code: string,
  ip: string,
  requestId: string,
): Promise<Session> {
  return withTransaction(deps.db, async (tx) => {
    const handoff = await consumeHandoff(tx, sha256(code));
    const user = handoff ? await findUserView(tx, handoff.user_id) : undefined;
    if (!handoff || !user || user.deactivated_at) {
      throw new AppError(
        'SSO_CODE_INVALID',
        'This sign-in link has expired or was already used; sign in again',
      );
    }
    const session = await issueSession(deps, tx, user, chooseOrganisation(user));
    await writeAudit(tx, {
      action: 'auth.login',
      entityType: 'user',
      entityId: user.id,
      platformId: user.platform_id,
      organisationId: session.organisationId,
      actorUserId: user.id,
      newValue: { kind: 'sso', providerId: handoff.provider_id, ip },
      requestId,
    });
    return session;
  });
}
