import {
  ApiError,
  Application,
  ApplicationCreateBody,
  ApplicationDefaultBody,
  ApplicationsQuery,
  ApplicationUpdateBody,
  IdParams,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import {
  changeApplication,
  createApplication,
  getDefaultApplication,
  listOrganisationApplications,
  makeDefaultApplication,
  removeApplication,
} from './applications.service.ts';

const tags = ['Applications and API keys'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

export function applicationRoutes(app: AppInstance): void {
  app.get(
    '/v1/applications',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: "An organisation's applications (the session's organisation by default); API keys accepted",
        querystring: ApplicationsQuery,
        response: { 200: Type.Array(Application), ...errors },
      },
    },
    (request) => listOrganisationApplications(app.deps.db, request.actor, request.query.organisationId),
  );
  app.get(
    '/v1/applications/default',
    {
      schema: {
        tags,
        summary: "The organisation's default application (404 while it has none)",
        querystring: ApplicationsQuery,
        response: { 200: Application, ...errors },
      },
    },
    (request) => getDefaultApplication(app.deps.db, request.actor, request.query.organisationId),
  );
  app.post(
    '/v1/applications/default',
    {
      schema: {
        tags,
        summary: "Make an application its organisation's default",
        body: ApplicationDefaultBody,
        response: { 200: Application, ...errors },
      },
    },
    (request) => makeDefaultApplication(app.deps.db, request.actor, request.body, request.id),
  );
  app.post(
    '/v1/applications',
    {
      schema: {
        tags,
        summary: 'Create an application (`application` is its name)',
        body: ApplicationCreateBody,
        response: { 201: Application, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createApplication(app.deps.db, request.actor, request.body, request.id);
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/v1/applications/:id',
    {
      schema: {
        tags,
        summary: 'Rename an application or change whether it acts as a submission service user',
        params: IdParams,
        body: ApplicationUpdateBody,
        response: { 200: Application, ...errors },
      },
    },
    (request) =>
      changeApplication(
        app.deps.db,
        request.actor,
        request.params.id,
        request.body,
        request.id,
        expectedVersion(request),
      ),
  );
  app.delete(
    '/v1/applications/:id',
    {
      schema: {
        tags,
        summary: 'Delete an application; its API keys stop working',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeApplication(app.deps.db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
}
