import type { Db } from '../../platform/db.ts';
import { inScope, type Scope } from '../../platform/scope.ts';

const organisation = { platform: 'platform_id', organisation: 'id' };

/** The platform's account rules; the defaults when it has no row. */
export async function findAccountRules(db: Db, scope: Scope, platformId: string) {
  const row = await inScope(db.selectFrom('platform_account_rules'), scope, { platform: 'platform_id' })
    .select(['workspace_creation', 'account_requests'])
    .where('platform_id', '=', platformId)
    .executeTakeFirst();
  return row ?? { workspace_creation: 'admins' as const, account_requests: true };
}

/** The organisation with its platform, for a public request naming it. */
export async function findOrganisation(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('organisations'), scope, organisation)
    .select(['id', 'platform_id', 'name', 'accepts_account_requests'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The organisations of a platform that take account requests: id and name only. */
export async function listAccountRequestTargets(db: Db, scope: Scope, platformId: string) {
  return inScope(db.selectFrom('organisations'), scope, organisation)
    .select(['id', 'name'])
    .where('platform_id', '=', platformId)
    .where('accepts_account_requests', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** An account request for this email already waiting on the platform. */
export async function pendingAccountRequestExists(
  db: Db,
  scope: Scope,
  platformId: string,
  email: string,
): Promise<boolean> {
  const row = await inScope(db.selectFrom('change_requests'), scope, {
    platform: 'platform_id',
    organisation: 'organisation_id',
  })
    .select('id')
    .where('platform_id', '=', platformId)
    .where('kind', '=', 'account')
    .where('status', '=', 'pending')
    .where((eb) => eb(eb.fn('lower', [eb.ref('changes', '->>').key('email')]), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The pending account requests for an email (verified, in the administrators' queue), with
 * the password chosen for them and the platform's domain: the sign-in page tells their
 * owner, after the right password only, that the request still waits (decision 0034).
 */
export async function findPendingAccountRequests(db: Db, email: string, platformId?: string) {
  let query = db
    .selectFrom('change_requests as c')
    .innerJoin('platforms as p', 'p.id', 'c.platform_id')
    .select(['c.id', 'c.platform_id', 'c.password_hash', 'p.domain'])
    .where('c.kind', '=', 'account')
    .where('c.status', '=', 'pending')
    .where('c.password_hash', 'is not', null)
    .where((eb) => eb(eb.fn('lower', [eb.ref('c.changes', '->>').key('email')]), '=', email.toLowerCase()));
  if (platformId) query = query.where('c.platform_id', '=', platformId);
  return query.limit(20).execute();
}
