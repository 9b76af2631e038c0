import { createHash, randomInt } from 'node:crypto';
import type { RecoveryCodes, RecoveryCodesStatus } from '@vigilo/contract';
import { sql } from 'kysely';
import { dbNow } from '../../db/columns.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeFor } from '../../platform/scope.ts';
import { confirmRecentAuthentication } from '../passwords/passwords.service.ts';
import { mfaPolicy } from './mfa.policy.ts';
import { listFactors } from './mfa.repository.ts';

/** Ten codes a set; each 10 characters of an alphabet without look-alikes (~50 bits). */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code as people type it: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Replaces the user's recovery codes with a new set of ten; answers them in clear, the only
 * time they are seen. Only their SHA-256 is kept: they are random, not chosen, so a fast
 * hash is enough (and each guess at the MFA step is throttled like a code).
 */
export async function issueRecoveryCodes(
  tx: Db,
  owner: { id: string; platformId: string },
): Promise<RecoveryCodes> {
  await tx.deleteFrom('mfa_recovery_codes').where('user_id', '=', owner.id).execute();
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  const rows = await tx
    .insertInto('mfa_recovery_codes')
    .values(
      [...codes].map((c) => ({ platform_id: owner.platformId, user_id: owner.id, code_hash: hashCode(c) })),
    )
    .returning('created_at')
    .execute();
  return { codes: [...codes], remaining: RECOVERY_CODE_COUNT, createdAt: rows[0]!.created_at.toISOString() };
}

/** How many unused codes the user has, and when the set was made. */
export async function recoveryCodesStatus(db: Db, userId: string): Promise<RecoveryCodesStatus> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select([
      sql<number>`count(*) FILTER (WHERE used_at IS NULL)::int`.as('remaining'),
      sql<Date | null>`min(created_at)`.as('created_at'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { remaining: row.remaining, createdAt: row.created_at?.toISOString() ?? null };
}

/** Spends one code: true once, then false for ever (also for two requests at once). */
export async function spendRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: dbNow() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export const deleteRecoveryCodes = (db: Db, userId: string) =>
  db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();

const self = (actor: Actor) => ({ platformId: actor.platformId, organisationIds: [], userId: actor.userId });

/** GET /v1/users/@me/mfa-recovery-codes. */
export async function getRecoveryCodes(deps: AppDeps, actor: Actor): Promise<RecoveryCodesStatus> {
  requireAccess(actor, mfaPolicy.manageOwn, self(actor));
  return recoveryCodesStatus(deps.db, actor.userId);
}

/**
 * POST /v1/users/@me/mfa-recovery-codes: a new set (the old codes stop working), after the
 * password or a recent proof of identity; only for an account with a second factor.
 */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  actor: Actor,
  currentPassword: string | undefined,
  ctx: { ip: string; requestId: string },
): Promise<RecoveryCodes> {
  requireAccess(actor, mfaPolicy.manageOwn, self(actor));
  if ((await listFactors(deps.db, scopeFor(actor), actor.userId, { verifiedOnly: true })).length === 0)
    throw new AppError('CONFLICT', 'Set up two-step verification first: recovery codes stand in for it');
  await confirmRecentAuthentication(deps, actor, currentPassword);
  return withTransaction(deps.db, async (tx) => {
    const set = await issueRecoveryCodes(tx, { id: actor.userId, platformId: actor.platformId });
    await audit(tx, {
      action: 'mfa.recovery_codes_created',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      details: { count: RECOVERY_CODE_COUNT, ip: ctx.ip },
      requestId: ctx.requestId,
    });
    return set;
  });
}
