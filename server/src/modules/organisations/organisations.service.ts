import type {
  CatalogueItem,
  Contact,
  ContactCreate,
  Location,
  LocationsBody,
  Organisation,
  OrganisationCreate,
  OrganisationFilter,
  OrganisationHealthCheck,
  OrganisationLookup,
  OrganisationPageQuery,
  OrganisationUpdate,
} from '@vigilo/contract';
import { type Actor, type Rule, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { loadForAccess, platformScope, scopeFor } from '../../platform/scope.ts';
import { isSystemAdmin, platformTarget } from '../platforms/platforms.policy.ts';
import { organisationPolicy as policy } from './organisations.policy.ts';
import {
  type CatalogueName,
  countOrganisations,
  databaseKnowsZone,
  findOrganisation,
  findWorkspace,
  healthFacts,
  insertContact,
  insertLocations,
  createOrganisation as insertOrganisationRow,
  listCatalogue,
  listContacts,
  listLocations,
  type OrganisationListFilter,
  organisationCalendar as selectCalendar,
  listOrganisations as selectOrganisations,
  toOrganisation,
  updateOrganisation as updateOrganisationRow,
} from './organisations.repository.ts';

type Found = NonNullable<Awaited<ReturnType<typeof findOrganisation>>>;

/** Loads an organisation and checks `rule` on it: another tenant's is a 404, like a missing one. */
const authorised = (db: Db, actor: Actor, rule: Rule, id: string): Promise<Found> =>
  loadForAccess(db, actor, findOrganisation, id, {
    rule,
    what: 'Organisation',
    target: (row) => ({ platformId: row.platform_id, organisationIds: [row.id] }),
  });

/** The platform a list is about: the actor's own; a system administrator may name another. */
const listPlatform = (actor: Actor, platformId?: string) =>
  platformId && isSystemAdmin(actor) ? platformId : actor.platformId;

/** The zones the application's own calendar knows (Node's list, which leaves out `UTC` itself). */
const knownZones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

/**
 * Refuses a time zone that is not an IANA name both the application and PostgreSQL know
 * (decision 0318): the application reads the day of an offset time in it, the database today's.
 * A name Node knows under another spelling (`Asia/Kolkata` for its `Asia/Calcutta`) is taken.
 */
async function requireTimeZone(db: Db, field: string, name: string | undefined): Promise<void> {
  if (name === undefined) return;
  const nodeKnows = (() => {
    if (knownZones.has(name)) return true;
    try {
      return knownZones.has(new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone);
    } catch {
      return false;
    }
  })();
  if (!nodeKnows || !(await databaseKnowsZone(db, name)))
    throw fieldError(
      field,
      'invalid',
      `${JSON.stringify(name)} is not an IANA time zone (e.g. Europe/Paris, UTC)`,
    );
}

/**
 * An organisation's time zone and today's date there by the database's clock: the calendar its
 * receipt dates and deadlines are counted in (decision 0318). The caller has loaded the
 * organisation already (its own scope check); a missing one is a 404.
 */
export async function organisationCalendar(db: Db, organisationId: string) {
  const calendar = await selectCalendar(db, organisationId);
  if (!calendar) throw notFound('Organisation');
  return calendar;
}

/** GET /v1/organisation/{id} */
export async function getOrganisation(db: Db, actor: Actor, id: string): Promise<Organisation> {
  return toOrganisation(await authorised(db, actor, policy.read, id));
}

/** GET /v1/organisations: the organisations the caller may see, filtered. */
export async function listOrganisations(
  db: Db,
  actor: Actor,
  filter: OrganisationFilter,
): Promise<Organisation[]> {
  const platformId = listPlatform(actor, filter.platformId);
  requireAccess(actor, policy.list, platformTarget(actor, platformId), 'Platform');
  const rows = await selectOrganisations(
    db,
    scopeFor(actor),
    { ...filter, platformId },
    {
      limit: 1000,
      offset: 0,
    },
  );
  return rows.map(toOrganisation);
}

/** GET /v1/organisations/paginated and /search. */
export async function pageOrganisations(db: Db, actor: Actor, q: OrganisationPageQuery) {
  requireAccess(actor, policy.list, platformTarget(actor, actor.platformId), 'Platform');
  const scope = scopeFor(actor);
  const filter: OrganisationListFilter = { platformId: actor.platformId, query: q.query };
  const [rows, total] = await Promise.all([
    selectOrganisations(db, scope, filter, { limit: q.size, offset: (q.page - 1) * q.size }),
    countOrganisations(db, scope, filter),
  ]);
  return { items: rows.map(toOrganisation), page: q.page, size: q.size, total };
}

/** GET /v1/organisations/lookup: every organisation of the caller's platform, for pickers. */
export async function lookupOrganisations(db: Db, actor: Actor): Promise<OrganisationLookup[]> {
  requireAccess(actor, policy.lookup, platformTarget(actor, actor.platformId), 'Platform');
  // Pickers name every organisation of one's platform, not only one's own.
  const rows = await selectOrganisations(db, platformScope(actor.platformId), {
    platformId: actor.platformId,
  });
  return rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind }));
}

/** GET /v1/organisations/unassigned: organisations in no workspace. */
export async function listUnassigned(db: Db, actor: Actor): Promise<Organisation[]> {
  requireAccess(actor, policy.listUnassigned, platformTarget(actor, actor.platformId), 'Platform');
  const rows = await selectOrganisations(db, scopeFor(actor), {
    platformId: actor.platformId,
    unassigned: true,
  });
  return rows.map(toOrganisation);
}

/** GET /v1/organisations/workspace/{workspaceId} */
export async function listByWorkspace(db: Db, actor: Actor, workspaceId: string): Promise<Organisation[]> {
  requireAccess(actor, policy.listByWorkspace, platformTarget(actor, actor.platformId), 'Platform');
  const scope = scopeFor(actor);
  const workspace = await findWorkspace(db, scope, actor.platformId, workspaceId);
  if (!workspace) throw notFound('Workspace');
  const rows = await selectOrganisations(db, scope, { platformId: actor.platformId, workspaceId });
  return rows.map(toOrganisation);
}

/** POST /v1/organisation: a platform administrator creates an organisation of the platform. */
export async function createOrganisation(
  db: Db,
  actor: Actor,
  body: OrganisationCreate,
  requestId: string,
): Promise<Organisation> {
  const platformId = listPlatform(actor, body.platformId);
  requireAccess(actor, policy.create, platformTarget(actor, platformId), 'Platform');
  const scope = scopeFor(actor);
  await requireTimeZone(db, 'body/params/timeZone', body.params.timeZone);
  return withTransaction(db, async (tx) => {
    const platform = await tx
      .selectFrom('platforms')
      .select('id')
      .where('id', '=', platformId)
      .executeTakeFirst();
    if (!platform) throw notFound('Platform');
    const locationProvider = body.locationProvider ?? (body.locations?.length ? 'manual' : null);
    const row = await insertOrganisationRow(tx, scope, platformId, { ...body.params, locationProvider });
    const locations = await insertLocations(
      tx,
      scope,
      { platformId, organisationId: row.id },
      body.locations ?? [],
      locationProvider ?? 'manual',
    );
    const organisation = toOrganisation(row);
    await audit(tx, {
      action: 'organisation.created',
      entityType: 'organisation',
      entityId: row.id,
      platformId,
      organisationId: row.id,
      actorUserId: actor.userId,
      after: { ...organisation, locations: locations.map((l) => l.name) },
      requestId,
    });
    return organisation;
  });
}

/** PUT /v1/organisation/{id} */
export async function updateOrganisation(
  db: Db,
  actor: Actor,
  id: string,
  body: OrganisationUpdate,
  requestId: string,
  expected?: number,
): Promise<Organisation> {
  return withTransaction(db, async (tx) => {
    await authorised(tx, actor, policy.update, id);
    await requireTimeZone(tx, 'body/timeZone', body.timeZone);
    const scope = scopeFor(actor);
    await requireVersion(tx, 'organisations', id, expected, async () =>
      toOrganisation((await findOrganisation(tx, scope, id))!),
    );
    const before = (await findOrganisation(tx, scope, id))!;
    const after = await updateOrganisationRow(tx, scope, before.platform_id, id, body);
    await audit(tx, {
      action: 'organisation.updated',
      entityType: 'organisation',
      entityId: id,
      platformId: before.platform_id,
      organisationId: id,
      actorUserId: actor.userId,
      before: toOrganisation(before),
      after: toOrganisation(after),
      requestId,
    });
    return toOrganisation(after);
  });
}

/** GET /v1/organisation/{id}/contacts */
export async function getContacts(db: Db, actor: Actor, id: string): Promise<Contact[]> {
  await authorised(db, actor, policy.readDetails, id);
  return listContacts(db, scopeFor(actor), id);
}

/** POST /v1/organisation/{id}/contacts */
export async function addContact(
  db: Db,
  actor: Actor,
  id: string,
  body: ContactCreate,
  requestId: string,
): Promise<Contact> {
  return withTransaction(db, async (tx) => {
    const org = await authorised(tx, actor, policy.addContact, id);
    const contact = await insertContact(
      tx,
      scopeFor(actor),
      { platformId: org.platform_id, organisationId: id },
      body,
    );
    await audit(tx, {
      action: 'organisation.contact_added',
      entityType: 'organisation_contact',
      entityId: contact.id,
      platformId: org.platform_id,
      organisationId: id,
      actorUserId: actor.userId,
      after: contact,
      requestId,
    });
    return contact;
  });
}

/** GET /v1/organisation/{id}/locations */
export async function getLocations(db: Db, actor: Actor, id: string): Promise<Location[]> {
  await authorised(db, actor, policy.readDetails, id);
  return listLocations(db, scopeFor(actor), id);
}

/** POST /v1/organisation/{id}/locations: adds locations from one provider. */
export async function addLocations(
  db: Db,
  actor: Actor,
  id: string,
  body: LocationsBody,
  requestId: string,
): Promise<Location[]> {
  return withTransaction(db, async (tx) => {
    const org = await authorised(tx, actor, policy.addLocations, id);
    const provider = body.locationProvider ?? 'manual';
    const locations = await insertLocations(
      tx,
      scopeFor(actor),
      { platformId: org.platform_id, organisationId: id },
      body.locations,
      provider,
    );
    await audit(tx, {
      action: 'organisation.locations_added',
      entityType: 'organisation',
      entityId: id,
      platformId: org.platform_id,
      organisationId: id,
      actorUserId: actor.userId,
      after: { locationProvider: provider, locations: locations.map((l) => ({ id: l.id, name: l.name })) },
      requestId,
    });
    return locations;
  });
}

const catalogueRules: Record<CatalogueName, Rule> = {
  receivers: policy.readDetails,
  sources: policy.readDetails,
  themes: policy.readDetails,
  translations: policy.readDetails,
  hospitals: policy.readReference,
  profession_groups: policy.readReference,
  professions: policy.readReference,
};

/** GET receivers, sources, themes, translations, hospitals; POST profession-groups, professions. */
export async function getCatalogue(
  db: Db,
  actor: Actor,
  id: string,
  table: CatalogueName,
  query?: string,
): Promise<CatalogueItem[]> {
  const org = await authorised(db, actor, catalogueRules[table], id);
  return listCatalogue(
    db,
    scopeFor(actor),
    table,
    { platformId: org.platform_id, organisationId: id },
    query,
  );
}

/** GET /v1/organisation/{id}/workspace: the workspace the organisation belongs to. */
export async function getWorkspace(db: Db, actor: Actor, id: string): Promise<CatalogueItem> {
  const org = await authorised(db, actor, policy.readDetails, id);
  const workspace = org.workspace_id
    ? await findWorkspace(db, scopeFor(actor), org.platform_id, org.workspace_id)
    : undefined;
  if (!workspace) throw new AppError('NOT_FOUND', 'The organisation belongs to no workspace');
  return workspace;
}

/** GET /v1/organisation/{id}/health-check: is it ready to receive and send reports? */
export async function healthCheck(db: Db, actor: Actor, id: string): Promise<OrganisationHealthCheck> {
  await authorised(db, actor, policy.readDetails, id);
  const facts = await healthFacts(db, scopeFor(actor), id);
  const checks = [
    { name: 'administrator', ok: facts.admins > 0, detail: `${facts.admins} active administrator(s)` },
    { name: 'contact', ok: facts.contacts > 0, detail: `${facts.contacts} contact(s)` },
    { name: 'location', ok: facts.locations > 0, detail: `${facts.locations} location(s)` },
    { name: 'receiver', ok: facts.receivers > 0, detail: `${facts.receivers} receiver(s)` },
  ];
  return { organisationId: id, ok: checks.every((c) => c.ok), checks };
}
