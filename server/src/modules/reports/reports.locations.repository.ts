import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import {
  groupAllowsLocation,
  groupAllowsType,
  groupsAllow,
  inScope,
  type Scope,
  scopeWhere,
} from '../../platform/scope.ts';
import { reportColumns } from './reports.repository.ts';

/**
 * The location-change check's queries (decision 0131): who would see a case at each of some
 * locations, by the user groups' rule the scope itself applies (platform/scope.ts).
 */

/** The locations of `organisationId` among `ids` (to refuse another organisation's). */
export async function organisationLocations(db: Db, scope: Scope, organisationId: string, ids: string[]) {
  return inScope(db.selectFrom('locations as l'), scope, {
    platform: 'l.platform_id',
    organisation: 'l.organisation_id',
  })
    .select(['l.id', 'l.name'])
    .where('l.organisation_id', '=', organisationId)
    .where(sql`l.id = any(${ids}::uuid[])` as never)
    .execute();
}

/** The case's current location followed by `ids`, numbered from 1 (1 = where it is now). */
const candidates = (ids: string[]) =>
  sql`unnest(array[r.location_id] || ${ids}::uuid[]) with ordinality as l(location_id, ord)`;

/**
 * For every caseworker of the case's organisation and every candidate location: whether they
 * would see the case there. Administrators of the organisation are never narrowed (decision
 * 0050); platform-wide roles are not members of it and always see it, so they are left out.
 */
export async function caseworkersAt(
  db: Db,
  scope: Scope,
  reportId: string,
  ids: string[],
  roles: readonly string[],
) {
  const result = await sql<{
    user_id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    ord: string;
    sees: boolean;
  }>`
    select u.id as user_id, u.first_name, u.last_name, u.email, l.ord,
      (w.administers or ${groupsAllow(sql.ref('u.id'), sql.ref('r.organisation_id'), sql.ref('r.report_type'), sql.ref('l.location_id'))}) as sees
    from reports r
    cross join lateral (
      select m.user_id, bool_or(m.role = 'organisation_admin') as administers
      from memberships m
      where m.organisation_id = r.organisation_id and m.role = any(${[...roles]}::text[])
      group by m.user_id
    ) w
    join users u on u.id = w.user_id and u.deactivated_at is null
    cross join ${candidates(ids)}
    where r.id = ${reportId} and r.deleted_at is null
      and not exists (select 1 from memberships p where p.user_id = u.id and p.organisation_id is null
                      and p.role in ('platform_admin', 'system_admin'))
      and ${inScopeOfReports(scope)}
    order by u.last_name, u.first_name, u.id, l.ord`.execute(db);
  return result.rows;
}

/** For every user group of the case's organisation and every candidate location: whether it allows the case there. */
export async function groupsAt(db: Db, scope: Scope, reportId: string, ids: string[]) {
  const result = await sql<{ id: string; name: string; ord: string; allows: boolean }>`
    select g.id, g.name, l.ord,
      (${groupAllowsType('g', sql.ref('r.report_type'))} and ${groupAllowsLocation('g', sql.ref('l.location_id'))}) as allows
    from reports r
    join user_groups g on g.organisation_id = r.organisation_id
    cross join ${candidates(ids)}
    where r.id = ${reportId} and r.deleted_at is null and ${inScopeOfReports(scope)}
    order by g.name, g.id, l.ord`.execute(db);
  return result.rows;
}

/** The scope's condition on `reports as r`, for the hand-written queries above. */
const inScopeOfReports = (scope: Scope) => scopeWhere(scope, reportColumns);
