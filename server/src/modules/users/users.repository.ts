import type { Membership, RoleName, User } from '@vigilo/contract';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../platform/db.ts';

/** The user record as the API shows it, with memberships and platform name, in one query. */
export function selectUserView(db: Db) {
  return db
    .selectFrom('users as u')
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

export async function findUserView(db: Db, id: string): Promise<UserViewRow | undefined> {
  return selectUserView(db).where('u.id', '=', id).executeTakeFirst();
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

export async function insertUser(db: Db, user: NewUser): Promise<{ id: string }> {
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
  m: { platformId: string; userId: string; organisationId: string | null; role: RoleName },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ platform_id: m.platformId, user_id: m.userId, organisation_id: m.organisationId, role: m.role })
    .execute();
}
