import type { GroupLocation, GroupUser, UserGroup, UserGroupCreate, UserGroupUpdate } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { inScope, requireCovers, type Scope, scopeWhere } from '../../platform/scope.ts';
import { escapeLike } from '../../platform/sql-like.ts';

const own = { platform: 'g.platform_id', organisation: 'g.organisation_id' };

const selectGroup = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('user_groups as g'), scope, own).select((eb) => [
    'g.id',
    'g.platform_id',
    'g.organisation_id',
    'g.name',
    'g.description',
    'g.report_types',
    'g.created_at',
    'g.updated_at',
    'g.version',
    eb
      .selectFrom('user_group_users as gu')
      .select((e) => e.fn.countAll<string>().as('n'))
      .whereRef('gu.group_id', '=', 'g.id')
      .as('user_count'),
    eb
      .selectFrom('user_group_locations as gl')
      .select((e) => e.fn.countAll<string>().as('n'))
      .whereRef('gl.group_id', '=', 'g.id')
      .as('location_count'),
  ]);

type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

export async function findGroup(db: Db, scope: Scope, id: string) {
  return selectGroup(db, scope).where('g.id', '=', id).executeTakeFirst();
}

/** Groups of a platform, or of one organisation of it. */
export async function listGroups(
  db: Db,
  scope: Scope,
  filter: { platformId: string; organisationId?: string },
) {
  let q = selectGroup(db, scope).where('g.platform_id', '=', filter.platformId);
  if (filter.organisationId) q = q.where('g.organisation_id', '=', filter.organisationId);
  return q.orderBy('g.name').orderBy('g.id').execute();
}

export async function insertGroup(
  db: Db,
  scope: Scope,
  org: { platformId: string; organisationId: string },
  body: Omit<UserGroupCreate, 'organisationId'>,
): Promise<string> {
  requireCovers(scope, org.platformId, org.organisationId, 'Organisation');
  const row = await db
    .insertInto('user_groups')
    .values({
      platform_id: org.platformId,
      organisation_id: org.organisationId,
      name: body.name,
      description: body.description ?? '',
      report_types: body.reportTypes ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(db: Db, scope: Scope, id: string, body: UserGroupUpdate): Promise<void> {
  await inScope(db.updateTable('user_groups as g'), scope, own)
    .set({
      name: body.name,
      description: body.description,
      report_types: body.reportTypes,
    })
    .where('g.id', '=', id)
    .execute();
}

export async function deleteGroup(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('user_groups as g'), scope, own).where('g.id', '=', id).execute();
}

export function toGroup(row: GroupRow): UserGroup {
  return {
    id: row.id,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    name: row.name,
    description: row.description,
    reportTypes: row.report_types,
    userCount: Number(row.user_count ?? 0),
    locationCount: Number(row.location_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

export interface Window {
  limit: number;
  offset: number;
  query?: string;
  includeUnassigned: boolean;
}

/** Members of the group's organisation: the assigned ones, or all with an `assigned` flag. */
export async function groupUsers(
  db: Db,
  scope: Scope,
  group: { id: string; organisationId: string },
  w: Window,
): Promise<GroupUser[]> {
  let q = db
    .selectFrom('users as u')
    .leftJoin('user_group_users as gu', (j) =>
      j.onRef('gu.user_id', '=', 'u.id').on('gu.group_id', '=', group.id),
    )
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      sql<boolean>`gu.user_id IS NOT NULL`.as('assigned'),
    ])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as m')
          .select('m.id')
          .whereRef('m.user_id', '=', 'u.id')
          .where('m.organisation_id', '=', group.organisationId)
          .where(scopeWhere(scope, { platform: 'm.platform_id', organisation: 'm.organisation_id' })),
      ),
    );
  if (!w.includeUnassigned) q = q.where('gu.user_id', 'is not', null);
  if (w.query) {
    const like = `%${escapeLike(w.query)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb('u.first_name', 'ilike', like),
        eb('u.last_name', 'ilike', like),
        eb(sql`u.first_name || ' ' || u.last_name`, 'ilike', like),
      ]),
    );
  }
  const rows = await q
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    assigned: r.assigned,
  }));
}

/** Locations of the group's organisation: the assigned ones, or all with an `assigned` flag. */
export async function groupLocations(
  db: Db,
  scope: Scope,
  group: { id: string; organisationId: string },
  w: Window,
): Promise<GroupLocation[]> {
  let q = inScope(db.selectFrom('locations as l'), scope, {
    platform: 'l.platform_id',
    organisation: 'l.organisation_id',
  })
    .leftJoin('user_group_locations as gl', (j) =>
      j.onRef('gl.location_id', '=', 'l.id').on('gl.group_id', '=', group.id),
    )
    .select(['l.id', 'l.name', 'l.code', sql<boolean>`gl.location_id IS NOT NULL`.as('assigned')])
    .where('l.organisation_id', '=', group.organisationId);
  if (!w.includeUnassigned) q = q.where('gl.location_id', 'is not', null);
  if (w.query) {
    const like = `%${escapeLike(w.query)}%`;
    q = q.where((eb) => eb.or([eb('l.name', 'ilike', like), eb('l.code', 'ilike', like)]));
  }
  return q.orderBy('l.name').orderBy('l.id').limit(w.limit).offset(w.offset).execute();
}

/** Of `ids`, those that are members of the organisation. */
export async function membersAmong(
  db: Db,
  scope: Scope,
  organisationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await inScope(db.selectFrom('memberships'), scope, {
    platform: 'platform_id',
    organisation: 'organisation_id',
  })
    .select('user_id')
    .distinct()
    .where('organisation_id', '=', organisationId)
    .where('user_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Of `ids`, those that are locations of the organisation. */
export async function locationsAmong(
  db: Db,
  scope: Scope,
  organisationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await inScope(db.selectFrom('locations'), scope, {
    platform: 'platform_id',
    organisation: 'organisation_id',
  })
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** What a group is assigned: users or locations, each in its own link table of the same shape. */
const assignmentTables = {
  users: { table: 'user_group_users', column: 'user_id' },
  locations: { table: 'user_group_locations', column: 'location_id' },
} as const;
export type AssignmentKind = keyof typeof assignmentTables;

/** Of `ids`, those the organisation has of `kind` (its members, or its locations). */
export const knownAmong = (
  db: Db,
  scope: Scope,
  kind: AssignmentKind,
  organisationId: string,
  ids: readonly string[],
) =>
  kind === 'users'
    ? membersAmong(db, scope, organisationId, ids)
    : locationsAmong(db, scope, organisationId, ids);

/** Adds and removes a group's users or locations. */
export async function changeAssignments(
  db: Db,
  scope: Scope,
  kind: AssignmentKind,
  groupId: string,
  add: readonly string[],
  remove: readonly string[],
) {
  // Both link tables are (group_id, <thing>_id): typed as the users table, the queries fit either.
  const table = assignmentTables[kind].table as 'user_group_users';
  const column = assignmentTables[kind].column as 'user_id';
  const group = await inScope(db.selectFrom('user_groups as g').select('g.id'), scope, own)
    .where('g.id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound('User group');
  if (remove.length)
    await db.deleteFrom(table).where('group_id', '=', groupId).where(column, 'in', remove).execute();
  if (add.length)
    await db
      .insertInto(table)
      .values(add.map((id) => ({ group_id: groupId, [column]: id }) as { group_id: string; user_id: string }))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/**
 * How user groups narrow what a user sees in an organisation. A user in no group of the
 * organisation is not narrowed (`restricted: false`, both lists null). Otherwise what the
 * groups allow together: the union of their report types and of their locations, where a
 * group that names no report type (or no location) allows every one (null).
 */
export interface GroupScope {
  /** True when either list below narrows anything. */
  restricted: boolean;
  /** Report types the user may see; null = every type. */
  reportTypes: string[] | null;
  /** Location ids the user may see; null = every location. */
  locationIds: string[] | null;
}

export async function groupScopeFor(
  db: Db,
  scope: Scope,
  userId: string,
  organisationId: string,
): Promise<GroupScope> {
  const groups = await inScope(db.selectFrom('user_groups as g'), scope, own)
    .innerJoin('user_group_users as gu', 'gu.group_id', 'g.id')
    .select((eb) => [
      'g.report_types',
      eb.fn
        .coalesce(
          eb
            .selectFrom('user_group_locations as gl')
            .select(sql<string[]>`array_agg(gl.location_id::text ORDER BY gl.location_id)`.as('ids'))
            .whereRef('gl.group_id', '=', 'g.id'),
          sql<string[]>`'{}'::text[]`,
        )
        .as('location_ids'),
    ])
    .where('gu.user_id', '=', userId)
    .where('g.organisation_id', '=', organisationId)
    .execute();
  if (groups.length === 0) return { restricted: false, reportTypes: null, locationIds: null };
  const union = (lists: string[][]) =>
    lists.some((l) => l.length === 0) ? null : [...new Set(lists.flat())].sort();
  const reportTypes = union(groups.map((g) => g.report_types));
  const locationIds = union(groups.map((g) => g.location_ids));
  return { restricted: reportTypes !== null || locationIds !== null, reportTypes, locationIds };
}
