import type { ChangeRequest, ChangeRequestKind } from '@vigilo/contract';
import { sql } from 'kysely';
import { dbNow } from '../../db/columns.ts';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

const own = { platform: 'cr.platform_id', organisation: 'cr.organisation_id' };

export interface NewChangeRequest {
  platformId: string;
  organisationId: string;
  kind: ChangeRequestKind;
  userId: string | null;
  changes: Record<string, unknown>;
  passwordHash?: string | null;
  message?: string | null;
}

export async function insertChangeRequest(
  db: Db,
  scope: Scope,
  cr: NewChangeRequest,
): Promise<{ id: string }> {
  requireCovers(scope, cr.platformId, cr.organisationId, 'Organisation');
  return db
    .insertInto('change_requests')
    .values({
      platform_id: cr.platformId,
      organisation_id: cr.organisationId,
      kind: cr.kind,
      user_id: cr.userId,
      changes: JSON.stringify(cr.changes),
      password_hash: cr.passwordHash ?? null,
      message: cr.message ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function selectChangeRequest(db: Db, scope: Scope) {
  return inScope(db.selectFrom('change_requests as cr'), scope, own)
    .innerJoin('organisations as o', 'o.id', 'cr.organisation_id')
    .leftJoin('users as u', 'u.id', 'cr.user_id')
    .select([
      'cr.id',
      'cr.kind',
      'cr.status',
      'cr.platform_id',
      'cr.organisation_id',
      'o.name as organisation_name',
      'cr.user_id',
      'u.email as user_email',
      'u.language as user_language',
      'u.first_name',
      'u.last_name',
      'cr.changes',
      'cr.message',
      'cr.rejection_message',
      'cr.decided_by',
      'cr.decided_at',
      'cr.created_at',
    ]);
}

export type ChangeRequestRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectChangeRequest>['executeTakeFirst']>>
>;

export function toChangeRequest(r: ChangeRequestRow): ChangeRequest {
  const changes = r.changes ?? {};
  // An account request has no user yet: the requested values name it.
  const name =
    r.user_id && r.kind !== 'account'
      ? `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim()
      : `${String(changes.firstName ?? '')} ${String(changes.lastName ?? '')}`.trim();
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    platformId: r.platform_id,
    organisationId: r.organisation_id,
    organisationName: r.organisation_name,
    userId: r.user_id,
    userName: name,
    userEmail: r.kind === 'account' ? String(changes.email ?? '') : (r.user_email ?? ''),
    changes,
    message: r.message,
    rejectionMessage: r.rejection_message,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

export async function findChangeRequest(db: Db, scope: Scope, id: string, opts: { lock?: boolean } = {}) {
  let q = selectChangeRequest(db, scope).where('cr.id', '=', id);
  if (opts.lock) q = q.forUpdate('cr');
  return q.executeTakeFirst();
}

/** The stored password hash of a pending account request (read only to create the account). */
export async function findAccountRequestPassword(db: Db, scope: Scope, id: string): Promise<string | null> {
  const row = await inScope(db.selectFrom('change_requests as cr'), scope, own)
    .select('cr.password_hash')
    .where('cr.id', '=', id)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

export interface ChangeRequestFilters {
  statuses?: readonly ('pending' | 'approved' | 'declined')[];
  kinds?: readonly ChangeRequestKind[];
  organisationIds?: readonly string[];
  userId?: string;
}

/** A page of the queue of one platform, within the scope. */
export async function findChangeRequestPage(
  db: Db,
  scope: Scope,
  f: ChangeRequestFilters & { platformId: string },
  page: { page: number; size: number },
) {
  let q = selectChangeRequest(db, scope).where('cr.platform_id', '=', f.platformId);
  if (f.organisationIds?.length) q = q.where('cr.organisation_id', 'in', f.organisationIds);
  if (f.statuses?.length) q = q.where('cr.status', 'in', f.statuses);
  if (f.kinds?.length) q = q.where('cr.kind', 'in', f.kinds);
  if (f.userId) q = q.where('cr.user_id', '=', f.userId);
  const rows = await q
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy(sql`cr.status = 'pending'`, 'desc')
    .orderBy('cr.created_at', 'desc')
    .orderBy('cr.id')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function markDecided(
  db: Db,
  scope: Scope,
  id: string,
  d: { status: 'approved' | 'declined'; decidedBy: string; rejectionMessage?: string; userId?: string },
): Promise<void> {
  await inScope(db.updateTable('change_requests as cr'), scope, own)
    .set({
      status: d.status,
      decided_by: d.decidedBy,
      decided_at: dbNow(),
      rejection_message: d.rejectionMessage ?? null,
      password_hash: null,
      ...(d.userId !== undefined && { user_id: d.userId }),
    })
    .where('cr.id', '=', id)
    .execute();
}
