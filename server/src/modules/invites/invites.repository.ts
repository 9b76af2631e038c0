import type { OrganisationInvite } from '@vigilo/contract';
import { dbNow } from '../../db/columns.ts';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope, systemScope } from '../../platform/scope.ts';

const own = { platform: 'i.platform_id', organisation: 'i.organisation_id' };
const memberships = { platform: 'platform_id', organisation: 'organisation_id' };

const selectInvite = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('organisation_invites as i'), scope, own)
    .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
    .innerJoin('platforms as p', 'p.id', 'i.platform_id')
    .select([
      'i.id',
      'i.platform_id',
      'i.organisation_id',
      'o.name as organisation_name',
      'p.name as platform_name',
      'i.email',
      'i.role',
      'i.first_name',
      'i.last_name',
      'i.expires_at',
      'i.accepted_at',
      'i.revoked_at',
      'i.created_at',
    ]);

export type InviteRow = NonNullable<Awaited<ReturnType<typeof findInviteByTokenHash>>>;

export async function findInviteByTokenHash(db: Db, tokenHash: string, forUpdate = false) {
  // The link's holder has no session yet: the token is the credential (systemScope).
  let q = selectInvite(db, systemScope).where('i.token_hash', '=', tokenHash);
  if (forUpdate) q = q.forUpdate('i');
  return q.executeTakeFirst();
}

export async function insertInvite(
  db: Db,
  scope: Scope,
  invite: {
    platformId: string;
    organisationId: string;
    email: string;
    role: string;
    firstName?: string;
    lastName?: string;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<{ id: string }> {
  requireCovers(scope, invite.platformId, invite.organisationId, 'Organisation');
  return db
    .insertInto('organisation_invites')
    .values({
      platform_id: invite.platformId,
      organisation_id: invite.organisationId,
      email: invite.email,
      role: invite.role,
      first_name: invite.firstName ?? '',
      last_name: invite.lastName ?? '',
      token_hash: invite.tokenHash,
      invited_by: invite.invitedBy,
      expires_at: invite.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function findInvite(db: Db, scope: Scope, id: string) {
  return selectInvite(db, scope).where('i.id', '=', id).executeTakeFirst();
}

/** Invites of one organisation, newest first; `status` narrows them. */
export async function listInvites(
  db: Db,
  scope: Scope,
  organisationId: string,
  status?: OrganisationInvite['status'],
) {
  let q = selectInvite(db, scope).where('i.organisation_id', '=', organisationId);
  const open = (query: typeof q) =>
    query.where('i.accepted_at', 'is', null).where('i.revoked_at', 'is', null);
  if (status === 'accepted') q = q.where('i.accepted_at', 'is not', null);
  if (status === 'revoked') q = q.where('i.accepted_at', 'is', null).where('i.revoked_at', 'is not', null);
  if (status === 'pending') q = open(q).where('i.expires_at', '>', dbNow());
  if (status === 'expired') q = open(q).where('i.expires_at', '<=', dbNow());
  return q.orderBy('i.created_at', 'desc').orderBy('i.id').limit(500).execute();
}

/** Marks an invite used; false when it was used meanwhile (single use, even under races). */
export async function markAccepted(db: Db, scope: Scope, id: string, userId: string): Promise<boolean> {
  const result = await inScope(db.updateTable('organisation_invites as i'), scope, own)
    .set({ accepted_at: dbNow(), accepted_user_id: userId })
    .where('i.id', '=', id)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The open invite (neither accepted nor revoked; perhaps expired) of an address in an organisation. */
export async function findOpenInvite(db: Db, scope: Scope, organisationId: string, email: string) {
  return selectInvite(db, scope)
    .where('i.organisation_id', '=', organisationId)
    .where('i.email', '=', email)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .forUpdate('i')
    .executeTakeFirst();
}

/** One invite of an organisation, locked for a change; undefined for another organisation's. */
export async function findInviteOfOrganisation(db: Db, scope: Scope, organisationId: string, id: string) {
  return selectInvite(db, scope)
    .where('i.id', '=', id)
    .where('i.organisation_id', '=', organisationId)
    .forUpdate('i')
    .executeTakeFirst();
}

/** Revokes open invites: one by id, or every other open one of an address in an organisation. */
export async function revokeInvites(
  db: Db,
  scope: Scope,
  target: { id: string } | { organisationId: string; email: string },
): Promise<number> {
  let q = inScope(db.updateTable('organisation_invites as i'), scope, own)
    .set({ revoked_at: dbNow() })
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null);
  q =
    'id' in target
      ? q.where('i.id', '=', target.id)
      : q.where('i.organisation_id', '=', target.organisationId).where('i.email', '=', target.email);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A new link for an open invite: the old token stops working, the expiry starts again. */
export async function renewInvite(
  db: Db,
  scope: Scope,
  id: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await inScope(db.updateTable('organisation_invites as i'), scope, own)
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where('i.id', '=', id)
    .execute();
}

/** The account an email has on a platform, if the scope sees it (a member of one of its organisations). */
export async function findAccount(db: Db, scope: Scope, platformId: string, email: string) {
  return inScope(db.selectFrom('users as u'), scope, { platform: 'u.platform_id', member: 'u.id' })
    .select(['u.id', 'u.deactivated_at'])
    .where('u.platform_id', '=', platformId)
    .where('u.email', '=', email)
    .executeTakeFirst();
}

/** Whether a user holds any role in an organisation. */
export async function isMember(
  db: Db,
  scope: Scope,
  userId: string,
  organisationId: string,
): Promise<boolean> {
  const row = await inScope(db.selectFrom('memberships'), scope, memberships)
    .select('id')
    .where('user_id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasMembership(
  db: Db,
  scope: Scope,
  userId: string,
  organisationId: string,
  role: string,
) {
  const row = await inScope(db.selectFrom('memberships'), scope, memberships)
    .select('id')
    .where('user_id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}

export function statusOf(
  row: Pick<InviteRow, 'accepted_at' | 'expires_at' | 'revoked_at'>,
  now = Date.now(),
) {
  if (row.accepted_at) return 'accepted' as const;
  if (row.revoked_at) return 'revoked' as const;
  return row.expires_at.getTime() <= now ? ('expired' as const) : ('pending' as const);
}

export function toInvite(row: InviteRow): OrganisationInvite {
  return {
    id: row.id,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    email: row.email,
    role: row.role as OrganisationInvite['role'],
    status: statusOf(row),
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    acceptedAt: row.accepted_at?.toISOString() ?? null,
  };
}
