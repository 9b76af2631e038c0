import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../platform/app-types.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { closeUnreadBody } from '../../platform/lingering-close.ts';
import { systemScope } from '../../platform/scope.ts';
import { LOCAL_STORAGE_PATH } from '../../platform/storage.ts';
import { LocalStorage, tooLarge } from '../../platform/storage-local.ts';
import { contentDisposition } from '../../platform/storage-s3.ts';
import { findFileByKey } from './files.repository.ts';
import { confirmFile } from './files.store.ts';

/**
 * The URLs the local-disk driver signs (decision 0071), served here, outside /v1: they are
 * the storage, not the API, and carry no bearer token — the signature is the permission.
 * PUT stores an upload (then checks its content at once), or one part of a multipart upload;
 * GET sends a file as an attachment. A URL that was altered or has expired is refused (403).
 */
export function storageRoutes(app: AppInstance): void {
  const storage = app.deps.storage;
  if (!(storage instanceof LocalStorage)) return;
  const local: LocalStorage = storage;

  // Bytes of any type: this scope has no body parser, so the handler reads the request stream itself.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    // A body over the link's limit is refused as it arrives: answer, then close (decision 0156).
    scope.put(
      `${LOCAL_STORAGE_PATH}*`,
      { schema: { hide: true }, onSend: closeUnreadBody },
      async (request, reply) => {
        const grant = local.grantOf(pathOf(request), request.query as Record<string, unknown>);
        if (grant.op === 'put') {
          const sent = (request.headers['content-type'] ?? '').trim();
          if (sent !== grant.contentType)
            throw new AppError('SIGNED_URL_INVALID', `This link takes Content-Type ${grant.contentType}`);
          // A length over the folder's limit is refused before any byte is read (issue 28 item 6).
          if (Number(request.headers['content-length']) > grant.maxBytes) throw tooLarge(grant.maxBytes);
          const row = await findFileByKey(app.deps.db, systemScope, grant.key);
          if (!row) throw notFound('File');
          if (row.status !== 'pending') throw new AppError('CONFLICT', 'This file has been uploaded already');
          await local.write(grant.key, unowned(request.raw), grant.maxBytes);
          await confirmFile(app.deps.db, local, systemScope, row, request.id);
          return reply.status(200).send();
        }
        if (grant.op === 'part') {
          const etag = await local.writePart(grant.key, grant.uploadId, grant.partNumber, request.raw);
          return reply.status(200).header('etag', etag).send();
        }
        throw new AppError('SIGNED_URL_INVALID', 'This link is for downloading, not uploading');
      },
    );
  });

  app.get(`${LOCAL_STORAGE_PATH}*`, { schema: { hide: true } }, async (request, reply) => {
    const grant = local.grantOf(pathOf(request), request.query as Record<string, unknown>);
    if (grant.op !== 'get')
      throw new AppError('SIGNED_URL_INVALID', 'This link is for uploading, not downloading');
    const row = await findFileByKey(app.deps.db, systemScope, grant.key);
    if (row?.status !== 'stored') throw notFound('File');
    return sendFile(reply, await local.read(grant.key), grant.fileName, grant.contentType);
  });
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

/**
 * The request's bytes through a stream of their own: a write that stops at the limit destroys
 * what it reads, and destroying the request itself would reset the socket before the 413 is
 * read. The request stays whole, so the answer goes out and the rest is read and dropped.
 */
const unowned = (body: Readable): Readable => body.pipe(new PassThrough());

/** A download: always an attachment, never sniffed or cached by the browser. */
export function sendFile(
  reply: FastifyReply,
  body: NodeJS.ReadableStream,
  fileName: string,
  contentType: string,
) {
  return reply
    .header('content-type', contentType || 'application/octet-stream')
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
