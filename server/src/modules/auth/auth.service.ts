import { randomUUID } from 'node:crypto';
import type {
  AccessTokenBody,
  LoginBody,
  LoginRecoveryBody,
  LoginResponse,
  LoginVerifyBody,
  LogoutBody,
  MfaChallenge,
  MfaMethodKind,
  MfaSession,
  Session,
  TokenBody,
} from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import type { ActorCache } from '../../platform/actor-cache.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { systemScope } from '../../platform/scope.ts';
import { type AccessClaims, hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import { findPendingAccountRequests } from '../accounts/accounts.shared.ts';
import {
  auditFactorFailure,
  checkSecondFactor,
  isDeviceRemembered,
  rememberDevice,
  verifiedFactors,
} from '../mfa/mfa.service.ts';
import { recoveryCodesStatus, spendRecoveryCode } from '../mfa/recovery-codes.ts';
import { findLoginCandidates, findUserView, toUser, type UserViewRow } from '../users/users.shared.ts';
import { redeemSignInToken } from './access-tokens.ts';
import {
  findActiveActor,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRotated,
  revokeFamily,
} from './auth.repository.ts';
import { loginThrottleKeys, takeLoginAttempt, takeUserSecretAttempt, tooManyAttempts } from './throttle.ts';

export interface RequestContext {
  ip: string;
  host: string | undefined;
  requestId: string;
  /** The User-Agent header, kept with the session for the sessions list (decision 0036). */
  userAgent?: string;
}

// One answer for unknown users, wrong passwords and deactivated accounts: no enumeration.
const badCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'The email, username or password is not right');
const badRefresh = () =>
  new AppError('REFRESH_TOKEN_INVALID', 'The session has expired, please sign in again');

const organisationsOf = (user: UserViewRow) =>
  user.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : []));

/** The organisation a session works in: the one asked for if the user belongs to it, else their default. */
export function chooseOrganisation(user: UserViewRow, wanted?: string | null): string | null {
  const mine = organisationsOf(user);
  if (wanted && mine.includes(wanted)) return wanted;
  if (user.default_organisation_id && mine.includes(user.default_organisation_id))
    return user.default_organisation_id;
  return mine[0] ?? null;
}

/** A new session (refresh family) for a user who has proved who they are. */
export async function issueSession(
  deps: AppDeps,
  db: Db,
  user: UserViewRow,
  organisationId: string | null,
  family?: { id: string; createdAt: Date; authenticatedAt: Date | null },
  client?: { ip?: string | null; userAgent?: string | null },
): Promise<Session> {
  const now = Date.now();
  const familyId = family?.id ?? randomUUID();
  const familyCreatedAt = family?.createdAt ?? new Date(now);
  const { config } = deps;
  const endsAt = new Date(familyCreatedAt.getTime() + config.refreshAbsoluteTtlSeconds * 1000);
  const expiresAt = new Date(Math.min(now + config.refreshIdleTtlSeconds * 1000, endsAt.getTime()));
  const refresh = newOpaqueToken();
  await insertRefreshToken(db, {
    familyId,
    userId: user.id,
    platformId: user.platform_id,
    organisationId,
    tokenHash: refresh.hash,
    familyCreatedAt,
    authenticatedAt: family?.authenticatedAt ?? null,
    expiresAt,
    userAgent: client?.userAgent?.slice(0, 512) ?? null,
    ip: client?.ip ?? null,
  });
  const token = await deps.tokens.sign('access', {
    sub: user.id,
    pid: user.platform_id,
    oid: organisationId,
    fam: familyId,
  });
  return {
    token,
    refreshToken: refresh.token,
    id: user.id,
    platformId: user.platform_id,
    organisationId,
    expiresAt: expiresAt.toISOString(),
    endsAt: endsAt.toISOString(),
  };
}

/**
 * The account a login name refers to: by email or username, on `platformId` when given,
 * else the one account when the name is unique, else the one on the platform whose
 * domain is the request's host.
 */
export async function findAccount(
  db: Db,
  login: { email?: string; username?: string; platformId?: string },
  host: string | undefined,
) {
  const candidates = await findLoginCandidates(db, login);
  const hostname = host?.split(':')[0]?.toLowerCase();
  return candidates.length === 1
    ? candidates[0]
    : candidates.find((c) => hostname && c.domain?.toLowerCase() === hostname);
}

/** The pending account request an email refers to, chosen as findAccount chooses an account. */
async function findPendingRequest(db: Db, login: LoginBody, host: string | undefined) {
  if (!login.email) return undefined;
  const requests = await findPendingAccountRequests(db, login.email, login.platformId);
  const hostname = host?.split(':')[0]?.toLowerCase();
  return requests.length === 1
    ? requests[0]
    : requests.find((r) => hostname && r.domain?.toLowerCase() === hostname);
}

/**
 * Why a right password still opens no session, for its owner: the account must use the
 * other sign-in page, or it is a request that waits for approval. Null when the only
 * honest answer is the general one (a deactivated account, an account with no role).
 */
function rightPasswordRefusal(
  kind: 'standard' | 'assessor',
  roles: string[],
  pendingRequest: boolean,
): AppError | null {
  if (pendingRequest)
    return new AppError(
      'ACCOUNT_PENDING_APPROVAL',
      'Your request is waiting for approval. You will receive an email when an administrator has decided.',
    );
  if (kind === 'standard' && roles.includes('assessor'))
    return new AppError(
      'ASSESSOR_SIGN_IN_REQUIRED',
      'This is an assessor account: sign in on the assessor sign-in page',
      { signIn: 'assessor' },
    );
  if (kind === 'assessor' && roles.length > 0)
    return new AppError(
      'STANDARD_SIGN_IN_REQUIRED',
      'This account is not an assessor account: sign in on the general sign-in page',
      { signIn: 'standard' },
    );
  return null;
}

/**
 * POST /v1/login and /v1/login/assessor. Throttled per account and per address (429 once
 * either has too many recent failures, after the same password work; decision 0024). An account
 * with a second factor gets an MFA challenge instead of a session, unless the request
 * carries a live remember-device token.
 */
export async function login(
  deps: AppDeps,
  body: LoginBody,
  ctx: RequestContext,
  kind: 'standard' | 'assessor',
): Promise<LoginResponse> {
  if (!body.email && !body.username) {
    throw new AppError('VALIDATION_FAILED', 'Enter your email address or username', {
      fields: [{ field: 'body/email', message: 'email or username is required', reason: 'required' }],
    });
  }
  const candidate = await findAccount(deps.db, body, ctx.host);
  // No account by that name: perhaps a request for one that still waits for approval.
  const pending = candidate ? undefined : await findPendingRequest(deps.db, body, ctx.host);
  const platformId = body.platformId ?? candidate?.platform_id ?? pending?.platform_id ?? null;
  const keys = await loginThrottleKeys(deps.db, body, candidate, platformId, ctx.ip);
  // The password is checked even when throttled: every answer costs the same time.
  const [attempt, passwordOk] = await Promise.all([
    takeLoginAttempt(deps.db, deps.config, keys),
    verifyPassword(candidate?.password_hash ?? pending?.password_hash ?? null, body.password),
  ]);
  if (!attempt) {
    await audit(deps.db, {
      action: 'auth.sign_in_throttled',
      entityType: 'user',
      entityId: candidate?.id ?? null,
      platformId: candidate?.platform_id ?? null,
      details: { kind, ip: ctx.ip },
      requestId: ctx.requestId,
    });
    throw tooManyAttempts(deps.config.loginFailureWindowSeconds);
  }
  const user =
    candidate && passwordOk && !candidate.deactivated_at
      ? await findUserView(deps.db, systemScope, candidate.id)
      : undefined;
  const roles = user?.memberships.map((m) => m.role) ?? [];
  // Assessors have their own login, and only assessors may use it.
  const kindOk = kind === 'assessor' ? roles.includes('assessor') : roles.some((r) => r !== 'assessor');
  if (!user || !kindOk) {
    // Only someone who knows the password learns why (decision 0034); strangers get the
    // one answer of an unknown name. The attempt stays counted as a failure.
    const refusal = passwordOk ? rightPasswordRefusal(kind, roles, pending !== undefined) : null;
    await audit(deps.db, {
      action: 'auth.sign_in_failed',
      entityType: pending ? 'change_request' : 'user',
      entityId: candidate?.id ?? pending?.id ?? null,
      platformId: candidate?.platform_id ?? pending?.platform_id ?? null,
      details: { kind, ip: ctx.ip, ...(refusal && { reason: refusal.code }) },
      requestId: ctx.requestId,
    });
    throw refusal ?? badCredentials();
  }
  await attempt.succeeded();
  const organisationId = chooseOrganisation(user, body.organisationId);
  const methods = await secondFactorsNeeded(deps, user.id, body.deviceToken);
  if (methods) {
    await audit(deps.db, {
      action: 'auth.second_step_required',
      entityType: 'user',
      entityId: user.id,
      platformId: user.platform_id,
      actorUserId: user.id,
      details: { kind, ip: ctx.ip },
      requestId: ctx.requestId,
    });
    return mfaChallenge(deps, user, organisationId, methods);
  }
  return withTransaction(deps.db, async (tx) => {
    const session = await issueSession(deps, tx, user, organisationId, undefined, ctx);
    await audit(tx, {
      action: 'auth.signed_in',
      entityType: 'user',
      entityId: user.id,
      platformId: user.platform_id,
      organisationId: session.organisationId,
      actorUserId: user.id,
      details: { kind, ip: ctx.ip, rememberedDevice: Boolean(body.deviceToken) },
      requestId: ctx.requestId,
    });
    return session;
  });
}

/** The kinds of second factor to ask for; null when the account has none or this device is remembered. */
export async function secondFactorsNeeded(
  deps: AppDeps,
  userId: string,
  deviceToken?: string,
): Promise<MfaMethodKind[] | null> {
  const methods = [...new Set((await verifiedFactors(deps.db, userId)).map((f) => f.method))];
  if (methods.length === 0) return null;
  if (deviceToken && (await isDeviceRemembered(deps.db, userId, deviceToken))) return null;
  return methods;
}

/** The second step of a sign-in: a short-lived MFA session id, the bearer of POST /v1/login/verify. */
export async function mfaChallenge(
  deps: AppDeps,
  user: UserViewRow,
  organisationId: string | null,
  methods: MfaMethodKind[],
): Promise<MfaChallenge> {
  const sessionId = await deps.tokens.sign('mfa', {
    sub: user.id,
    pid: user.platform_id,
    oid: organisationId,
    fam: randomUUID(),
  });
  return { requiresMfa: true, sessionId, methods };
}

/**
 * POST /v1/login/verify (bearer = the MFA session id): the second step of a sign-in. A right
 * code answers the session, with a remember-device token when asked for.
 */
export async function verifyLogin(
  deps: AppDeps,
  claims: AccessClaims,
  body: LoginVerifyBody,
  ctx: RequestContext,
): Promise<MfaSession> {
  const user = await findUserView(deps.db, systemScope, claims.sub);
  if (!user || user.deactivated_at) throw badCredentials();
  const owner = { id: user.id, platformId: user.platform_id };
  const factor = await checkSecondFactor(deps, owner, await verifiedFactors(deps.db, user.id), body, {
    ...ctx,
    step: 'sign_in',
  });
  return withTransaction(deps.db, async (tx) => {
    const session: MfaSession = await issueSession(
      deps,
      tx,
      user,
      chooseOrganisation(user, body.organisationId ?? claims.oid),
      undefined,
      ctx,
    );
    if (body.rememberDevice) session.deviceToken = await rememberDevice(tx, owner);
    await audit(tx, {
      action: 'auth.signed_in',
      entityType: 'user',
      entityId: user.id,
      platformId: user.platform_id,
      organisationId: session.organisationId,
      actorUserId: user.id,
      details: {
        mfa: factor.method,
        factorSid: factor.id,
        rememberDevice: Boolean(body.rememberDevice),
        ip: ctx.ip,
      },
      requestId: ctx.requestId,
    });
    return session;
  });
}

/**
 * POST /v1/login/recovery (bearer = the MFA session id): the second step with a recovery
 * code instead of a factor's code, for someone who lost their phone (decision 0036). Each
 * code works once; every try counts toward the same limit as codes.
 */
export async function verifyLoginWithRecoveryCode(
  deps: AppDeps,
  claims: AccessClaims,
  body: LoginRecoveryBody,
  ctx: RequestContext,
): Promise<Session> {
  const user = await findUserView(deps.db, systemScope, claims.sub);
  if (!user || user.deactivated_at) throw badCredentials();
  const owner = { id: user.id, platformId: user.platform_id };
  const failed = (reason: 'wrong_code' | 'too_many_attempts') =>
    auditFactorFailure(deps, owner, { ...ctx, step: 'sign_in' }, reason, { methods: ['recovery_code'] });
  let attempt: Awaited<ReturnType<typeof takeUserSecretAttempt>>;
  try {
    attempt = await takeUserSecretAttempt(deps.db, deps.config, `mfa:${user.id}`);
  } catch (error) {
    await failed('too_many_attempts');
    throw error;
  }
  if (!(await spendRecoveryCode(deps.db, user.id, body.code))) {
    await failed('wrong_code');
    throw new AppError('VALIDATION_FAILED', 'This recovery code is not right, or it has been used', {
      fields: [{ field: 'body/code', message: 'is not right, or has been used', reason: 'wrongCode' }],
    });
  }
  await attempt.succeeded();
  return withTransaction(deps.db, async (tx) => {
    const session = await issueSession(
      deps,
      tx,
      user,
      chooseOrganisation(user, body.organisationId ?? claims.oid),
      undefined,
      ctx,
    );
    const left = await recoveryCodesStatus(tx, user.id);
    await audit(tx, {
      action: 'auth.signed_in',
      entityType: 'user',
      entityId: user.id,
      platformId: user.platform_id,
      organisationId: session.organisationId,
      actorUserId: user.id,
      details: { mfa: 'recovery_code', recoveryCodesLeft: left.remaining, ip: ctx.ip },
      requestId: ctx.requestId,
    });
    return session;
  });
}

/**
 * POST /v1/verify/access-token: spends a one-time token from an emailed link (never a
 * password-reset one) for a session, or an MFA challenge when the account has a second
 * factor. A used, expired or unknown token answers 401, also on a client's retry.
 */
export async function verifyAccessToken(
  deps: AppDeps,
  body: AccessTokenBody,
  ctx: RequestContext,
): Promise<LoginResponse> {
  const invalid = () =>
    new AppError('ACCESS_TOKEN_INVALID', 'This link has expired or has already been used');
  const outcome = await withTransaction(deps.db, async (tx) => {
    const spent = await redeemSignInToken(tx, body.token);
    const user = spent ? await findUserView(tx, systemScope, spent.user_id) : undefined;
    if (!spent || !user || user.deactivated_at) return undefined;
    await audit(tx, {
      action: 'auth.sign_in_link_used',
      entityType: 'user',
      entityId: user.id,
      platformId: user.platform_id,
      actorUserId: user.id,
      details: { purpose: spent.purpose, ip: ctx.ip },
      requestId: ctx.requestId,
    });
    const organisationId = chooseOrganisation(user);
    const methods = await secondFactorsNeeded({ ...deps, db: tx }, user.id);
    if (methods) return mfaChallenge(deps, user, organisationId, methods);
    return issueSession(deps, tx, user, organisationId, undefined, ctx);
  });
  if (!outcome) throw invalid();
  return outcome;
}

type RefreshOutcome = { session: Session } | { reject: 'invalid' | 'reused'; userId?: string };

/**
 * POST /v1/token: rotates the refresh token. A token already rotated is accepted again
 * only within the grace window (parallel refreshes from one client); after it, reuse
 * means theft, and the whole family is revoked.
 */
export async function refresh(deps: AppDeps, body: TokenBody, ctx: RequestContext): Promise<Session> {
  const outcome = await withTransaction(deps.db, async (tx): Promise<RefreshOutcome> => {
    const row = await findRefreshTokenForUpdate(tx, hashOpaqueToken(body.refreshToken));
    const now = Date.now();
    if (!row || row.revoked_at || row.expires_at.getTime() <= now) return { reject: 'invalid' };
    if (body.userId && body.userId !== row.user_id) return { reject: 'invalid' };
    if (row.rotated_at && now - row.rotated_at.getTime() > deps.config.refreshGraceSeconds * 1000) {
      await revokeFamily(tx, row.family_id, 'reuse');
      await audit(tx, {
        action: 'auth.refresh_token_reused',
        entityType: 'user',
        entityId: row.user_id,
        platformId: row.platform_id,
        details: { familyId: row.family_id, ip: ctx.ip },
        requestId: ctx.requestId,
      });
      return { reject: 'reused', userId: row.user_id };
    }
    const user = await findUserView(tx, systemScope, row.user_id);
    if (!user || user.deactivated_at) {
      await revokeFamily(tx, row.family_id, 'deactivated');
      return { reject: 'invalid', userId: row.user_id };
    }
    await markRotated(tx, row.id);
    // The session's organisation (chosen at sign-in or with PUT /v1/auth-context) holds; a
    // client that refreshes with the organisation it remembers from sign-in must not undo
    // a switch (decision 0046).
    const organisationId = chooseOrganisation(user, row.organisation_id);
    const session = await issueSession(
      deps,
      tx,
      user,
      organisationId,
      { id: row.family_id, createdAt: row.family_created_at, authenticatedAt: row.authenticated_at },
      { ip: ctx.ip, userAgent: ctx.userAgent ?? row.user_agent },
    );
    return { session };
  });
  if ('reject' in outcome) {
    if (outcome.userId) deps.actorCache?.invalidate(outcome.userId);
    throw badRefresh();
  }
  return outcome.session;
}

/** POST /v1/logout: ends the caller's session (its refresh-token family, and so its access tokens). */
export async function logout(
  deps: AppDeps,
  actor: Actor,
  body: LogoutBody,
  ctx: RequestContext,
): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    await revokeFamily(tx, actor.familyId, 'logout');
    if (body.refreshToken) {
      const row = await findRefreshTokenForUpdate(tx, hashOpaqueToken(body.refreshToken));
      if (row && row.user_id === actor.userId) await revokeFamily(tx, row.family_id, 'logout');
    }
    await audit(tx, {
      action: 'auth.signed_out',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      details: { pushInstanceId: body.pushInstanceId ?? null },
      requestId: ctx.requestId,
    });
  });
  // Other processes hear of it through PostgreSQL; this one forgets at once.
  deps.actorCache?.invalidate(actor.userId);
}

/**
 * The request authenticator's loader: the actor from the per-process cache when it has
 * it, else from the database (and then cached, unless something changed meanwhile).
 */
export function actorLoader(db: Db, cache?: ActorCache<Actor>) {
  return async (claims: AccessClaims): Promise<Actor | null> => {
    const key = claims.fam;
    const cached = cache?.get(claims.sub, key);
    if (cached) return cached;
    const seen = cache?.generation() ?? 0;
    const actor = await loadActor(db, claims);
    if (actor) cache?.set(claims.sub, key, actor, seen);
    return actor;
  };
}

/** Turns verified access-token claims into the request's actor; null when the session is over. */
export async function loadActor(db: Db, claims: AccessClaims): Promise<Actor | null> {
  const row = await findActiveActor(db, claims.sub, claims.fam);
  if (!row?.session_authenticated_at) return null;
  // The session decides the organisation, not the token: a switch applies to tokens
  // already issued, so a client that keeps its old access token follows it.
  const wanted = row.session_organisation_id;
  const member = wanted !== null && row.memberships.some((m) => m.organisationId === wanted);
  const profile = toUser(row, member ? wanted : null);
  return {
    userId: row.id,
    platformId: row.platform_id,
    organisationId: profile.organisationId,
    familyId: claims.fam,
    authenticatedAt: row.session_authenticated_at,
    memberships: profile.memberships,
    profile,
  };
}
