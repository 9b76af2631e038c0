import type {
  CatalogueItem,
  Contact,
  ContactCreate,
  Location,
  LocationInput,
  Organisation,
  OrganisationCreate,
  OrganisationUpdate,
} from '@vigilo/contract';
import { type Selectable, sql } from 'kysely';
import type { CatalogueTable, ContactTable, LocationTable } from '../../db/tables/organisations.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { inScope, requireCovers, type Scope, scopeWhere } from '../../platform/scope.ts';
import { escapeLike } from '../../platform/sql-like.ts';

/** The scope's columns for a table of an organisation's rows. */
const ofOrganisation = { platform: 'platform_id', organisation: 'organisation_id' };

export async function insertPlatform(
  db: Db,
  scope: Scope,
  values: { name: string; domain?: string | null; mfaMethods?: string[] },
): Promise<{ id: string }> {
  // A new platform lies in no tenant yet: only a scope over every platform may make one.
  if (scope.platformId !== null || scope.organisationIds !== null) throw notFound('Platform');
  return db
    .insertInto('platforms')
    .values({ name: values.name, domain: values.domain ?? null, mfa_methods: values.mfaMethods ?? [] })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertOrganisation(
  db: Db,
  scope: Scope,
  values: { platformId: string; name: string; kind?: string; country?: string | null; id?: string },
): Promise<{ id: string }> {
  requireCovers(scope, values.platformId, undefined, 'Platform');
  return db
    .insertInto('organisations')
    .values({
      // A fixed id only for the demo regulator, so the README can give its public form's address.
      ...(values.id ? { id: values.id } : {}),
      platform_id: values.platformId,
      name: values.name,
      kind: values.kind ?? 'other',
      country: values.country ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const organisationColumns = [
  'o.id',
  'o.platform_id',
  'o.name',
  'o.kind',
  'o.country',
  'o.description',
  'o.email',
  'o.phone',
  'o.website',
  'o.address',
  'o.location_provider',
  'o.workspace_id',
  'o.accepts_account_requests',
  'o.time_zone',
  'o.created_at',
  'o.updated_at',
  'o.version',
] as const;
const plainColumns = organisationColumns.map((c) => c.slice(2)) as unknown as readonly StripAlias<
  (typeof organisationColumns)[number]
>[];
type StripAlias<T> = T extends `o.${infer C}` ? C : never;

export type OrganisationRow = Awaited<ReturnType<typeof findOrganisation>> & {};

/** The scope's columns for the organisations table itself. */
const self = { platform: 'o.platform_id', organisation: 'o.id' };

/** One organisation by id, if the scope sees it. */
export async function findOrganisation(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('organisations as o'), scope, self)
    .select(organisationColumns)
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export function toOrganisation(row: NonNullable<OrganisationRow>): Organisation {
  return {
    id: row.id,
    platformId: row.platform_id,
    name: row.name,
    kind: row.kind,
    country: row.country,
    description: row.description,
    email: row.email,
    phone: row.phone,
    website: row.website,
    address: row.address,
    locationProvider: row.location_provider,
    workspaceId: row.workspace_id,
    acceptsAccountRequests: row.accepts_account_requests,
    timeZone: row.time_zone,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

export interface OrganisationListFilter {
  /** The platform listed. */
  platformId: string;
  query?: string;
  kind?: string;
  country?: string;
  workspaceId?: string;
  unassigned?: boolean;
}

function listQuery(db: Db, scope: Scope, filter: OrganisationListFilter) {
  let q = inScope(db.selectFrom('organisations as o'), scope, self).where(
    'o.platform_id',
    '=',
    filter.platformId,
  );
  if (filter.query) q = q.where('o.name', 'ilike', `%${escapeLike(filter.query)}%`);
  if (filter.kind) q = q.where('o.kind', '=', filter.kind);
  if (filter.country) q = q.where('o.country', '=', filter.country.toUpperCase());
  if (filter.workspaceId) q = q.where('o.workspace_id', '=', filter.workspaceId);
  if (filter.unassigned) q = q.where('o.workspace_id', 'is', null);
  return q;
}

/** Organisations of a scope, by name; `limit`/`offset` page them. */
export async function listOrganisations(
  db: Db,
  scope: Scope,
  filter: OrganisationListFilter,
  page?: { limit: number; offset: number },
) {
  let q = listQuery(db, scope, filter).select(organisationColumns).orderBy('o.name').orderBy('o.id');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export async function countOrganisations(db: Db, scope: Scope, filter: OrganisationListFilter) {
  const row = await listQuery(db, scope, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createOrganisation(
  db: Db,
  scope: Scope,
  platformId: string,
  fields: OrganisationCreate['params'] & { locationProvider?: string | null },
) {
  requireCovers(scope, platformId, undefined, 'Platform');
  return db
    .insertInto('organisations')
    .values({
      platform_id: platformId,
      name: fields.name,
      kind: fields.kind ?? 'other',
      country: fields.country ?? null,
      description: fields.description ?? '',
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      website: fields.website ?? null,
      address: fields.address ?? '',
      location_provider: fields.locationProvider ?? null,
      time_zone: fields.timeZone ?? 'UTC',
    })
    .returning(plainColumns)
    .executeTakeFirstOrThrow();
}

export async function updateOrganisation(
  db: Db,
  scope: Scope,
  platformId: string,
  id: string,
  fields: OrganisationUpdate,
) {
  return inScope(db.updateTable('organisations'), scope, { platform: 'platform_id', organisation: 'id' })
    .set({
      name: fields.name,
      kind: fields.kind,
      country: fields.country,
      description: fields.description,
      email: fields.email,
      phone: fields.phone,
      website: fields.website,
      address: fields.address,
      location_provider: fields.locationProvider,
      accepts_account_requests: fields.acceptsAccountRequests,
      time_zone: fields.timeZone,
    })
    .where('platform_id', '=', platformId)
    .where('id', '=', id)
    .returning(plainColumns)
    .executeTakeFirstOrThrow();
}

// ─── the organisation's calendar ──────────────────────────────────────────────────

/** Whether PostgreSQL knows the zone `name` by that name (it counts "today" in it). */
export async function databaseKnowsZone(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql<{ known: boolean }>`select exists (
      select 1 from pg_timezone_names where name = ${name}) as known`.execute(db);
  return rows[0]?.known === true;
}

/**
 * An organisation's time zone and today's date in it, by the database's clock (`vigilo_now()`,
 * migration 202612041500). No scope: callers have already loaded the organisation they name.
 */
export async function organisationCalendar(
  db: Db,
  organisationId: string,
): Promise<{ timeZone: string; today: string } | undefined> {
  const { rows } = await sql<{ time_zone: string; today: string }>`select o.time_zone,
      (vigilo_now() at time zone o.time_zone)::date::text as today
    from organisations o where o.id = ${organisationId}`.execute(db);
  const row = rows[0];
  return row ? { timeZone: row.time_zone, today: row.today } : undefined;
}

// ─── contacts ──────────────────────────────────────────────────────────────────

export async function listContacts(db: Db, scope: Scope, organisationId: string): Promise<Contact[]> {
  const rows = await inScope(db.selectFrom('organisation_contacts'), scope, ofOrganisation)
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toContact);
}

export async function insertContact(
  db: Db,
  scope: Scope,
  org: { platformId: string; organisationId: string },
  contact: ContactCreate,
): Promise<Contact> {
  requireCovers(scope, org.platformId, org.organisationId, 'Organisation');
  const row = await db
    .insertInto('organisation_contacts')
    .values({
      platform_id: org.platformId,
      organisation_id: org.organisationId,
      name: contact.name,
      title: contact.title ?? '',
      email: contact.email ?? null,
      phone: contact.phone ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContact(row);
}

const toContact = (r: Selectable<ContactTable>): Contact => ({
  id: r.id,
  organisationId: r.organisation_id,
  name: r.name,
  title: r.title,
  email: r.email,
  phone: r.phone,
  createdAt: r.created_at.toISOString(),
});

// ─── locations ─────────────────────────────────────────────────────────────────

export async function listLocations(db: Db, scope: Scope, organisationId: string): Promise<Location[]> {
  const rows = await inScope(db.selectFrom('locations'), scope, ofOrganisation)
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toLocation);
}

export async function insertLocations(
  db: Db,
  scope: Scope,
  org: { platformId: string; organisationId: string },
  locations: readonly LocationInput[],
  locationProvider: string,
): Promise<Location[]> {
  requireCovers(scope, org.platformId, org.organisationId, 'Organisation');
  if (locations.length === 0) return [];
  const rows = await db
    .insertInto('locations')
    .values(
      locations.map((l) => ({
        platform_id: org.platformId,
        organisation_id: org.organisationId,
        name: l.name,
        code: l.code ?? null,
        location_provider: locationProvider,
        data: JSON.stringify(l.data ?? {}),
      })),
    )
    .returningAll()
    .execute();
  return rows.map(toLocation);
}

const toLocation = (r: Selectable<LocationTable>): Location => ({
  id: r.id,
  organisationId: r.organisation_id,
  name: r.name,
  code: r.code,
  locationProvider: r.location_provider,
  data: r.data,
  createdAt: r.created_at.toISOString(),
});

// ─── lists owned by later areas ────────────────────────────────────────────────

export type CatalogueName =
  | 'receivers'
  | 'sources'
  | 'themes'
  | 'translations'
  | 'hospitals'
  | 'profession_groups'
  | 'professions';

/**
 * Entries of one of the later areas' lists: an organisation's (organisationId), or the
 * platform-level ones (organisationId null). The tenant filter is part of the query.
 */
export async function listCatalogue(
  db: Db,
  scope: Scope,
  table: CatalogueName,
  of: { platformId: string; organisationId: string | null },
  query?: string,
): Promise<CatalogueItem[]> {
  // Platform-level entries are the platform's: every member of it sees them.
  let q = inScope(
    db.selectFrom(table).selectAll(),
    scope,
    of.organisationId === null ? { platform: 'platform_id' } : ofOrganisation,
  ).where('platform_id', '=', of.platformId);
  q =
    of.organisationId === null
      ? q.where('organisation_id', 'is', null)
      : q.where('organisation_id', '=', of.organisationId);
  if (query) q = q.where('name', 'ilike', `%${escapeLike(query)}%`);
  const rows = await q.orderBy('name').orderBy('id').execute();
  return rows.map(toCatalogueItem);
}

export async function insertCatalogueItem(
  db: Db,
  scope: Scope,
  table: CatalogueName,
  item: {
    platformId: string;
    organisationId: string | null;
    name: string;
    code?: string | null;
    data?: object;
  },
) {
  requireCovers(scope, item.platformId, item.organisationId, 'Organisation');
  return db
    .insertInto(table)
    .values({
      platform_id: item.platformId,
      organisation_id: item.organisationId,
      name: item.name,
      code: item.code ?? null,
      data: JSON.stringify(item.data ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const toCatalogueItem = (r: Selectable<CatalogueTable>): CatalogueItem => ({
  id: r.id,
  organisationId: r.organisation_id,
  name: r.name,
  code: r.code,
  data: r.data,
});

export async function findWorkspace(
  db: Db,
  scope: Scope,
  platformId: string,
  id: string,
): Promise<CatalogueItem | undefined> {
  // Workspaces are platform-level: every member of the platform sees them.
  const row = await inScope(db.selectFrom('workspaces'), scope, { platform: 'platform_id' })
    .selectAll()
    .where('platform_id', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, organisationId: null, name: row.name, code: row.code, data: row.data };
}

/** Facts the organisation health check is computed from, in one query. */
export async function healthFacts(db: Db, scope: Scope, organisationId: string) {
  const count = (table: 'organisation_contacts' | 'locations' | 'receivers') =>
    inScope(db.selectFrom(table), scope, ofOrganisation)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organisation_id', '=', organisationId);
  const row = await db
    .selectNoFrom((eb) => [
      count('organisation_contacts').as('contacts'),
      count('locations').as('locations'),
      count('receivers').as('receivers'),
      eb
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('m.organisation_id', '=', organisationId)
        .where(scopeWhere(scope, { platform: 'm.platform_id', organisation: 'm.organisation_id' }))
        .where('m.role', '=', 'organisation_admin')
        .where('u.deactivated_at', 'is', null)
        .as('admins'),
    ])
    .executeTakeFirstOrThrow();
  return {
    contacts: Number(row.contacts),
    locations: Number(row.locations),
    receivers: Number(row.receivers),
    admins: Number(row.admins),
  };
}
