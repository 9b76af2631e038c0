import type { ApiKey } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

const own = { platform: 'k.platform_id', organisation: 'k.organisation_id' };

function selectKeys(db: Db, scope: Scope) {
  return inScope(db.selectFrom('api_keys as k'), scope, own)
    .innerJoin('applications as a', 'a.id', 'k.application_id')
    .select([
      'k.id',
      'k.platform_id',
      'k.organisation_id',
      'k.application_id',
      'k.name',
      'k.prefix',
      'k.created_at',
      'k.last_used_at',
      'a.name as application_name',
      'a.submission_service_user',
    ])
    .where('k.revoked_at', 'is', null);
}

type KeyRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectKeys>['executeTakeFirst']>>>;

export function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    organisationId: row.organisation_id,
    applicationId: row.application_id,
    applicationName: row.application_name,
    submissionServiceUser: row.submission_service_user,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** The live keys of one organisation, newest first. */
export async function listKeys(
  db: Db,
  scope: Scope,
  filter: { platformId: string; organisationId: string; includeSubmissionServiceUsers: boolean },
) {
  let query = selectKeys(db, scope)
    .where('k.platform_id', '=', filter.platformId)
    .where('k.organisation_id', '=', filter.organisationId);
  if (!filter.includeSubmissionServiceUsers) query = query.where('a.submission_service_user', '=', false);
  return query.orderBy('k.created_at', 'desc').execute();
}

/** A live key by id. */
export async function findKey(db: Db, scope: Scope, id: string) {
  return selectKeys(db, scope).where('k.id', '=', id).executeTakeFirst();
}

export async function insertKey(
  db: Db,
  scope: Scope,
  values: {
    id: string;
    platformId: string;
    organisationId: string;
    applicationId: string;
    name: string;
    keyHash: string;
    prefix: string;
    createdBy: string;
  },
): Promise<void> {
  requireCovers(scope, values.platformId, values.organisationId, 'Organisation');
  await db
    .insertInto('api_keys')
    .values({
      id: values.id,
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      application_id: values.applicationId,
      name: values.name,
      key_hash: values.keyHash,
      prefix: values.prefix,
      created_by: values.createdBy,
    })
    .execute();
}

export async function revokeKey(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.updateTable('api_keys as k'), scope, own)
    .set({ revoked_at: sql`now()` })
    .where('k.id', '=', id)
    .execute();
}

/** What authenticating a key needs: the key's hash, its application and organisation. */
export async function findKeyForAuthentication(db: Db, id: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('applications as a', 'a.id', 'k.application_id')
    .innerJoin('organisations as o', 'o.id', 'k.organisation_id')
    .innerJoin('platforms as p', 'p.id', 'k.platform_id')
    .select([
      'k.id',
      'k.key_hash',
      'k.platform_id',
      'k.organisation_id',
      'k.last_used_at',
      'a.id as application_id',
      'a.name as application_name',
      'a.submission_service_user',
      'o.name as organisation_name',
      'p.name as platform_name',
      'k.created_at',
    ])
    .where('k.id', '=', id)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Records use, at most once a minute per key (a write per request would be waste). */
export async function touchKey(db: Db, id: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
