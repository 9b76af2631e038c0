import {
  ApiError,
  Condition,
  ConditionChangeBody,
  ConditionCreateBody,
  ConditionUpdateBody,
  FormSchema,
  FormSchemaUpdateBody,
  FormVersion,
  FormVersionConditionsBody,
  FormVersionCreateBody,
  FormVersionUpdateBody,
  FormView,
  FormViewCreateBody,
  FormViewsQuery,
  FormViewUpdateBody,
  FormViewVersions,
  IdParams,
  IdQuery,
} from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Actor } from '../../platform/access.ts';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import { closeUnreadBody } from '../../platform/lingering-close.ts';
import { readFilePart, uploadTooLarge } from '../../platform/uploads.ts';
import {
  changeNamedCondition,
  createNamedCondition,
  listNamedConditions,
  removeNamedCondition,
} from './forms.conditions.ts';
import { createView } from './forms.create.ts';
import { exportViewZip, importViewZip } from './forms.import.ts';
import {
  changeSchema,
  changeView,
  createVersion,
  getSchema,
  getView,
  listSchemas,
  listVersions,
  listViews,
  reviseConditions,
  reviseVersion,
} from './forms.service.ts';
import { MAX_ZIP_UPLOAD } from './forms.zip.ts';

const tags = ['Forms'];

/**
 * The zip of POST /v1/formview/{id}/zip: the request body itself (`application/zip`), or
 * the first file of a `multipart/form-data` request (the contract's way).
 */
async function zipOf(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    const part = await request.file({ limits: { fileSize: MAX_ZIP_UPLOAD } });
    return part ? readFilePart(part.file, () => uploadTooLarge(MAX_ZIP_UPLOAD, 'The zip')) : Buffer.alloc(0);
  }
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const Zip = Type.String({ format: 'binary', description: 'a form as a zip archive' });

export function formRoutes(app: AppInstance): void {
  const { db } = app.deps;

  // The zip of a form arrives as the request body itself (Content-Type: application/zip).
  app.addContentTypeParser(
    ['application/zip', 'application/x-zip-compressed'],
    { parseAs: 'buffer', bodyLimit: MAX_ZIP_UPLOAD },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/v1/formviews',
    {
      config: { auth: 'anyone' },
      schema: {
        tags,
        summary:
          'Form views: administrators see drafts too; members the published forms; without signing in, the published public forms of a platform (`platformId`) that allows anonymous reports',
        querystring: FormViewsQuery,
        response: { 200: Type.Array(FormView), ...errors },
      },
    },
    (request) => listViews(db, request.actor as Actor | null, request.query),
  );
  app.post(
    '/v1/formviews',
    {
      schema: {
        tags,
        summary:
          "A new form: a draft copy of a form you can read (`templateId`), in `languages`, for the session's organisation unless `organisationId` names another (null: the whole platform); publish it with POST /v1/formversion",
        body: FormViewCreateBody,
        response: { 201: FormView, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createView(db, request.actor, request.body, request.id)),
  );
  app.get(
    '/v1/formview/:id',
    {
      config: { auth: 'anyone' },
      schema: {
        tags,
        summary:
          'One form view with its published version in full (public for public forms where anonymous reports are allowed)',
        params: IdParams,
        response: { 200: FormView, ...errors },
      },
    },
    (request) => getView(db, request.actor as Actor | null, request.params.id),
  );
  app.put(
    '/v1/formview/:id',
    {
      schema: {
        tags,
        summary:
          "Change a form view's draft (schema, name, audience, layout, conditions); publish it with POST /v1/formversion",
        params: IdParams,
        body: FormViewUpdateBody,
        response: { 200: FormView, ...errors },
      },
    },
    (request) =>
      changeView(db, request.actor, request.params.id, request.body, request.id, expectedVersion(request)),
  );
  app.get(
    '/v1/formview/:id/versions',
    {
      schema: {
        tags,
        summary:
          "A form view's published versions, newest first (when, by whom, what changed), and what publishing its draft now would change",
        params: IdParams,
        response: { 200: FormViewVersions, ...errors },
      },
    },
    (request) => listVersions(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/formview/:id/zip',
    {
      schema: {
        tags,
        summary: 'The form (schema and view draft) as a zip, to import on another platform',
        params: IdParams,
        produces: ['application/zip'],
        response: { 200: Zip, ...errors },
      },
    },
    async (request, reply) => {
      const { name, zip } = await exportViewZip(db, request.actor, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}.zip"`)
        .send(zip as unknown as string);
    },
  );
  app.post(
    '/v1/formview/:id/zip',
    {
      bodyLimit: MAX_ZIP_UPLOAD,
      onSend: closeUnreadBody,
      schema: {
        tags,
        summary: "Import a form's zip into this view: its schema's fields and the view's draft are replaced",
        params: IdParams,
        consumes: ['application/zip', 'multipart/form-data'],
        response: { 200: FormView, ...errors },
      },
    },
    async (request) => importViewZip(db, request.actor, request.params.id, await zipOf(request), request.id),
  );

  app.post(
    '/v1/formversion',
    {
      schema: {
        tags,
        summary: "Publish a form view's draft as its next version (with these conditions, when given)",
        body: FormVersionCreateBody,
        response: { 201: FormVersion, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createVersion(db, request.actor, request.body, request.id)),
  );
  app.put(
    '/v1/formversion',
    {
      schema: {
        tags,
        summary:
          'Versions never change: publishes a new version made from version `id` with the changes given',
        body: FormVersionUpdateBody,
        response: { 201: FormVersion, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reviseVersion(db, request.actor, request.body, request.id)),
  );
  app.put(
    '/v1/formversion/:id/conditions',
    {
      schema: {
        tags,
        summary: 'Publishes a new version made from version `id` with these conditions',
        params: IdParams,
        body: FormVersionConditionsBody,
        response: { 201: FormVersion, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reviseConditions(db, request.actor, request.params.id, request.body, request.id)),
  );

  app.get(
    '/v1/formschemas',
    {
      schema: {
        tags,
        summary: 'Form schemas (administrators)',
        response: { 200: Type.Array(FormSchema), ...errors },
      },
    },
    (request) => listSchemas(db, request.actor),
  );
  app.get(
    '/v1/formschema/:id',
    {
      schema: {
        tags,
        summary: 'One form schema',
        params: IdParams,
        response: { 200: FormSchema, ...errors },
      },
    },
    (request) => getSchema(db, request.actor, request.params.id),
  );
  app.put(
    '/v1/formschema/:id',
    {
      schema: {
        tags,
        summary:
          'Change a form schema: the case-document fields the form collects (bound with their E2B ids)',
        params: IdParams,
        body: FormSchemaUpdateBody,
        response: { 200: FormSchema, ...errors },
      },
    },
    (request) =>
      changeSchema(db, request.actor, request.params.id, request.body, request.id, expectedVersion(request)),
  );

  conditionRoutes(app);
}

/** Named conditions: /v1/conditions for people, /v1/integration-management/conditions for API keys too. */
function conditionRoutes(app: AppInstance): void {
  const { db } = app.deps;
  const conditionTags = ['Conditions'];
  app.post(
    '/v1/conditions',
    {
      schema: {
        tags: conditionTags,
        summary:
          'Create a named condition (organisationId: the session’s by default; null for the whole platform)',
        body: ConditionCreateBody,
        response: { 201: Condition, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createNamedCondition(db, request.actor, request.body, request.id)),
  );
  app.put(
    '/v1/conditions',
    {
      schema: {
        tags: conditionTags,
        summary: 'Change a named condition (`id` in the body)',
        body: ConditionUpdateBody,
        response: { 200: Condition, ...errors },
      },
    },
    (request) => {
      const { id, ...body } = request.body;
      return changeNamedCondition(db, request.actor, id, body, request.id, expectedVersion(request));
    },
  );
  app.delete(
    '/v1/conditions',
    {
      schema: {
        tags: conditionTags,
        summary: 'Delete a named condition (`id` in the query)',
        querystring: IdQuery,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeNamedCondition(db, request.actor, request.query.id, request.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/integration-management/conditions',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags: conditionTags,
        summary: 'The named conditions the caller sees; API keys accepted',
        response: { 200: Type.Array(Condition), ...errors },
      },
    },
    (request) => listNamedConditions(db, request.actor),
  );
  app.post(
    '/v1/integration-management/conditions',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags: conditionTags,
        summary: 'Create a named condition; API keys accepted (in their organisation)',
        body: ConditionCreateBody,
        response: { 201: Condition, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createNamedCondition(db, request.actor, request.body, request.id)),
  );
  app.put(
    '/v1/integration-management/conditions/:id',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags: conditionTags,
        summary: 'Change a named condition; API keys accepted',
        params: IdParams,
        body: ConditionChangeBody,
        response: { 200: Condition, ...errors },
      },
    },
    (request) =>
      changeNamedCondition(
        db,
        request.actor,
        request.params.id,
        request.body,
        request.id,
        expectedVersion(request),
      ),
  );
  app.delete(
    '/v1/integration-management/conditions/:id',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags: conditionTags,
        summary: 'Delete a named condition; API keys accepted',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeNamedCondition(db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
}
