import {
  ApiError,
  BulkDownloadBody,
  DownloadUrl,
  FileRecord,
  FilesQuery,
  FileUpdateBody,
  IdParams,
  OrganisationIdParams,
  OrganisationQuery,
  PresignedUrl,
  UploadCompleteBody,
  UploadLink,
  UploadLinkBody,
  UploadPartBody,
  UploadSession,
  UploadStartBody,
} from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import { closeUnreadBody } from '../../platform/lingering-close.ts';
import { urlSigner } from '../../platform/signed-urls.ts';
import { MULTIPART_ALLOWANCE, MULTIPART_FILE_LIMIT } from '../../platform/uploads.ts';
import { bulkDownloadUrl, ZIP_PATH, zipOf } from './downloads.service.ts';
import { exportRoutes } from './exports.routes.ts';
import { readMultipartFile } from './files.multipart.ts';
import {
  completeUpload,
  createUploadLink,
  deleteFileRecord,
  type FilesContext,
  listOrganisationFiles,
  startUpload,
  updateFileRecord,
  uploadFile,
  uploadPartUrl,
} from './files.service.ts';
import { originOf } from './files.store.ts';
import { createResource, deleteResource, listResources } from './resources.service.ts';
import { sendFile, storageRoutes } from './storage.routes.ts';

const tags = ['Files and exports'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const uploadErrors = { ...errors, 413: ApiError, 415: ApiError };

/** The files context of one request. */
export const filesContext = (app: AppInstance, request: FastifyRequest): FilesContext => ({
  db: app.deps.db,
  storage: app.deps.storage,
  origin: originOf(request),
  requestId: request.id,
});

export function fileRoutes(app: AppInstance): void {
  const signer = urlSigner(app.deps.config);
  app.post(
    '/v1/files/upload-link',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary:
          'U-1: a short-lived URL to PUT one file to, with its Content-Type; the URL without its query is what a report keeps',
        body: UploadLinkBody,
        response: { 200: UploadLink, ...uploadErrors },
      },
    },
    (request) => createUploadLink(filesContext(app, request), request.actor, request.body),
  );
  app.post(
    '/v1/files/upload/start',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'U-2: start an upload in parts (large files)',
        body: UploadStartBody,
        response: { 200: UploadSession, ...uploadErrors },
      },
    },
    (request) => startUpload(filesContext(app, request), request.actor, request.body),
  );
  app.post(
    '/v1/files/upload/url',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'U-2: a short-lived URL to PUT one part to; its answer carries the part’s ETag',
        body: UploadPartBody,
        response: { 200: PresignedUrl, ...errors },
      },
    },
    (request) => uploadPartUrl(filesContext(app, request), request.actor, request.body),
  );
  app.post(
    '/v1/files/upload/complete',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'U-2: join the parts; the content is checked and the stored file answered',
        body: UploadCompleteBody,
        response: { 200: FileRecord, ...uploadErrors },
      },
    },
    (request) => completeUpload(filesContext(app, request), request.actor, request.body),
  );
  app.post(
    '/v1/files',
    {
      onSend: closeUnreadBody,
      bodyLimit: MULTIPART_FILE_LIMIT + MULTIPART_ALLOWANCE,
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary:
          'Upload one file in a multipart/form-data request: parts `file`, `folderName` (default uploads), `organisationId`, `title`',
        consumes: ['multipart/form-data'],
        response: { 201: FileRecord, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const upload = await readMultipartFile(request);
      const file = await uploadFile(filesContext(app, request), request.actor, upload);
      return reply.status(201).send(file);
    },
  );
  app.get(
    '/v1/files/organisation/:organisationId',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary:
          "The organisation's stored files, newest first (at most 1,000), each with a short-lived download link; `reportId`: one report's attachments",
        params: OrganisationIdParams,
        querystring: FilesQuery,
        response: { 200: Type.Array(FileRecord), ...errors },
      },
    },
    (request) =>
      listOrganisationFiles(
        filesContext(app, request),
        request.actor,
        request.params.organisationId,
        request.query,
      ),
  );
  app.put(
    '/v1/files/:id',
    {
      schema: {
        tags,
        summary: 'Rename a file or change its title (If-Match: the ETag, optional)',
        params: IdParams,
        body: FileUpdateBody,
        response: { 200: FileRecord, ...errors, 412: ApiError },
      },
    },
    (request) =>
      updateFileRecord(
        filesContext(app, request),
        request.actor,
        request.params.id,
        request.body,
        expectedVersion(request),
      ),
  );
  app.delete(
    '/v1/files/:id',
    {
      schema: { tags, summary: 'Delete a file', params: IdParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await deleteFileRecord(filesContext(app, request), request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/v1/files/bulk-download-url',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'A short-lived link to a zip of these files (all must be yours to download)',
        body: BulkDownloadBody,
        response: { 200: DownloadUrl, ...errors },
      },
    },
    (request) =>
      bulkDownloadUrl(
        filesContext(app, request),
        signer,
        request.actor,
        request.body.ids,
        app.deps.config.storage.zipMaxBytes,
      ),
  );
  app.get(
    '/v1/resources',
    {
      schema: {
        tags,
        summary: "The organisation's shared documents, each with a short-lived download link",
        querystring: OrganisationQuery,
        response: { 200: Type.Array(FileRecord), ...errors },
      },
    },
    (request) => listResources(filesContext(app, request), request.actor, request.query.organisationId),
  );
  app.post(
    '/v1/resources',
    {
      onSend: closeUnreadBody,
      bodyLimit: MULTIPART_FILE_LIMIT + MULTIPART_ALLOWANCE,
      schema: {
        tags,
        summary: 'Share a document with the organisation (multipart: `file`, `title`, `organisationId`)',
        consumes: ['multipart/form-data'],
        response: { 201: FileRecord, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const upload = await readMultipartFile(request);
      return reply.status(201).send(await createResource(filesContext(app, request), request.actor, upload));
    },
  );
  app.delete(
    '/v1/resources/:id',
    {
      schema: {
        tags,
        summary: 'Remove a shared document',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteResource(filesContext(app, request), request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
  // The zip behind a bulk-download link: outside /v1, the signature is the permission.
  app.get(ZIP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { ids = '' } = signer.verify(ZIP_PATH, request.query as Record<string, unknown>);
    const zip = await zipOf(filesContext(app, request), ids.split(','));
    return sendFile(reply, zip, 'files.zip', 'application/zip');
  });
  exportRoutes(app);
  storageRoutes(app);
}
