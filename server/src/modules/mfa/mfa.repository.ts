import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { inScope, type Scope, scopeWhere } from '../../platform/scope.ts';

/** Factors and devices are personal: in scope when their user is (decision 0050). */
const personal = { platform: 'platform_id', member: 'user_id' };

const factorColumns = [
  'id',
  'platform_id',
  'user_id',
  'method',
  'phone_number',
  'secret_box',
  'last_time_step',
  'remember_device',
  'verified_at',
  'created_at',
] as const;

export type FactorRow = Awaited<ReturnType<typeof findFactor>> & {};

export async function insertFactor(
  db: Db,
  scope: Scope,
  f: { platformId: string; userId: string; method: 'totp' | 'sms'; phoneNumber?: string; secretBox?: string },
) {
  requireOwn(scope, f.userId);
  return db
    .insertInto('mfa_factors')
    .values({
      platform_id: f.platformId,
      user_id: f.userId,
      method: f.method,
      phone_number: f.phoneNumber ?? null,
      secret_box: f.secretBox ?? null,
    })
    .returning(factorColumns)
    .executeTakeFirstOrThrow();
}

/** A factor of this user (the user filter is the tenant filter: factors are personal). */
export async function findFactor(db: Db, scope: Scope, userId: string, id: string) {
  return inScope(db.selectFrom('mfa_factors'), scope, personal)
    .select(factorColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listFactors(db: Db, scope: Scope, userId: string, opts: { verifiedOnly: boolean }) {
  let query = inScope(db.selectFrom('mfa_factors'), scope, personal)
    .select(factorColumns)
    .where('user_id', '=', userId);
  if (opts.verifiedOnly) query = query.where('verified_at', 'is not', null);
  return query.orderBy('method', 'desc').orderBy('created_at').execute();
}

/** Set-up that was never finished is replaced by a new one. */
export async function deletePendingFactors(
  db: Db,
  scope: Scope,
  userId: string,
  method: 'totp' | 'sms',
): Promise<void> {
  await inScope(db.deleteFrom('mfa_factors'), scope, personal)
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('verified_at', 'is', null)
    .execute();
}

export async function markFactorVerified(
  db: Db,
  scope: Scope,
  id: string,
  rememberDevice: boolean,
): Promise<void> {
  await inScope(db.updateTable('mfa_factors'), scope, personal)
    .set({ verified_at: sql`coalesce(verified_at, now())`, remember_device: rememberDevice })
    .where('id', '=', id)
    .execute();
}

/**
 * Stores the TOTP time step just accepted, only if it is later than the last one: of two
 * requests racing with the same code, one wins. False when the step was already used.
 */
export async function advanceTimeStep(db: Db, id: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('mfa_factors')
    .set({ last_time_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', String(step))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteFactor(db: Db, scope: Scope, userId: string, id: string) {
  return inScope(db.deleteFrom('mfa_factors'), scope, personal)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(['id', 'method', 'verified_at'])
    .executeTakeFirst();
}

export async function insertRememberedDevice(
  db: Db,
  scope: Scope,
  d: { platformId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  requireOwn(scope, d.userId);
  await db
    .insertInto('remembered_devices')
    .values({
      platform_id: d.platformId,
      user_id: d.userId,
      token_hash: d.tokenHash,
      expires_at: d.expiresAt,
    })
    .execute();
}

/** True (and the device's last use noted) when the token is a live remembered device of the user. */
export async function touchRememberedDevice(db: Db, userId: string, tokenHash: string): Promise<boolean> {
  const row = await db
    .updateTable('remembered_devices')
    .set({ last_used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRememberedDevices(db: Db, scope: Scope, userId: string): Promise<void> {
  await inScope(db.deleteFrom('remembered_devices'), scope, personal).where('user_id', '=', userId).execute();
}

export async function findPlatformMfaMethods(db: Db, scope: Scope, platformId: string) {
  return inScope(db.selectFrom('platforms'), scope, { platform: 'id' })
    .select(['id', 'mfa_methods'])
    .where('id', '=', platformId)
    .executeTakeFirst();
}

export async function isActiveUser(db: Db, scope: Scope, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .where(scopeWhere(scope, { platform: 'platform_id', member: 'id' }))
    .select('id')
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Personal rows are written for their own user only: the scope must be that user's own
 * (the caller, or ownScope) or reach every organisation (systemScope).
 */
function requireOwn(scope: Scope, userId: string): void {
  if (scope.userId !== userId && scope.organisationIds !== null) throw notFound('User');
}
