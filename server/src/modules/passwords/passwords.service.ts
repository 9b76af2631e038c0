import { type ChangePasswordBody, type ChangeUserPasswordBody, passwordRules } from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { ownScope, scopeFor, systemScope } from '../../platform/scope.ts';
import { PASSWORD_RESET, redeemResetToken } from '../auth/access-tokens.ts';
import type { RequestContext } from '../auth/auth.service.ts';
import { revokeUserSessions, spendAccessTokens } from '../auth/auth.shared.ts';
import { clearAccountLockout, takeUserSecretAttempt } from '../auth/throttle.ts';
import { deleteRememberedDevices } from '../mfa/mfa.shared.ts';
import { passwordPolicy } from './passwords.policy.ts';
import {
  findPasswordOwner,
  findPasswordOwnerWithOrganisations,
  setPasswordHash,
} from './passwords.repository.ts';

/** The password rules: at least 12 characters, and not the email address. */
export function checkNewPassword(password: string, email: string, field = 'body/password'): void {
  if ([...password].length < passwordRules.minLength)
    throw fieldError(
      field,
      'passwordTooShort',
      `The password must have at least ${passwordRules.minLength} characters`,
      passwordRules.minLength,
    );
  if (password.trim().toLowerCase() === email.trim().toLowerCase())
    throw fieldError(field, 'passwordIsEmail', 'The password must not be your email address');
}

/**
 * Checks the caller's current password before a security change (password, second factors).
 * Wrong guesses count against the account like failed sign-ins, so this cannot be used to guess.
 */
export async function confirmCurrentPassword(deps: AppDeps, actor: Actor, password: string): Promise<void> {
  const attempt = await takeUserSecretAttempt(deps.db, deps.config, `password:${actor.userId}`);
  const owner = await findPasswordOwner(deps.db, scopeFor(actor), actor.userId);
  if (!(await verifyPassword(owner?.password_hash ?? null, password))) {
    throw fieldError('body/currentPassword', 'wrongPassword', 'The current password is not right');
  }
  await attempt.succeeded();
}

/**
 * Before adding or removing a second factor: the current password when the client sends
 * one, else a recent proof of identity in this session — the sign-in, or a step-up with
 * POST /v1/verify — within RECENT_AUTH_WINDOW. A stolen access token alone is not enough
 * (issue #9, decision 0046). Answers 401 REAUTHENTICATION_REQUIRED, never 403: the
 * specification's client would refresh on 403, and a refresh proves nothing new.
 */
export async function confirmRecentAuthentication(
  deps: AppDeps,
  actor: Actor,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword !== undefined) return confirmCurrentPassword(deps, actor, currentPassword);
  const window = deps.config.recentAuthWindowSeconds * 1000;
  const at = actor.authenticatedAt?.getTime();
  if (at !== undefined && Date.now() - at <= window) return;
  throw new AppError(
    'REAUTHENTICATION_REQUIRED',
    'Confirm it is you: enter your current password, or a code from a second factor you already have',
    {
      fields: [{ field: 'body/currentPassword', message: 'Enter your current password', reason: 'required' }],
    },
  );
}

/**
 * POST /v1/change-password: sets the password with a reset token. Every session, remembered
 * device and other reset link of the user ends, and so do the sign-in lockout of the account
 * and its count of wrong current passwords; nobody is signed in (the next login still asks
 * for the second factor).
 */
export async function resetPassword(
  deps: AppDeps,
  body: ChangePasswordBody,
  ctx: RequestContext,
): Promise<void> {
  const invalid = () =>
    new AppError('RESET_TOKEN_INVALID', 'This reset link is not valid any more: ask for a new one');
  const userId = await withTransaction(deps.db, async (tx) => {
    const spent = await redeemResetToken(tx, body.resetToken);
    if (!spent) throw invalid();
    // Every other link of the account, older or newer, is spent with this one (decision 0026).
    await spendAccessTokens(tx, spent.user_id, PASSWORD_RESET);
    // The reset link is the credential: its holder has no session (systemScope).
    const owner = await findPasswordOwner(tx, systemScope, spent.user_id);
    if (!owner || owner.deactivated_at) throw invalid();
    // A refused password rolls back, and the link still works for a better one.
    checkNewPassword(body.password, owner.email);
    await setPasswordHash(tx, systemScope, owner.id, await hashPassword(body.password));
    const ended = await revokeUserSessions(tx, owner.id, 'password_reset');
    await deleteRememberedDevices(tx, ownScope(owner.id), owner.id);
    // The link proved the owner: a lockout from someone else's guesses ends with it.
    await clearAccountLockout(tx, owner.id);
    await audit(tx, {
      action: 'password.reset',
      entityType: 'user',
      entityId: owner.id,
      platformId: owner.platform_id,
      details: { sessionsEnded: ended, ip: ctx.ip },
      requestId: ctx.requestId,
    });
    return owner.id;
  });
  deps.actorCache?.invalidate(userId);
}

/**
 * PUT /v1/users/{id}/change-password: the caller's own password. Every other session ends,
 * every remembered device is forgotten and outstanding reset links stop working.
 */
export async function changeOwnPassword(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: ChangeUserPasswordBody,
  ctx: RequestContext,
): Promise<void> {
  const userId = id === '@me' ? actor.userId : id;
  const owner = await findPasswordOwnerWithOrganisations(deps.db, scopeFor(actor), userId);
  if (!owner) throw notFound('User');
  requireAccess(
    actor,
    passwordPolicy.changeOwn,
    { platformId: owner.platform_id, organisationIds: owner.organisationIds, userId: owner.id },
    'User',
  );
  await confirmCurrentPassword(deps, actor, body.currentPassword);
  checkNewPassword(body.password, owner.email);
  await withTransaction(deps.db, async (tx) => {
    await setPasswordHash(tx, scopeFor(actor), actor.userId, await hashPassword(body.password));
    const ended = await revokeUserSessions(tx, actor.userId, 'password_changed', actor.familyId);
    await deleteRememberedDevices(tx, scopeFor(actor), actor.userId);
    await spendAccessTokens(tx, actor.userId, PASSWORD_RESET);
    await audit(tx, {
      action: 'password.changed',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      details: { otherSessionsEnded: ended, ip: ctx.ip },
      requestId: ctx.requestId,
    });
  });
}
