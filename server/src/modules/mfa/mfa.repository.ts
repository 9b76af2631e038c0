import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

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
  f: { platformId: string; userId: string; method: 'totp' | 'sms'; phoneNumber?: string; secretBox?: string },
) {
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
export async function findFactor(db: Db, userId: string, id: string) {
  return db
    .selectFrom('mfa_factors')
    .select(factorColumns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listFactors(db: Db, userId: string, opts: { verifiedOnly: boolean }) {
  let query = db.selectFrom('mfa_factors').select(factorColumns).where('user_id', '=', userId);
  if (opts.verifiedOnly) query = query.where('verified_at', 'is not', null);
  return query.orderBy('method', 'desc').orderBy('created_at').execute();
}

/** Set-up that was never finished is replaced by a new one. */
export async function deletePendingFactors(db: Db, userId: string, method: 'totp' | 'sms'): Promise<void> {
  await db
    .deleteFrom('mfa_factors')
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('verified_at', 'is', null)
    .execute();
}

export async function markFactorVerified(db: Db, id: string, rememberDevice: boolean): Promise<void> {
  await db
    .updateTable('mfa_factors')
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

export async function deleteFactor(db: Db, userId: string, id: string) {
  return db
    .deleteFrom('mfa_factors')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(['id', 'method', 'verified_at'])
    .executeTakeFirst();
}

export async function insertRememberedDevice(
  db: Db,
  d: { platformId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
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

export async function deleteRememberedDevices(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('remembered_devices').where('user_id', '=', userId).execute();
}

export async function findPlatformMfaMethods(db: Db, platformId: string) {
  return db
    .selectFrom('platforms')
    .select(['id', 'mfa_methods'])
    .where('id', '=', platformId)
    .executeTakeFirst();
}

export async function isActiveUser(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
