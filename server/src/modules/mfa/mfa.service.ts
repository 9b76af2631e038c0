import type {
  MfaMethod,
  MfaMethodCreateBody,
  MfaMethodDeleteQuery,
  MfaMethodKind,
  MfaMethodVerifyBody,
  PlatformMfaMethods,
  TotpSetup,
  TotpVerifyBody,
  VerifyBody,
  VerifyInitiateBody,
  VerifyResult,
} from '@vigilo/contract';
import { type Actor, requireAccess, type Target } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { ownScope, platformScope, scopeFor } from '../../platform/scope.ts';
import { openSecret, sealSecret } from '../../platform/secrets.ts';
import { smsVerificationFor } from '../../platform/sms.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import type { RequestContext } from '../auth/auth.service.ts';
import { markSessionAuthenticated } from '../auth/auth.shared.ts';
import { takeUserSecretAttempt } from '../auth/throttle.ts';
import { confirmCurrentPassword, confirmRecentAuthentication } from '../passwords/passwords.service.ts';
import { mfaPolicy } from './mfa.policy.ts';
import {
  advanceTimeStep,
  deleteFactor,
  deletePendingFactors,
  deleteRememberedDevices,
  type FactorRow,
  findFactor,
  findPlatformMfaMethods,
  insertFactor,
  insertRememberedDevice,
  isActiveUser,
  listFactors,
  markFactorVerified,
  touchRememberedDevice,
} from './mfa.repository.ts';
import { deleteRecoveryCodes, issueRecoveryCodes } from './recovery-codes.ts';
import { checkTotp, newTotpSecret, normaliseCode, totpEnrolment } from './totp.ts';

/** A remembered device skips the second factor for 30 days. */
export const REMEMBER_DEVICE_DAYS = 30;

/** The user a second factor is checked for: the signed-in actor, or the user of an MFA sign-in. */
export interface FactorOwner {
  id: string;
  platformId: string;
}

const selfTarget = (actor: Actor): Target => ({
  platformId: actor.platformId,
  organisationIds: [],
  userId: actor.userId,
});

/** Phone numbers are kept in E.164 form: "+44 (0)7700-900 123" is not accepted, "+44 7700 900123" is. */
export function normalisePhone(raw: string): string {
  const value = raw.replace(/[\s().-]/g, '');
  if (!/^\+[1-9]\d{6,14}$/.test(value))
    throw fieldError(
      'body/phoneNumber',
      'format',
      'Enter the phone number in international format, like +44 7700 900123',
    );
  return value;
}

export function toMfaMethod(row: FactorRow, deviceToken?: string): MfaMethod {
  return {
    factorSid: row.id,
    method: row.method,
    phoneNumber: row.phone_number,
    rememberDevice: row.remember_device,
    verified: row.verified_at !== null,
    createdAt: row.created_at.toISOString(),
    ...(deviceToken ? { deviceToken } : {}),
  };
}

/** The user's working second factors; a login needs one of them when there are any. */
export const verifiedFactors = (db: Db, userId: string) =>
  listFactors(db, ownScope(userId), userId, { verifiedOnly: true });

async function requireMethodOffered(db: Db, platformId: string, method: MfaMethodKind): Promise<void> {
  const platform = await findPlatformMfaMethods(db, platformScope(platformId), platformId);
  if (!platform?.mfa_methods.includes(method))
    throw forbidden(
      method === 'totp'
        ? 'This platform does not offer authenticator apps'
        : 'This platform does not offer text-message codes',
    );
}

/** Checks one code against one factor; TOTP steps are spent, SMS codes go to the provider. */
async function codeMatches(deps: AppDeps, factor: FactorRow, code: string): Promise<boolean> {
  if (factor.method === 'totp') {
    if (!factor.secret_box) return false;
    const last = factor.last_time_step === null ? null : Number(factor.last_time_step);
    const step = await checkTotp(
      openSecret(deps.config, 'totp', factor.secret_box, "The authenticator app's secret"),
      code,
      last,
    );
    return step !== null && (await advanceTimeStep(deps.db, factor.id, step));
  }
  if (!factor.phone_number) return false;
  return smsVerificationFor(deps.config).check(deps.db, { to: factor.phone_number, code });
}

/** Where a second-factor code was asked for, as the audit row of a failure says. */
export type FactorCheckStep = 'sign_in' | 'step_up' | 'setup' | 'sso_link';

/**
 * The audit row of a refused second-factor code (`mfa.failed`): wrong, or refused by the
 * throttle. Names what was tried (methods, factors), never the code.
 */
export const auditFactorFailure = (
  deps: AppDeps,
  owner: FactorOwner,
  ctx: RequestContext & { step: FactorCheckStep },
  reason: 'wrong_code' | 'too_many_attempts',
  tried: { methods: string[]; factorSids?: string[] },
) =>
  audit(deps.db, {
    action: 'mfa.failed',
    entityType: 'user',
    entityId: owner.id,
    platformId: owner.platformId,
    actorUserId: owner.id,
    details: { reason, step: ctx.step, ...tried, ip: ctx.ip },
    requestId: ctx.requestId,
  });

/**
 * Checks a second-factor code of `owner` against the factors given (narrowed by method and
 * phone number when the caller names them). Every code counts like a sign-in attempt until
 * it proves right (429 after the per-account limit, also for parallel guesses). Runs outside
 * transactions: a spent step, a counted failure and the audit row of a wrong or throttled
 * code (`mfa.failed`) must stay recorded whatever happens next. Returns the factor that matched.
 */
export async function checkSecondFactor(
  deps: AppDeps,
  owner: FactorOwner,
  factors: FactorRow[],
  input: { code: string; method?: MfaMethodKind; phoneNumber?: string | null },
  ctx: RequestContext & { step: FactorCheckStep },
): Promise<FactorRow> {
  const phone = input.phoneNumber ? normalisePhone(input.phoneNumber) : undefined;
  const candidates = factors
    .filter((f) => !input.method || f.method === input.method)
    .filter((f) => !phone || f.method !== 'sms' || f.phone_number === phone);
  if (candidates.length === 0)
    throw fieldError('body/method', 'notFound', 'This account has no such verification method');
  const failed = (reason: 'wrong_code' | 'too_many_attempts') =>
    auditFactorFailure(deps, owner, ctx, reason, {
      methods: [...new Set(candidates.map((f) => f.method))],
      factorSids: candidates.map((f) => f.id),
    });
  let attempt: Awaited<ReturnType<typeof takeUserSecretAttempt>>;
  try {
    attempt = await takeUserSecretAttempt(deps.db, deps.config, `mfa:${owner.id}`);
  } catch (error) {
    await failed('too_many_attempts');
    throw error;
  }
  const code = normaliseCode(input.code);
  if (code) {
    for (const factor of candidates) {
      if (await codeMatches(deps, factor, code)) {
        await attempt.succeeded();
        return factor;
      }
    }
  }
  await failed('wrong_code');
  throw fieldError('body/code', 'wrongCode', 'The code is not right, or it has expired or been used');
}

/** A new remember-device token for the user (kept hashed); the caller hands it to the client. */
export async function rememberDevice(db: Db, owner: FactorOwner): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await insertRememberedDevice(db, ownScope(owner.id), {
    platformId: owner.platformId,
    userId: owner.id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + REMEMBER_DEVICE_DAYS * 86_400_000),
  });
  return token;
}

export const isDeviceRemembered = (db: Db, userId: string, token: string) =>
  touchRememberedDevice(db, userId, hashOpaqueToken(token));

/** Sends an SMS code (at most the per-account limit of texts in the throttling window). */
async function sendSmsCode(deps: AppDeps, owner: FactorOwner, to: string): Promise<void> {
  // Every text counts (it costs money and can pester): the attempt is never taken back.
  await takeUserSecretAttempt(deps.db, deps.config, `sms:${owner.id}`);
  await smsVerificationFor(deps.config).start(deps.db, { to, platformId: owner.platformId });
}

/**
 * POST /v1/verify/initiate: texts a code. During an MFA sign-in only to a verified number
 * of that account; for a signed-in user to one of their own numbers (pending or verified).
 */
export async function initiateVerification(
  deps: AppDeps,
  caller: { kind: 'mfa'; owner: FactorOwner } | { kind: 'user'; actor: Actor },
  body: VerifyInitiateBody,
  ctx: RequestContext,
): Promise<void> {
  const owner =
    caller.kind === 'mfa' ? caller.owner : { id: caller.actor.userId, platformId: caller.actor.platformId };
  if (caller.kind === 'user') requireAccess(caller.actor, mfaPolicy.manageOwn, selfTarget(caller.actor));
  // An MFA sign-in of an account deactivated since its password step sends nothing.
  else if (!(await isActiveUser(deps.db, ownScope(owner.id), owner.id)))
    throw fieldError('body/phoneNumber', 'notFound', 'This account has no such phone number');
  const factors = (
    await listFactors(deps.db, ownScope(owner.id), owner.id, { verifiedOnly: caller.kind === 'mfa' })
  ).filter((f) => f.method === 'sms');
  const phone = body.phoneNumber ? normalisePhone(body.phoneNumber) : undefined;
  const factor = phone
    ? factors.find((f) => f.phone_number === phone)
    : (factors.find((f) => f.verified_at) ?? factors[0]);
  if (!factor?.phone_number)
    throw fieldError('body/phoneNumber', 'notFound', 'This account has no such phone number');
  await sendSmsCode(deps, owner, factor.phone_number);
  await audit(deps.db, {
    action: 'mfa.code_sent',
    entityType: 'user',
    entityId: owner.id,
    platformId: owner.platformId,
    actorUserId: owner.id,
    details: { factorSid: factor.id, ip: ctx.ip },
    requestId: ctx.requestId,
  });
}

/** POST /v1/verify: step-up check of a code for the signed-in caller. */
export async function verifyStepUp(
  deps: AppDeps,
  actor: Actor,
  body: VerifyBody,
  ctx: RequestContext,
): Promise<VerifyResult> {
  requireAccess(actor, mfaPolicy.manageOwn, selfTarget(actor));
  const owner = { id: actor.userId, platformId: actor.platformId };
  const factor = await checkSecondFactor(deps, owner, await verifiedFactors(deps.db, actor.userId), body, {
    ...ctx,
    step: 'step_up',
  });
  // The session's holder proved who they are: sensitive changes may follow without the password.
  await withTransaction(deps.db, async (tx) => {
    await markSessionAuthenticated(tx, actor.familyId);
    await audit(tx, {
      action: 'mfa.verified',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      details: { factorSid: factor.id, method: factor.method, ip: ctx.ip },
      requestId: ctx.requestId,
    });
  });
  deps.actorCache?.invalidate(actor.userId);
  return {
    verified: true,
    method: factor.method,
    factorSid: factor.id,
    verifiedAt: new Date().toISOString(),
  };
}

/** POST /v1/setup/totp: a pending authenticator-app factor; the secret is shown this once. */
export async function startTotpSetup(
  deps: AppDeps,
  actor: Actor,
  currentPassword: string | undefined,
  ctx: RequestContext,
): Promise<TotpSetup> {
  requireAccess(actor, mfaPolicy.manageOwn, selfTarget(actor));
  await requireMethodOffered(deps.db, actor.platformId, 'totp');
  await confirmRecentAuthentication(deps, actor, currentPassword);
  const secret = newTotpSecret();
  const factor = await withTransaction(deps.db, async (tx) => {
    await deletePendingFactors(tx, scopeFor(actor), actor.userId, 'totp');
    const row = await insertFactor(tx, scopeFor(actor), {
      platformId: actor.platformId,
      userId: actor.userId,
      method: 'totp',
      secretBox: sealSecret(deps.config, 'totp', secret),
    });
    await audit(tx, setupAudit(actor, row, ctx, 'mfa.setup_started'));
    return row;
  });
  const issuer = actor.profile.platformName || 'Vigilo';
  const { uri, qrCode } = await totpEnrolment(secret, actor.profile.email, issuer);
  return { factorSid: factor.id, secret, uri, qrCode };
}

/** POST /v1/users/@me/mfa-methods: starts an SMS factor and texts its first code. */
export async function startMethodSetup(
  deps: AppDeps,
  actor: Actor,
  body: MfaMethodCreateBody,
  ctx: RequestContext,
): Promise<MfaMethod> {
  requireAccess(actor, mfaPolicy.manageOwn, selfTarget(actor));
  if (body.method === 'totp')
    throw fieldError(
      'body/method',
      'choice',
      'Authenticator apps are set up with POST /v1/setup/totp, which shows the QR code',
    );
  if (!body.phoneNumber)
    throw fieldError('body/phoneNumber', 'required', 'Enter the phone number for text messages');
  const phone = normalisePhone(body.phoneNumber);
  await requireMethodOffered(deps.db, actor.platformId, 'sms');
  await confirmRecentAuthentication(deps, actor, body.currentPassword);
  const factor = await withTransaction(deps.db, async (tx) => {
    await deletePendingFactors(tx, scopeFor(actor), actor.userId, 'sms');
    const row = await insertFactor(tx, scopeFor(actor), {
      platformId: actor.platformId,
      userId: actor.userId,
      method: 'sms',
      phoneNumber: phone,
    });
    await audit(tx, setupAudit(actor, row, ctx, 'mfa.setup_started'));
    return row;
  });
  await sendSmsCode(deps, { id: actor.userId, platformId: actor.platformId }, phone);
  return toMfaMethod(factor);
}

/**
 * POST /v1/setup/totp/verify and PUT /v1/users/@me/mfa-methods: the first code turns a
 * pending factor on (and may remember this device). A new factor forgets every device
 * remembered before it (decision 0026).
 */
export async function confirmMethod(
  deps: AppDeps,
  actor: Actor,
  body: TotpVerifyBody | MfaMethodVerifyBody,
  ctx: RequestContext,
): Promise<MfaMethod> {
  requireAccess(actor, mfaPolicy.manageOwn, selfTarget(actor));
  const factor = await findFactor(deps.db, scopeFor(actor), actor.userId, body.factorSid);
  if (!factor || ('method' in body && body.method && body.method !== factor.method))
    throw notFound('Verification method');
  const owner = { id: actor.userId, platformId: actor.platformId };
  await checkSecondFactor(deps, owner, [factor], { code: body.code }, { ...ctx, step: 'setup' });
  const remember = body.rememberDevice ?? false;
  return withTransaction(deps.db, async (tx) => {
    // The account's first working factor comes with recovery codes, shown this once (0036).
    const first = !factor.verified_at && (await verifiedFactors(tx, actor.userId)).length === 0;
    await markFactorVerified(tx, scopeFor(actor), factor.id, remember);
    if (!factor.verified_at) {
      await deleteRememberedDevices(tx, scopeFor(actor), actor.userId);
      await audit(tx, setupAudit(actor, factor, ctx, 'mfa.enabled'));
    }
    const deviceToken = remember ? await rememberDevice(tx, owner) : undefined;
    const updated = await findFactor(tx, scopeFor(actor), actor.userId, factor.id);
    if (!updated) throw notFound('Verification method');
    const method = toMfaMethod(updated, deviceToken);
    if (first) method.recoveryCodes = (await issueRecoveryCodes(tx, owner)).codes;
    return method;
  });
}

/** GET /v1/users/@me/mfa-methods: the caller's working factors. */
export async function listMethods(deps: AppDeps, actor: Actor): Promise<MfaMethod[]> {
  requireAccess(actor, mfaPolicy.manageOwn, selfTarget(actor));
  return (await verifiedFactors(deps.db, actor.userId)).map((f) => toMfaMethod(f));
}

/**
 * DELETE /v1/users/@me/mfa-methods: removes a factor (current password needed). Removing a
 * working factor forgets every remembered device.
 */
export async function removeMethod(
  deps: AppDeps,
  actor: Actor,
  query: MfaMethodDeleteQuery,
  currentPassword: string,
  ctx: RequestContext,
): Promise<void> {
  requireAccess(actor, mfaPolicy.manageOwn, selfTarget(actor));
  const factor = await findFactor(deps.db, scopeFor(actor), actor.userId, query.factorSid);
  if (!factor || (query.method && query.method !== factor.method)) throw notFound('Verification method');
  await confirmCurrentPassword(deps, actor, currentPassword);
  await withTransaction(deps.db, async (tx) => {
    await deleteFactor(tx, scopeFor(actor), actor.userId, factor.id);
    if (factor.verified_at) {
      await deleteRememberedDevices(tx, scopeFor(actor), actor.userId);
      await audit(tx, setupAudit(actor, factor, ctx, 'mfa.disabled'));
    }
    // Recovery codes stand in for a factor: with none left, they have nothing to stand in for.
    if ((await verifiedFactors(tx, actor.userId)).length === 0) {
      await deleteRecoveryCodes(tx, actor.userId);
    }
  });
}

/** GET /v1/platforms/{id}/mfa-methods: the methods the platform offers, for its members. */
export async function platformMethods(
  deps: AppDeps,
  actor: Actor,
  platformId: string,
): Promise<PlatformMfaMethods> {
  // A platform's settings concern every organisation of it: the caller's own memberships
  // there are the target (another platform stays hidden).
  requireAccess(
    actor,
    mfaPolicy.readPlatformMethods,
    {
      platformId,
      organisationIds:
        platformId === actor.platformId
          ? actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : []))
          : [],
    },
    'Platform',
  );
  const platform = await findPlatformMfaMethods(deps.db, scopeFor(actor), platformId);
  if (!platform) throw notFound('Platform');
  return {
    platformId: platform.id,
    methods: platform.mfa_methods.filter((m): m is MfaMethodKind => m === 'totp' || m === 'sms'),
  };
}

function setupAudit(
  actor: Actor,
  factor: FactorRow,
  ctx: RequestContext,
  action: 'mfa.setup_started' | 'mfa.enabled' | 'mfa.disabled',
) {
  return {
    action,
    entityType: 'user',
    entityId: actor.userId,
    platformId: actor.platformId,
    organisationId: actor.organisationId,
    actorUserId: actor.userId,
    details: { factorSid: factor.id, method: factor.method, ip: ctx.ip },
    requestId: ctx.requestId,
  };
}
