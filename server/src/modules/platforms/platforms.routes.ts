import {
  ApiError,
  CatalogueItem,
  DomainParams,
  IdParams,
  Organisation,
  Platform,
  PlatformCreate,
  PlatformUpdate,
  PublicPlatform,
  PublicReporting,
  PublicReportingQuery,
  ServerConfiguration,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import {
  createPlatform,
  getPlatform,
  listPlatforms,
  platformByDomain,
  platformOrganisations,
  platformReporting,
  platformSources,
  platformTheme,
  serverConfiguration,
  updatePlatform,
} from './platforms.service.ts';

const tags = ['Platforms'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

export function platformRoutes(app: AppInstance): void {
  const { db, config } = app.deps;
  app.get(
    '/v1/platforms',
    {
      schema: {
        tags,
        summary: 'Platforms the caller may see',
        response: { 200: Type.Array(Platform), ...errors },
      },
    },
    (request) => listPlatforms(db, request.actor),
  );
  app.post(
    '/v1/platforms',
    {
      schema: {
        tags,
        summary: 'Create a platform (system administrators)',
        body: PlatformCreate,
        response: { 201: Platform, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPlatform(db, request.actor, request.body, request.id)),
  );
  app.get(
    '/v1/platforms/domain/:domain',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The platform served on a domain (public: id, name and domain only)',
        params: DomainParams,
        response: { 200: PublicPlatform, 404: ApiError },
      },
    },
    (request) => platformByDomain(db, request.params.domain),
  );
  app.get(
    '/v1/platforms/:id',
    { schema: { tags, summary: 'One platform', params: IdParams, response: { 200: Platform, ...errors } } },
    (request) => getPlatform(db, request.actor, request.params.id),
  );
  app.put(
    '/v1/platforms/:id',
    {
      schema: {
        tags,
        summary: 'Change a platform',
        params: IdParams,
        body: PlatformUpdate,
        response: { 200: Platform, ...errors },
      },
    },
    (request) =>
      updatePlatform(
        db,
        request.actor,
        request.params.id,
        request.body,
        request.id,
        expectedVersion(request),
      ),
  );
  app.get(
    '/v1/platforms/:id/theme',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The platform's theme (public)",
        params: IdParams,
        response: { 200: CatalogueItem, 400: ApiError, 404: ApiError },
      },
    },
    (request) => platformTheme(db, request.params.id),
  );
  app.get(
    '/v1/platforms/:id/reporting',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Whether the platform takes reports without an account, and the organisations they may go to (public)',
        params: IdParams,
        querystring: PublicReportingQuery,
        response: { 200: PublicReporting, 400: ApiError, 404: ApiError },
      },
    },
    (request) => platformReporting(db, request.params.id, request.query.organisationId),
  );
  app.get(
    '/v1/platforms/:id/organisations',
    {
      schema: {
        tags,
        summary: 'Every organisation of the platform',
        params: IdParams,
        response: { 200: Type.Array(Organisation), ...errors },
      },
    },
    (request) => platformOrganisations(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/platforms/:id/sources',
    {
      schema: {
        tags,
        summary: 'Platform-level report sources',
        params: IdParams,
        response: { 200: Type.Array(CatalogueItem), ...errors },
      },
    },
    (request) => platformSources(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/platforms/:id/server-configuration',
    {
      schema: {
        tags,
        summary: 'Settings of the platform (administrators)',
        params: IdParams,
        response: { 200: ServerConfiguration, ...errors },
      },
    },
    (request) => serverConfiguration(db, config, request.actor, request.params.id),
  );
}
