import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export async function findPasswordOwner(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'platform_id', 'email', 'password_hash', 'deactivated_at', 'default_organisation_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** The account with the organisations it belongs to (for the access decision). */
export async function findPasswordOwnerWithOrganisations(db: Db, userId: string) {
  const owner = await findPasswordOwner(db, userId);
  if (!owner) return undefined;
  const memberships = await db
    .selectFrom('memberships')
    .select('organisation_id')
    .where('user_id', '=', userId)
    .execute();
  return {
    ...owner,
    organisationIds: memberships.flatMap((m) => (m.organisation_id ? [m.organisation_id] : [])),
  };
}

/** The account, its row locked until the transaction ends (one reset email at a time). */
export async function lockPasswordOwner(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'platform_id', 'email', 'deactivated_at', 'default_organisation_id', 'language'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** How many reset links the account was sent in the last `seconds`, used or not. */
export async function countRecentResetLinks(db: Db, userId: string, seconds: number): Promise<number> {
  const row = await db
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', 'password_reset')
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
