import type { Membership, RoleName, User, UserDetail } from '@vigilo/contract';
import { type RawBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { dbNow } from '../../db/columns.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { preparedShapes } from '../../platform/prepared.ts';
import {
  inScope,
  requireCovers,
  requirePlatform,
  type Scope,
  scopeWhere,
  systemScope,
} from '../../platform/scope.ts';
import { escapeLike } from '../../platform/sql-like.ts';

/** A user row is in scope when the user belongs to an organisation of it, or is the caller. */
const user = { platform: 'u.platform_id', member: 'u.id' };
/** Rows that hang off a user (settings, follows, sessions): the same rule through `user_id`. */
const ofUser = { platform: 'platform_id', member: 'user_id' };
const membership = { platform: 'platform_id', organisation: 'organisation_id' };

/** The user record as the API shows it, with memberships and platform name, in one query. */
export function selectUserView(db: Db, scope: Scope) {
  return inScope(db.selectFrom('users as u'), scope, user)
    .innerJoin('platforms as p', 'p.id', 'u.platform_id')
    .select((eb) => [
      'u.id',
      'u.platform_id',
      'p.name as platform_name',
      'u.email',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.language',
      'u.account_type',
      'u.deactivated_at',
      'u.default_organisation_id',
      'u.created_at',
      jsonArrayFrom(
        eb
          .selectFrom('memberships as m')
          .leftJoin('organisations as o', 'o.id', 'm.organisation_id')
          .select(['m.role', 'm.organisation_id as organisationId', 'o.name as organisationName'])
          .whereRef('m.user_id', '=', 'u.id')
          .orderBy('o.name')
          .orderBy('m.role'),
      ).as('memberships'),
    ]);
}

export type UserViewRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectUserView>['executeTakeFirst']>>
>;

export function toUser(row: UserViewRow, organisationId: string | null): User {
  return {
    id: row.id,
    platformId: row.platform_id,
    platformName: row.platform_name,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    language: row.language,
    accountType: row.account_type,
    deactivated: row.deactivated_at !== null,
    organisationId,
    memberships: row.memberships.map((m) => ({ ...m, role: m.role as RoleName })) as Membership[],
    createdAt: row.created_at.toISOString(),
  };
}

export async function findUserView(db: Db, scope: Scope, id: string): Promise<UserViewRow | undefined> {
  return selectUserView(db, scope).where('u.id', '=', id).executeTakeFirst();
}

/** Accounts a login name may refer to: by email or username, in one platform or in all of them. */
export async function findLoginCandidates(
  db: Db,
  login: { email?: string; username?: string; platformId?: string },
) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('platforms as p', 'p.id', 'u.platform_id')
    .select([
      'u.id',
      'u.platform_id',
      'u.password_hash',
      'u.deactivated_at',
      'u.default_organisation_id',
      'p.domain',
    ]);
  if (login.email !== undefined) query = query.where('u.email', '=', login.email);
  else query = query.where('u.username', '=', login.username ?? '');
  if (login.platformId) query = query.where('u.platform_id', '=', login.platformId);
  return query.limit(20).execute();
}

export interface NewUser {
  platformId: string;
  email: string;
  username?: string | null;
  passwordHash: string | null;
  firstName?: string;
  lastName?: string;
  language?: string;
  accountType?: string;
  defaultOrganisationId?: string | null;
}

export async function insertUser(db: Db, scope: Scope, user: NewUser): Promise<{ id: string }> {
  requirePlatform(scope, user.platformId, 'Platform');
  return db
    .insertInto('users')
    .values({
      platform_id: user.platformId,
      email: user.email,
      username: user.username ?? null,
      password_hash: user.passwordHash,
      first_name: user.firstName ?? '',
      last_name: user.lastName ?? '',
      language: user.language ?? 'en',
      account_type: user.accountType ?? 'standard',
      default_organisation_id: user.defaultOrganisationId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertMembership(
  db: Db,
  scope: Scope,
  m: { platformId: string; userId: string; organisationId: string | null; role: RoleName },
): Promise<void> {
  requireCovers(scope, m.platformId, m.organisationId, 'Organisation');
  await db
    .insertInto('memberships')
    .values({ platform_id: m.platformId, user_id: m.userId, organisation_id: m.organisationId, role: m.role })
    // Granting a role someone already has changes nothing (an invite accepted by a member,
    // a membership request for a role held, two approvals racing).
    .onConflict((oc) => oc.doNothing())
    .execute();
}

// ---------------------------------------------------------------------------------------
// Administration: settings, search, updates, deletion.

export interface UserFilters {
  /** The platform listed (the caller's). */
  platformId: string;
  query?: string;
  organisationIds?: readonly string[];
  roles?: readonly RoleName[];
  changeRequestStatuses?: readonly string[];
  includeDeactivated?: boolean;
  onlyDeletionRequests?: boolean;
  accountTypes?: readonly string[];
}

/** The user view with the settings administrators see (left join: most users have no settings row). */
function selectUserDetail(db: Db, scope: Scope) {
  return selectUserView(db, scope)
    .leftJoin('user_settings as s', 's.user_id', 'u.id')
    .select((eb) => [
      's.phone',
      's.preferences',
      's.deletion_requested_at',
      eb
        .selectFrom('change_requests as cr')
        .select('cr.status')
        .whereRef('cr.user_id', '=', 'u.id')
        .orderBy('cr.created_at', 'desc')
        .limit(1)
        .as('change_request_status'),
      eb
        .selectFrom('email_links as el')
        .select('el.email')
        .whereRef('el.user_id', '=', 'u.id')
        .where('el.purpose', '=', 'email_change')
        .where('el.used_at', 'is', null)
        .where('el.expires_at', '>', sql<Date>`now()`)
        .orderBy('el.created_at', 'desc')
        .limit(1)
        .as('pending_email'),
      jsonArrayFrom(
        eb
          .selectFrom('user_group_users as gu')
          .innerJoin('user_groups as g', 'g.id', 'gu.group_id')
          .select(['g.id', 'g.name', 'g.organisation_id as organisationId'])
          .whereRef('gu.user_id', '=', 'u.id')
          .orderBy('g.name'),
      ).as('groups'),
    ])
    .where('s.deleted_at', 'is', null);
}

export type UserDetailRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectUserDetail>['executeTakeFirst']>>
>;

export function toUserDetail(row: UserDetailRow, organisationId: string | null): UserDetail {
  return {
    ...toUser(row, organisationId),
    phone: row.phone ?? null,
    preferences: row.preferences ?? {},
    deletionRequestedAt: row.deletion_requested_at?.toISOString() ?? null,
    changeRequestStatus: (row.change_request_status as UserDetail['changeRequestStatus']) ?? null,
    pendingEmail: row.pending_email ?? null,
    groups: row.groups,
  };
}

/** One user with settings; undefined when missing or permanently deleted. */
export async function findUserDetail(db: Db, scope: Scope, id: string): Promise<UserDetailRow | undefined> {
  return selectUserDetail(db, scope).where('u.id', '=', id).executeTakeFirst();
}

/** Which clauses a search has: one compiled query per shape (see preparedShapes). */
interface SearchShape extends Record<string, boolean | string> {
  scope: 'platform' | 'organisations' | 'nothing';
  organisations: boolean;
  roles: boolean;
  statuses: boolean;
  deactivated: boolean;
  deletionRequests: boolean;
  accountTypes: boolean;
  text: boolean;
}
type SearchParam =
  | 'platformId'
  | 'scopeOrganisationIds'
  | 'organisationIds'
  | 'roles'
  | 'statuses'
  | 'accountTypes'
  | 'like';

function searchShape(scope: Scope, f: UserFilters): SearchShape {
  return {
    scope:
      scope.organisationIds === null
        ? 'platform'
        : scope.organisationIds.length
          ? 'organisations'
          : 'nothing',
    organisations: Boolean(f.organisationIds?.length),
    roles: Boolean(f.roles?.length),
    statuses: Boolean(f.changeRequestStatuses?.length),
    deactivated: Boolean(f.includeDeactivated),
    deletionRequests: Boolean(f.onlyDeletionRequests),
    accountTypes: Boolean(f.accountTypes?.length),
    text: Boolean(f.query?.trim()),
  };
}

function searchValues(scope: Scope, f: UserFilters): Record<SearchParam, unknown> {
  const text = f.query?.trim() ?? '';
  return {
    platformId: f.platformId,
    scopeOrganisationIds: scope.organisationIds ?? [],
    organisationIds: f.organisationIds ?? [],
    roles: f.roles ?? [],
    statuses: f.changeRequestStatuses ?? [],
    accountTypes: f.accountTypes ?? [],
    like: `%${escapeLike(text)}%`,
  };
}

/** `column = any($n)`: one parameter for a whole list, so the SQL is the same whatever its length. */
const anyOf = (column: string, list: string) => sql<boolean>`${sql.ref(column)} = any(${list})`;

// Compiled once per shape, so the scope cannot be baked in: its organisations are the
// `scopeOrganisationIds` parameter (searchValues), applied below as inScope would. The
// systemScope here only means "no second, compile-time filter".
function searchUsers(db: Db, p: (name: SearchParam) => string, s: SearchShape) {
  let q = selectUserDetail(db, systemScope).where('u.platform_id', '=', p('platformId'));
  const inOrganisations = (list: string) =>
    q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as fm')
          .select('fm.id')
          .whereRef('fm.user_id', '=', 'u.id')
          .where(anyOf('fm.organisation_id', list)),
      ),
    );
  if (s.scope === 'nothing') return q.where(sql<boolean>`false`);
  if (s.scope === 'organisations') q = inOrganisations(p('scopeOrganisationIds'));
  if (s.organisations) q = inOrganisations(p('organisationIds'));
  if (s.roles) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as rm')
          .select('rm.id')
          .whereRef('rm.user_id', '=', 'u.id')
          .where(anyOf('rm.role', p('roles'))),
      ),
    );
  }
  if (s.statuses) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('change_requests as fcr')
          .select('fcr.id')
          .whereRef('fcr.user_id', '=', 'u.id')
          .where(anyOf('fcr.status', p('statuses'))),
      ),
    );
  }
  if (!s.deactivated) q = q.where('u.deactivated_at', 'is', null);
  if (s.deletionRequests) q = q.where('s.deletion_requested_at', 'is not', null);
  if (s.accountTypes) q = q.where(anyOf('u.account_type', p('accountTypes')));
  if (s.text) {
    q = q.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', p('like')),
        eb('u.username', 'ilike', p('like')),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', p('like')),
      ]),
    );
  }
  return q;
}

// The administration list is the hottest query after the actor: built and compiled once
// per shape, not per request (decision 0061).
const userPage = preparedShapes((db, p: (name: SearchParam | 'limit' | 'offset') => string, s: SearchShape) =>
  searchUsers(db, p, s)
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.email')
    .limit(sql<number>`${p('limit')}::int`)
    .offset(sql<number>`${p('offset')}::int`),
);
const userCount = preparedShapes((db, p: (name: SearchParam) => string, s: SearchShape) =>
  db.selectFrom(searchUsers(db, p, s).as('x')).select((eb) => eb.fn.countAll<string>().as('count')),
);
const userExport = preparedShapes((db, p: (name: SearchParam | 'limit') => string, s: SearchShape) =>
  searchUsers(db, p, s)
    .orderBy('u.last_name')
    .orderBy('u.email')
    .limit(sql<number>`${p('limit')}::int`),
);

/** A page of users in scope matching the filters, with the total. */
export async function findUserPage(
  db: Db,
  scope: Scope,
  filters: UserFilters,
  page: { page: number; size: number },
): Promise<{ rows: UserDetailRow[]; total: number }> {
  const shape = searchShape(scope, filters);
  const values = searchValues(scope, filters);
  const rows = await userPage.execute(db, shape, {
    ...values,
    limit: page.size,
    offset: (page.page - 1) * page.size,
  });
  if (rows.length > 0 || page.page === 1) return { rows, total: Number(rows[0]?.total ?? 0) };
  // Past the last page: the rows are empty but the total is still wanted.
  const [counted] = await userCount.execute(db, shape, values);
  return { rows, total: Number(counted?.count ?? 0) };
}

/** Every user in scope matching the filters, for the CSV export (bounded). */
export async function findUsersForExport(db: Db, scope: Scope, filters: UserFilters, limit: number) {
  return userExport.execute(db, searchShape(scope, filters), { ...searchValues(scope, filters), limit });
}

export interface UserChanges {
  email?: string;
  username?: string | null;
  firstName?: string;
  lastName?: string;
  language?: string;
  accountType?: string;
  passwordHash?: string | null;
  deactivatedAt?: RawBuilder<Date> | null;
}

export async function updateUser(db: Db, scope: Scope, id: string, c: UserChanges): Promise<void> {
  const set = {
    ...(c.email !== undefined && { email: c.email }),
    ...(c.username !== undefined && { username: c.username }),
    ...(c.firstName !== undefined && { first_name: c.firstName }),
    ...(c.lastName !== undefined && { last_name: c.lastName }),
    ...(c.language !== undefined && { language: c.language }),
    ...(c.accountType !== undefined && { account_type: c.accountType }),
    ...(c.passwordHash !== undefined && { password_hash: c.passwordHash }),
    ...(c.deactivatedAt !== undefined && { deactivated_at: c.deactivatedAt }),
  };
  if (Object.keys(set).length === 0) return;
  await inScope(db.updateTable('users as u'), scope, user)
    .set({ ...set, updated_at: dbNow() })
    .where('u.id', '=', id)
    .execute();
}

export interface SettingsChanges {
  phone?: string | null;
  preferences?: Record<string, unknown>;
  pushToken?: string | null;
  deletionRequestedAt?: RawBuilder<Date> | null;
  deletedAt?: Date;
}

/** Creates or updates the user's settings row. */
export async function upsertSettings(
  db: Db,
  scope: Scope,
  user: { id: string; platformId: string },
  c: SettingsChanges,
): Promise<void> {
  await requireUser(db, scope, user.id);
  const values = {
    ...(c.phone !== undefined && { phone: c.phone }),
    ...(c.preferences !== undefined && { preferences: JSON.stringify(c.preferences) }),
    ...(c.pushToken !== undefined && { push_token: c.pushToken, push_token_updated_at: dbNow() }),
    ...(c.deletionRequestedAt !== undefined && { deletion_requested_at: c.deletionRequestedAt }),
    ...(c.deletedAt !== undefined && { deleted_at: c.deletedAt }),
  };
  await db
    .insertInto('user_settings')
    .values({ user_id: user.id, platform_id: user.platformId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: dbNow() }))
    .execute();
}

/**
 * Replaces the user's memberships that the actor manages: the roles in `within.roles`, in
 * `within.organisationIds` (or every organisation and platform-wide when `allOrganisations`).
 * Memberships outside that reach are left as they are.
 */
export async function replaceMemberships(
  db: Db,
  scope: Scope,
  user: { id: string; platformId: string },
  within: { organisationIds: readonly string[]; allOrganisations: boolean; roles: readonly RoleName[] },
  memberships: readonly { organisationId: string | null; role: RoleName }[],
): Promise<void> {
  for (const m of memberships) requireCovers(scope, user.platformId, m.organisationId, 'Organisation');
  let remove = inScope(db.deleteFrom('memberships'), scope, membership)
    .where('user_id', '=', user.id)
    .where('role', 'in', within.roles);
  if (!within.allOrganisations) {
    remove = within.organisationIds.length
      ? remove.where('organisation_id', 'in', within.organisationIds)
      : remove.where(sql<boolean>`false`);
  }
  await remove.execute();
  for (const m of memberships) {
    await db
      .insertInto('memberships')
      .values({
        platform_id: user.platformId,
        user_id: user.id,
        organisation_id: m.organisationId,
        role: m.role,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Clears a pending deletion request; answers when it had been made, or null when none was pending. */
export async function clearDeletionRequest(db: Db, scope: Scope, userId: string): Promise<Date | null> {
  const before = await inScope(db.selectFrom('user_settings'), scope, ofUser)
    .select('deletion_requested_at')
    .where('user_id', '=', userId)
    .where('deletion_requested_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!before?.deletion_requested_at) return null;
  await db
    .updateTable('user_settings')
    .set({ deletion_requested_at: null })
    .where('user_id', '=', userId)
    .execute();
  return before.deletion_requested_at;
}

/** Ends every session of a user at once (deactivation, deletion). Returns how many tokens. */
export async function revokeAllSessions(
  db: Db,
  scope: Scope,
  userId: string,
  reason: string,
): Promise<number> {
  const result = await inScope(db.updateTable('refresh_tokens'), scope, ofUser)
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** True when another account of the platform already uses this email or username. */
/** Which of the login names another account on the platform already uses (email first), if any. */
export async function loginNameTaken(
  db: Db,
  platformId: string,
  names: { email?: string; username?: string | null },
  exceptUserId?: string,
): Promise<'email' | 'username' | null> {
  let q = db.selectFrom('users').select(['email', 'username']).where('platform_id', '=', platformId);
  q = q.where((eb) => {
    const parts = [];
    if (names.email) parts.push(eb('email', '=', names.email));
    if (names.username) parts.push(eb('username', '=', names.username));
    return parts.length ? eb.or(parts) : sql<boolean>`false`;
  });
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  const rows = await q.limit(2).execute();
  if (rows.length === 0) return null;
  // The database compares case-insensitively (citext); so does this.
  const same = (a: string | null, b: string | null | undefined) =>
    !!a && !!b && a.toLowerCase() === b.toLowerCase();
  return rows.some((r) => same(r.email, names.email)) ? 'email' : 'username';
}

/**
 * Permanent deletion: personal data removed or anonymised; the user row stays (reports
 * and audit rows refer to it), with no way to sign in and no name, email or phone.
 */
export async function anonymiseUser(
  db: Db,
  scope: Scope,
  user: { id: string; platformId: string },
): Promise<void> {
  await requireUser(db, scope, user.id);
  await db
    .updateTable('users')
    .set({
      email: `deleted-${user.id}@invalid`,
      username: null,
      first_name: '',
      last_name: '',
      password_hash: null,
      deactivated_at: dbNow(),
      default_organisation_id: null,
      updated_at: dbNow(),
    })
    .where('id', '=', user.id)
    .execute();
  await db
    .insertInto('user_settings')
    .values({ user_id: user.id, platform_id: user.platformId, deleted_at: dbNow() })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        phone: null,
        preferences: '{}',
        push_token: null,
        push_token_updated_at: null,
        deletion_requested_at: null,
        deleted_at: dbNow(),
        updated_at: dbNow(),
      }),
    )
    .execute();
  await db.deleteFrom('memberships').where('user_id', '=', user.id).execute();
  await db.deleteFrom('user_organisation_preferences').where('user_id', '=', user.id).execute();
  await db.deleteFrom('user_follows').where('user_id', '=', user.id).execute();
  await db.deleteFrom('change_requests').where('user_id', '=', user.id).execute();
  await db.deleteFrom('user_group_users').where('user_id', '=', user.id).execute();
  await db.deleteFrom('mfa_factors').where('user_id', '=', user.id).execute();
  await db.deleteFrom('remembered_devices').where('user_id', '=', user.id).execute();
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', user.id).execute();
  await db.deleteFrom('access_tokens').where('user_id', '=', user.id).execute();
  await db.deleteFrom('refresh_tokens').where('user_id', '=', user.id).execute();
}

// Organisation preferences -----------------------------------------------------------------

/** One row per organisation the user is a member of, with the stored preferences or `{}`. */
export async function findOrganisationPreferences(db: Db, scope: Scope, userId: string) {
  return inScope(db.selectFrom('memberships as m'), scope, {
    platform: 'm.platform_id',
    organisation: 'm.organisation_id',
  })
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .leftJoin('user_organisation_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'm.user_id').onRef('p.organisation_id', '=', 'm.organisation_id'),
    )
    .select(['o.id as organisationId', 'o.name as organisationName', 'p.preferences', 'p.updated_at'])
    .distinctOn('o.id')
    .where('m.user_id', '=', userId)
    .orderBy('o.id')
    .execute();
}

export async function upsertOrganisationPreferences(
  db: Db,
  scope: Scope,
  user: { id: string; platformId: string },
  organisationId: string,
  preferences: Record<string, unknown>,
): Promise<void> {
  requireCovers(scope, user.platformId, organisationId, 'Organisation');
  const json = JSON.stringify(preferences);
  await db
    .insertInto('user_organisation_preferences')
    .values({
      user_id: user.id,
      platform_id: user.platformId,
      organisation_id: organisationId,
      preferences: json,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'organisation_id']).doUpdateSet({ preferences: json, updated_at: dbNow() }),
    )
    .execute();
}

// Watchlist -------------------------------------------------------------------------------

export async function findFollowing(db: Db, scope: Scope, userId: string) {
  return inScope(db.selectFrom('user_follows'), scope, ofUser)
    .select(['item_type', 'item_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('item_type')
    .orderBy('item_id')
    .execute();
}

export async function follow(
  db: Db,
  scope: Scope,
  user: { id: string; platformId: string },
  items: readonly { type: string; id: string }[],
): Promise<void> {
  if (items.length === 0) return;
  await requireUser(db, scope, user.id);
  await db
    .insertInto('user_follows')
    .values(
      items.map((i) => ({
        user_id: user.id,
        platform_id: user.platformId,
        item_type: i.type,
        item_id: i.id,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unfollow(
  db: Db,
  scope: Scope,
  userId: string,
  items: readonly { type: string; id: string }[],
) {
  for (const i of items) {
    await inScope(db.deleteFrom('user_follows'), scope, ofUser)
      .where('user_id', '=', userId)
      .where('item_type', '=', i.type)
      .where('item_id', '=', i.id)
      .execute();
  }
}

/**
 * Takes a user out of one organisation: their roles there, their groups of it and their
 * preferences for it. The rest of the account (other organisations, login, status) stays.
 */
export async function removeOrganisationMembership(
  db: Db,
  scope: Scope,
  userId: string,
  organisationId: string,
  nextDefault: string | null,
): Promise<void> {
  await requireUser(db, scope, userId);
  await inScope(db.deleteFrom('memberships'), scope, membership)
    .where('user_id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .execute();
  await db
    .deleteFrom('user_group_users')
    .where('user_id', '=', userId)
    .where('group_id', 'in', (eb) =>
      inScope(eb.selectFrom('user_groups'), scope, membership)
        .select('id')
        .where('organisation_id', '=', organisationId),
    )
    .execute();
  await inScope(db.deleteFrom('user_organisation_preferences'), scope, membership)
    .where('user_id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .execute();
  await db
    .updateTable('users')
    .set({ default_organisation_id: nextDefault, updated_at: dbNow() })
    .where('id', '=', userId)
    .where('default_organisation_id', '=', organisationId)
    .execute();
}

/** 404 unless the scope sees the user: before writes to rows keyed by a user id (upserts have no row to filter). */
async function requireUser(db: Db, scope: Scope, userId: string): Promise<void> {
  const found = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', '=', userId)
    .where(scopeWhere(scope, user))
    .executeTakeFirst();
  if (!found) throw notFound('User');
}
