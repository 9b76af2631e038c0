import { ApiError, ExportCreateBody, ExportRecord, IdParams, OrganisationQuery } from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import {
  createExport,
  exportFile,
  getExport,
  listOrganisationExports,
  regenerateExport,
} from './exports.service.ts';
import { sendFile } from './storage.routes.ts';

const tags = ['Files and exports'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** /v1/exports: background exports with progress (decision 0073). */
export function exportRoutes(app: AppInstance): void {
  const { db, jobs, storage } = app.deps;
  app.get(
    '/v1/exports',
    {
      schema: {
        tags,
        summary: "The organisation's exports, newest first, with their progress",
        querystring: OrganisationQuery,
        response: { 200: Type.Array(ExportRecord), ...errors },
      },
    },
    (request) => listOrganisationExports(db, request.actor, request.query.organisationId),
  );
  app.post(
    '/v1/exports',
    {
      schema: {
        tags,
        summary: 'Start an export in the background (kind users.csv); follow it with GET /v1/exports/{id}',
        body: ExportCreateBody,
        response: { 202: ExportRecord, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await createExport(db, jobs, request.actor, request.body, request.id)),
  );
  app.get(
    '/v1/exports/:id',
    {
      schema: {
        tags,
        summary: 'One export and its progress',
        params: IdParams,
        response: { 200: ExportRecord, ...errors },
      },
    },
    (request) => getExport(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/exports/:id/file',
    {
      schema: {
        tags,
        summary: "A finished export's file (409 while it is being made)",
        params: IdParams,
        response: { 200: Type.String({ format: 'binary' }), ...errors, 409: ApiError },
      },
    },
    async (request, reply) => {
      const file = await exportFile(db, storage, request.actor, request.params.id);
      return sendFile(reply, file.body, file.fileName, file.contentType);
    },
  );
  app.put(
    '/v1/exports/:id/regenerate',
    {
      schema: {
        tags,
        summary: "Make the export again from today's data",
        params: IdParams,
        response: { 202: ExportRecord, ...errors, 409: ApiError },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await regenerateExport(db, jobs, request.actor, request.params.id, request.id)),
  );
}
