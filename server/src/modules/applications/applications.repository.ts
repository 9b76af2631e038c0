import type { Application } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

const own = { platform: 'a.platform_id', organisation: 'a.organisation_id' };

function selectApplications(db: Db, scope: Scope) {
  return inScope(db.selectFrom('applications as a'), scope, own).select((eb) => [
    'a.id',
    'a.platform_id',
    'a.organisation_id',
    'a.name',
    'a.submission_service_user',
    'a.is_default',
    'a.created_at',
    'a.updated_at',
    'a.version',
    eb
      .selectFrom('api_keys as k')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('k.application_id', '=', 'a.id')
      .where('k.revoked_at', 'is', null)
      .as('active_keys'),
  ]);
}

type ApplicationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectApplications>['executeTakeFirst']>>
>;

export function toApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    application: row.name,
    submissionServiceUser: row.submission_service_user,
    isDefault: row.is_default,
    activeKeys: Number(row.active_keys ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** The applications of one organisation (the tenant filter is the query's). */
export async function listApplications(
  db: Db,
  scope: Scope,
  organisation: { platformId: string; organisationId: string },
) {
  return selectApplications(db, scope)
    .where('a.platform_id', '=', organisation.platformId)
    .where('a.organisation_id', '=', organisation.organisationId)
    .orderBy('a.is_default', 'desc')
    .orderBy('a.name')
    .execute();
}

export async function findApplication(db: Db, scope: Scope, id: string) {
  return selectApplications(db, scope).where('a.id', '=', id).executeTakeFirst();
}

export async function findDefaultApplication(
  db: Db,
  scope: Scope,
  organisation: { platformId: string; organisationId: string },
) {
  return selectApplications(db, scope)
    .where('a.platform_id', '=', organisation.platformId)
    .where('a.organisation_id', '=', organisation.organisationId)
    .where('a.is_default', '=', true)
    .executeTakeFirst();
}

export async function insertApplication(
  db: Db,
  scope: Scope,
  values: {
    platformId: string;
    organisationId: string;
    name: string;
    submissionServiceUser: boolean;
    isDefault: boolean;
  },
): Promise<{ id: string }> {
  requireCovers(scope, values.platformId, values.organisationId, 'Organisation');
  return db
    .insertInto('applications')
    .values({
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      name: values.name,
      submission_service_user: values.submissionServiceUser,
      is_default: values.isDefault,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateApplication(
  db: Db,
  scope: Scope,
  id: string,
  values: { name?: string; submissionServiceUser?: boolean },
): Promise<void> {
  await inScope(db.updateTable('applications as a'), scope, own)
    .set({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.submissionServiceUser === undefined
        ? {}
        : { submission_service_user: values.submissionServiceUser }),
    })
    .where('a.id', '=', id)
    .execute();
}

export async function deleteApplication(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('applications as a'), scope, own).where('a.id', '=', id).execute();
}

/**
 * Serialises the changes that decide an organisation's default application (the first
 * one created, or a new default): parallel requests take turns instead of breaking the
 * one-default rule.
 */
export async function lockOrganisationApplications(
  db: Db,
  scope: Scope,
  organisationId: string,
): Promise<void> {
  await inScope(db.selectFrom('organisations').select('id'), scope, {
    platform: 'platform_id',
    organisation: 'id',
  })
    .where('id', '=', organisationId)
    .forUpdate()
    .execute();
}

/** Makes `id` the one default application of its organisation. */
export async function setDefaultApplication(
  db: Db,
  scope: Scope,
  organisationId: string,
  id: string,
): Promise<void> {
  await inScope(db.updateTable('applications as a'), scope, own)
    .set({ is_default: false })
    .where('a.organisation_id', '=', organisationId)
    .where('a.is_default', '=', true)
    .where('a.id', '<>', id)
    .execute();
  await inScope(db.updateTable('applications as a'), scope, own)
    .set({ is_default: true })
    .where('a.id', '=', id)
    .where('a.organisation_id', '=', organisationId)
    .execute();
}
