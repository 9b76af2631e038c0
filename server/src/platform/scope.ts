import type { RoleName } from '@vigilo/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type Actor, type Rule, requireAccess, type Target } from './access.ts';
import type { Db } from './db.ts';
import { notFound } from './errors.ts';

/**
 * Which tenant-owned rows a caller can see at all (decision 0050). Repositories of
 * tenant-owned tables take one and filter in the query, so a row outside it is simply not
 * found (404), the same answer as an id that does not exist. Whether the caller may *do*
 * something to a row it sees is then `decide()`'s answer (403 when not).
 */
export interface Scope {
  /** The platform the caller works on; null = every platform (system administrators). */
  readonly platformId: string | null;
  /** The organisations it sees; null = every organisation of `platformId` (or of every platform). */
  readonly organisationIds: readonly string[] | null;
  /** The user calling: its own account is always in scope. Null for applications and `systemScope`. */
  readonly userId: string | null;
  /**
   * Organisations where the caller's user groups narrow which report types and locations
   * it sees (decision 0014): those it belongs to without administering them.
   */
  readonly narrowedIn: readonly string[];
}

/**
 * Everything, for the paths that run before there is an actor (sign-in, sign-up,
 * invites and links opened by their token, bootstrap, background jobs). Every use is a
 * deliberate, greppable `systemScope`.
 */
export const systemScope: Scope = Object.freeze({
  platformId: null,
  organisationIds: null,
  userId: null,
  narrowedIn: Object.freeze([]) as readonly string[],
});

const organisationsOf = (actor: Actor, roles?: readonly RoleName[]) => [
  ...new Set(
    actor.memberships.flatMap((m) =>
      m.organisationId && (!roles || roles.includes(m.role)) ? [m.organisationId] : [],
    ),
  ),
];

/**
 * The scope of an actor: a system administrator sees everything, a platform
 * administrator its whole platform, anyone else the organisations it belongs to (and its
 * own account); an application its own organisation. With `rule`, only the organisations
 * where the actor holds a role the rule grants (what a list under that rule may show).
 */
export function scopeFor(actor: Actor, rule?: Rule): Scope {
  if (actor.application) {
    return {
      platformId: actor.platformId,
      organisationIds: actor.organisationId && (!rule || rule.application) ? [actor.organisationId] : [],
      userId: null,
      narrowedIn: [],
    };
  }
  const roles = actor.memberships.map((m) => m.role);
  const grants = (role: RoleName) => roles.includes(role) && (!rule || rule.roles.includes(role));
  if (grants('system_admin')) return { ...systemScope, userId: actor.userId };
  if (grants('platform_admin'))
    return { platformId: actor.platformId, organisationIds: null, userId: actor.userId, narrowedIn: [] };
  const administered = organisationsOf(actor, ['organisation_admin']);
  return {
    platformId: actor.platformId,
    organisationIds: organisationsOf(actor, rule?.roles),
    userId: actor.userId,
    narrowedIn: organisationsOf(actor).filter((o) => !administered.includes(o)),
  };
}

/**
 * Every organisation of one platform, for what a member may address to any organisation
 * of its own platform without belonging to it (asking to join one). Greppable like
 * `systemScope`.
 */
export const platformScope = (platformId: string): Scope => ({
  platformId,
  organisationIds: null,
  userId: null,
  narrowedIn: [],
});

/**
 * One account's own rows and nothing else (its second factors, remembered devices): for the
 * sign-in's second step, which has no actor yet but knows whose factor it checks, and for
 * helpers keyed by the account. Greppable like `systemScope`.
 */
export const ownScope = (userId: string): Scope => ({
  platformId: null,
  organisationIds: [],
  userId,
  narrowedIn: [],
});

/** True when the scope reaches every organisation of `platformId`. */
export const reachesPlatform = (scope: Scope, platformId: string) =>
  scope.organisationIds === null && (scope.platformId === null || scope.platformId === platformId);

/** True when a row of `platformId` (and `organisationId`, if it belongs to one) lies in the scope. */
export function covers(scope: Scope, platformId: string, organisationId?: string | null): boolean {
  if (scope.platformId !== null && scope.platformId !== platformId) return false;
  if (scope.organisationIds === null) return true;
  return organisationId != null && scope.organisationIds.includes(organisationId);
}

/** Throws 404 unless `covers()`: for inserts, which have no row to filter yet. */
export function requireCovers(
  scope: Scope,
  platformId: string,
  organisationId: string | null | undefined,
  what = 'Resource',
): void {
  if (!covers(scope, platformId, organisationId)) throw notFound(what);
}

/** Throws 404 unless the scope reaches `platformId` at all: for inserting a row that belongs to a user of it. */
export function requirePlatform(scope: Scope, platformId: string, what = 'Resource'): void {
  if (scope.platformId !== null && scope.platformId !== platformId) throw notFound(what);
}

/** The columns of a tenant-owned table the scope filters on (qualified: `'a.platform_id'`). */
export interface ScopeColumns {
  platform: string;
  /** Omitted for platform-level rows, which every member of the platform sees. */
  organisation?: string;
  /**
   * For rows that are users (or belong to one): the user id column. The row shows when that
   * user belongs to an organisation of the scope, or is the caller.
   */
  member?: string;
  /** With `location`, the row is narrowed by the caller's user groups (report areas). */
  reportType?: string;
  location?: string;
}

const ids = (list: readonly string[]) => sql`${[...list]}::uuid[]`;

/**
 * The scope as one WHERE condition on a tenant-owned table. Ids go as one array
 * parameter, so the statement text (and its prepared plan) stays the same whatever the
 * scope holds.
 */
export function scopeWhere(scope: Scope, columns: ScopeColumns): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (scope.platformId !== null) parts.push(sql<SqlBool>`${sql.ref(columns.platform)} = ${scope.platformId}`);
  if (columns.organisation && scope.organisationIds !== null) {
    const organisation = sql.ref(columns.organisation);
    parts.push(sql<SqlBool>`${organisation} = any(${ids(scope.organisationIds)})`);
    if (columns.reportType && columns.location && scope.userId && scope.narrowedIn.length > 0) {
      parts.push(groupNarrowing(scope.userId, scope.narrowedIn, organisation, columns));
    }
  }
  if (columns.member && scope.organisationIds !== null) {
    const user = sql.ref(columns.member);
    parts.push(sql<SqlBool>`(${user} = ${scope.userId} or exists (select 1 from memberships sm
      where sm.user_id = ${user} and sm.organisation_id = any(${ids(scope.organisationIds)})))`);
  }
  if (parts.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * User groups inside the gate: in an organisation where the caller is narrowed, a row
 * shows only when the caller is in no group of that organisation, or its groups together
 * allow the row's report type and location (a group naming no type, or no location,
 * allows every one). The same rule as `groupScopeFor`, evaluated in the query.
 */
function groupNarrowing(
  userId: string,
  narrowedIn: readonly string[],
  organisation: Expression<unknown>,
  columns: ScopeColumns,
): Expression<SqlBool> {
  return sql<SqlBool>`(
    not (${organisation} = any(${ids(narrowedIn)}))
    or ${groupsAllow(sql`${userId}`, organisation, sql.ref(columns.reportType!), sql.ref(columns.location!))})`;
}

/** Whether one group (`group` its row: `id`, `report_types`) lets its members see a report type. */
export const groupAllowsType = (group: string, reportType: Expression<unknown>) =>
  sql<SqlBool>`(cardinality(${sql.ref(`${group}.report_types`)}) = 0 or ${reportType} = any(${sql.ref(`${group}.report_types`)}))`;

/** Whether one group lets its members see a location (a group naming no location allows all). */
export const groupAllowsLocation = (group: string, location: Expression<unknown>) =>
  sql<SqlBool>`(not exists (select 1 from user_group_locations gl where gl.group_id = ${sql.ref(`${group}.id`)})
    or exists (select 1 from user_group_locations gl
               where gl.group_id = ${sql.ref(`${group}.id`)} and gl.location_id = ${location}))`;

/**
 * Whether `user`'s groups in `organisation` let it see a report of `reportType` at
 * `location`: no group there, or their union allows both (decision 0014). Every argument is
 * an SQL expression, so a query can ask it for many users or locations at once (the
 * location-change check, decision 0131).
 */
export function groupsAllow(
  user: Expression<unknown>,
  organisation: Expression<unknown>,
  reportType: Expression<unknown>,
  location: Expression<unknown>,
): Expression<SqlBool> {
  const mine = sql`select g.id, g.report_types from user_groups g
    join user_group_users gu on gu.group_id = g.id
    where gu.user_id = ${user} and g.organisation_id = ${organisation}`;
  return sql<SqlBool>`(not exists (${mine})
    or (exists (select 1 from (${mine}) m where ${groupAllowsType('m', reportType)})
        and exists (select 1 from (${mine}) m where ${groupAllowsLocation('m', location)})))`;
}

/**
 * The scope with `narrowedIn` kept to the organisations where the caller is in a user group:
 * where it is in none, the groups narrow nothing (`groupsAllow` is true), so the query need
 * not say so row by row. One small indexed query; for lists over many rows, whose plans the
 * per-row group test would otherwise weigh down (decision 0133).
 */
export async function withGroupsOnly(db: Db, scope: Scope): Promise<Scope> {
  if (scope.narrowedIn.length === 0 || scope.userId === null) return scope;
  const rows = await sql<{ organisation_id: string }>`
    select distinct g.organisation_id from user_groups g
    join user_group_users gu on gu.group_id = g.id
    where gu.user_id = ${scope.userId} and g.organisation_id = any(${ids(scope.narrowedIn)})`.execute(db);
  const grouped = rows.rows.map((r) => r.organisation_id);
  return { ...scope, narrowedIn: scope.narrowedIn.filter((o) => grouped.includes(o)) };
}

interface Filterable<T> {
  where(expression: Expression<SqlBool>): T;
}

/** `qb` with the scope's WHERE: `inScope(db.selectFrom('applications as a'), scope, {platform: 'a.platform_id', organisation: 'a.organisation_id'})`. */
export function inScope<T extends Filterable<T>>(qb: T, scope: Scope, columns: ScopeColumns): T {
  return qb.where(scopeWhere(scope, columns));
}

/** A repository function that finds one tenant-owned row by id within a scope. */
export type ScopedLoad<R> = (db: Db, scope: Scope, id: string) => Promise<R | undefined>;

/** The access target of a row that names its platform and organisation. */
export const rowTarget = (row: { platform_id: string; organisation_id?: string | null }): Target => ({
  platformId: row.platform_id,
  organisationIds: row.organisation_id ? [row.organisation_id] : [],
});

/**
 * The one load-for-access path of a service: the row `id` as the actor's scope finds it
 * (another tenant's row is not found: 404 `what`), then `rule` checked on it (403 when
 * the actor sees it but may not do this). `target` says where the row lives, for the rule.
 */
export async function loadForAccess<R>(
  db: Db,
  actor: Actor,
  load: ScopedLoad<R>,
  id: string,
  access: { rule: Rule; what: string; target: (row: R) => Target },
): Promise<R> {
  const row = await load(db, scopeFor(actor), id);
  if (!row) throw notFound(access.what);
  requireAccess(actor, access.rule, access.target(row), access.what);
  return row;
}
