import type {
  Platform,
  PlatformCreate,
  PlatformUpdate,
  PublicPlatform,
  PublicReporting,
} from '@vigilo/contract';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { inScope, type Scope } from '../../platform/scope.ts';

/** A platform row is its own tenant. */
const self = { platform: 'id' };

const columns = [
  'id',
  'name',
  'domain',
  'mfa_methods',
  'server_configuration',
  'created_at',
  'updated_at',
  'version',
] as const;

export async function findPlatform(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('platforms'), scope, self)
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst();
}

type PlatformRow = NonNullable<Awaited<ReturnType<typeof findPlatform>>>;

/** The public look-up selects only public columns, so nothing private can leak by mistake. */
export async function findPublicPlatformByDomain(
  db: Db,
  domain: string,
): Promise<PublicPlatform | undefined> {
  return db
    .selectFrom('platforms')
    .select(['id', 'name', 'domain'])
    .where('domain', '=', domain)
    .executeTakeFirst();
}

/**
 * The organisations a public report may go to, with only the public columns: the one a link
 * names, else the platform's regulators, else all of them (at most 200, by name).
 */
export async function findPublicReportingOrganisations(
  db: Db,
  scope: Scope,
  platformId: string,
  organisationId: string | undefined,
): Promise<PublicReporting['organisations']> {
  const base = inScope(db.selectFrom('organisations'), scope, { platform: 'platform_id', organisation: 'id' })
    .select(['id', 'name', 'kind'])
    .where('platform_id', '=', platformId)
    .orderBy('name')
    .orderBy('id')
    .limit(200);
  if (organisationId !== undefined) return base.where('id', '=', organisationId).execute();
  const regulators = await base.where('kind', '=', 'regulator').execute();
  return regulators.length > 0 ? regulators : base.execute();
}

/** The platforms of the scope: every one for system administrators, else the caller's own. */
export async function listPlatforms(db: Db, scope: Scope) {
  return inScope(db.selectFrom('platforms'), scope, self)
    .select(columns)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function insertPlatformRow(db: Db, scope: Scope, body: PlatformCreate) {
  // A new platform lies in no tenant yet: only a scope over every platform may make one.
  if (scope.platformId !== null) throw notFound('Platform');
  return db
    .insertInto('platforms')
    .values({ name: body.name, domain: body.domain ?? null, mfa_methods: body.mfaMethods ?? [] })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updatePlatformRow(db: Db, scope: Scope, id: string, body: PlatformUpdate) {
  return inScope(db.updateTable('platforms'), scope, self)
    .set({
      name: body.name,
      domain: body.domain,
      mfa_methods: body.mfaMethods,
      server_configuration:
        body.serverConfiguration === undefined ? undefined : JSON.stringify(body.serverConfiguration),
    })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function domainTaken(db: Db, domain: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('platforms').select('id').where('domain', '=', domain);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function toPlatform(row: PlatformRow): Platform {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    mfaMethods: row.mfa_methods,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}
