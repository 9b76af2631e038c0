import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, type Scope, scopeWhere } from '../../platform/scope.ts';

/** An account is in scope when it belongs to an organisation of the scope, or is the caller. */
const account = { platform: 'u.platform_id', member: 'u.id' };

export async function findPasswordOwner(db: Db, scope: Scope, userId: string) {
  return inScope(db.selectFrom('users as u'), scope, account)
    .select([
      'u.id',
      'u.platform_id',
      'u.email',
      'u.password_hash',
      'u.deactivated_at',
      'u.default_organisation_id',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function setPasswordHash(
  db: Db,
  scope: Scope,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await inScope(db.updateTable('users as u'), scope, account)
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('u.id', '=', userId)
    .execute();
}

/** The account with the organisations it belongs to (for the access decision). */
export async function findPasswordOwnerWithOrganisations(db: Db, scope: Scope, userId: string) {
  const owner = await findPasswordOwner(db, scope, userId);
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
export async function lockPasswordOwner(db: Db, scope: Scope, userId: string) {
  return inScope(db.selectFrom('users as u'), scope, account)
    .select([
      'u.id',
      'u.platform_id',
      'u.email',
      'u.deactivated_at',
      'u.default_organisation_id',
      'u.language',
    ])
    .where('u.id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** How many reset links the account was sent in the last `seconds`, used or not. */
export async function countRecentResetLinks(
  db: Db,
  scope: Scope,
  userId: string,
  seconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('access_tokens')
    .where(scopeWhere(scope, { platform: 'platform_id', member: 'user_id' }))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', 'password_reset')
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
