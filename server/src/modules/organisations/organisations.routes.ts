import {
  ApiError,
  CatalogueFilter,
  CatalogueItem,
  Contact,
  ContactCreate,
  IdParams,
  Location,
  LocationsBody,
  Organisation,
  OrganisationCreate,
  OrganisationFilter,
  OrganisationHealthCheck,
  OrganisationLookup,
  OrganisationPageQuery,
  OrganisationUpdate,
  Page,
  WorkspaceParams,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import type { CatalogueName } from './organisations.repository.ts';
import {
  addContact,
  addLocations,
  createOrganisation,
  getCatalogue,
  getContacts,
  getLocations,
  getOrganisation,
  getWorkspace,
  healthCheck,
  listByWorkspace,
  listOrganisations,
  listUnassigned,
  lookupOrganisations,
  pageOrganisations,
  updateOrganisation,
} from './organisations.service.ts';
import { senderProfileRoutes } from './sender-profile.routes.ts';

const tags = ['Organisations'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** Read-only lists whose management arrives with later areas (decision 0013). */
const catalogueRoutes: { path: string; table: CatalogueName; what: string; method: 'GET' | 'POST' }[] = [
  // Receivers: served by the submissions area, as full receivers (decision 0170).
  { path: 'sources', table: 'sources', what: 'Sources reports reach the organisation from', method: 'GET' },
  { path: 'themes', table: 'themes', what: 'Themes of the organisation', method: 'GET' },
  {
    path: 'translations',
    table: 'translations',
    what: 'Translation sets of the organisation',
    method: 'GET',
  },
  // Hospitals: served by the hospitals area (decision 0146).
  {
    path: 'profession-groups',
    table: 'profession_groups',
    what: 'Profession groups (read with POST)',
    method: 'POST',
  },
  { path: 'professions', table: 'professions', what: 'Professions (read with POST)', method: 'POST' },
];

export function organisationRoutes(app: AppInstance): void {
  const { db } = app.deps;
  senderProfileRoutes(app);

  app.get(
    '/v1/organisations',
    {
      schema: {
        tags,
        summary: 'Organisations the caller may see (filters: query, kind, country)',
        querystring: OrganisationFilter,
        response: { 200: Type.Array(Organisation), ...errors },
      },
    },
    (request) => listOrganisations(db, request.actor, request.query),
  );
  app.get(
    '/v1/organisations/lookup',
    {
      schema: {
        tags,
        summary: 'Every organisation of the platform, short, for pickers',
        response: { 200: Type.Array(OrganisationLookup), ...errors },
      },
    },
    (request) => lookupOrganisations(db, request.actor),
  );
  app.get(
    '/v1/organisations/paginated',
    {
      schema: {
        tags,
        summary: 'A page of organisations',
        querystring: OrganisationPageQuery,
        response: { 200: Page(Organisation), ...errors },
      },
    },
    (request) => pageOrganisations(db, request.actor, request.query),
  );
  app.get(
    '/v1/organisations/search',
    {
      schema: {
        tags,
        summary: 'Organisations whose name contains `query`, one page',
        querystring: OrganisationPageQuery,
        response: { 200: Type.Array(Organisation), ...errors },
      },
    },
    async (request) => (await pageOrganisations(db, request.actor, request.query)).items,
  );
  app.get(
    '/v1/organisations/unassigned',
    {
      schema: {
        tags,
        summary: 'Organisations in no workspace',
        response: { 200: Type.Array(Organisation), ...errors },
      },
    },
    (request) => listUnassigned(db, request.actor),
  );
  app.get(
    '/v1/organisations/workspace/:workspaceId',
    {
      schema: {
        tags,
        summary: 'Organisations of a workspace',
        params: WorkspaceParams,
        response: { 200: Type.Array(Organisation), ...errors },
      },
    },
    (request) => listByWorkspace(db, request.actor, request.params.workspaceId),
  );
  app.post(
    '/v1/organisation',
    {
      schema: {
        tags,
        summary: 'Create an organisation (platform administrators)',
        body: OrganisationCreate,
        response: { 201: Organisation, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrganisation(db, request.actor, request.body, request.id)),
  );
  app.get(
    '/v1/organisation/:id',
    {
      schema: {
        tags,
        summary: 'One organisation',
        params: IdParams,
        response: { 200: Organisation, ...errors },
      },
    },
    (request) => getOrganisation(db, request.actor, request.params.id),
  );
  app.put(
    '/v1/organisation/:id',
    {
      schema: {
        tags,
        summary: 'Change an organisation',
        params: IdParams,
        body: OrganisationUpdate,
        response: { 200: Organisation, ...errors },
      },
    },
    (request) =>
      updateOrganisation(
        db,
        request.actor,
        request.params.id,
        request.body,
        request.id,
        expectedVersion(request),
      ),
  );
  app.get(
    '/v1/organisation/:id/contacts',
    {
      schema: {
        tags,
        summary: 'Contacts',
        params: IdParams,
        response: { 200: Type.Array(Contact), ...errors },
      },
    },
    (request) => getContacts(db, request.actor, request.params.id),
  );
  app.post(
    '/v1/organisation/:id/contacts',
    {
      schema: {
        tags,
        summary: 'Add a contact',
        params: IdParams,
        body: ContactCreate,
        response: { 201: Contact, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addContact(db, request.actor, request.params.id, request.body, request.id)),
  );
  app.get(
    '/v1/organisation/:id/locations',
    {
      schema: {
        tags,
        summary: 'Locations',
        params: IdParams,
        response: { 200: Type.Array(Location), ...errors },
      },
    },
    (request) => getLocations(db, request.actor, request.params.id),
  );
  app.post(
    '/v1/organisation/:id/locations',
    {
      schema: {
        tags,
        summary: 'Add locations from a location provider (default `manual`)',
        params: IdParams,
        body: LocationsBody,
        response: { 201: Type.Array(Location), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addLocations(db, request.actor, request.params.id, request.body, request.id)),
  );
  app.get(
    '/v1/organisation/:id/workspace',
    {
      schema: {
        tags,
        summary: 'The workspace the organisation belongs to',
        params: IdParams,
        response: { 200: CatalogueItem, ...errors },
      },
    },
    (request) => getWorkspace(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/organisation/:id/health-check',
    {
      schema: {
        tags,
        summary: 'Is the organisation set up (administrator, contact, location, receiver)?',
        params: IdParams,
        response: { 200: OrganisationHealthCheck, ...errors },
      },
    },
    (request) => healthCheck(db, request.actor, request.params.id),
  );
  for (const r of catalogueRoutes) {
    const schema = {
      tags,
      summary: r.what,
      params: IdParams,
      response: { 200: Type.Array(CatalogueItem), ...errors },
    };
    if (r.method === 'GET') {
      app.get(`/v1/organisation/:id/${r.path}`, { schema }, (request) =>
        getCatalogue(db, request.actor, request.params.id, r.table),
      );
    } else {
      app.post(
        `/v1/organisation/:id/${r.path}`,
        { schema: { ...schema, body: CatalogueFilter } },
        (request) => getCatalogue(db, request.actor, request.params.id, r.table, request.body.query),
      );
    }
  }
}
