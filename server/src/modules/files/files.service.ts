import { randomUUID } from 'node:crypto';
import type {
  FileRecord,
  FileUpdateBody,
  FolderName,
  PresignedUrl,
  UploadCompleteBody,
  UploadLink,
  UploadLinkBody,
  UploadPartBody,
  UploadSession,
  UploadStartBody,
} from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { sanitiseFileName } from '../../platform/file-types.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { type Storage, storageKey } from '../../platform/storage.ts';
import { tooLarge } from '../../platform/storage-local.ts';
import { folderRules } from './files.folders.ts';
import type { MultipartFile } from './files.multipart.ts';
import { filePolicy } from './files.policy.ts';
import {
  type FileRow,
  findFile,
  findFileByKey,
  insertFile,
  listFiles,
  markFileDeleted,
  updateFile,
} from './files.repository.ts';
import { confirmFile, requireDeclaredType, storeFile, toFileRecord } from './files.store.ts';

/** What every files use-case needs besides the caller. */
export interface FilesContext {
  db: Db;
  storage: Storage;
  /** Where the request came in (files.store.ts `originOf`). */
  origin: string;
  requestId: string;
}

const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** A pending file row for an upload the client will send itself (U-1, U-2). */
async function pendingFile(
  ctx: FilesContext,
  actor: Actor,
  body: { fileName: string; contentType: string; folderName: FolderName; organisationId?: string },
  uploadId?: (key: string) => Promise<string>,
): Promise<FileRow> {
  const target = await organisationTarget(ctx.db, actor, body.organisationId, 'body/organisationId');
  requireAccess(actor, filePolicy.upload, target, 'Organisation');
  requireDeclaredType(body.folderName, body.contentType);
  const id = randomUUID();
  const key = storageKey(target.platformId, target.organisationId, body.folderName, id);
  return insertFile(ctx.db, scopeFor(actor), {
    id,
    platformId: target.platformId,
    organisationId: target.organisationId,
    folder: body.folderName,
    name: sanitiseFileName(body.fileName),
    contentType: body.contentType,
    storageKey: key,
    status: 'pending',
    uploadId: uploadId ? await uploadId(key) : null,
    // Resources are named by their own rows; every other upload waits for a report.
    awaitingReport: body.folderName !== 'resources',
    createdBy: actor.userId,
  });
}

/** POST /v1/files/upload-link (U-1): a pending file and a short-lived URL to PUT its bytes to. */
export async function createUploadLink(
  ctx: FilesContext,
  actor: Actor,
  body: UploadLinkBody,
): Promise<UploadLink> {
  const row = await pendingFile(ctx, actor, body);
  const maxBytes = folderRules[body.folderName].maxBytes;
  const url = await ctx.storage.uploadUrl(row.storage_key, body.contentType, maxBytes, ctx.origin);
  return {
    url,
    method: 'PUT',
    contentType: body.contentType,
    fileUrl: ctx.storage.objectUrl(row.storage_key, ctx.origin),
    fileId: row.id,
    maxBytes,
    expiresAt: expiresIn(ctx.storage.urlTtls.upload),
  };
}

/** POST /v1/files/upload/start (U-2): a multipart upload of a large file. */
export async function startUpload(
  ctx: FilesContext,
  actor: Actor,
  body: UploadStartBody,
): Promise<UploadSession> {
  const maxBytes = folderRules[body.folderName].maxBytes;
  if (body.size !== undefined && body.size > maxBytes) throw tooLarge(maxBytes);
  const row = await pendingFile(ctx, actor, body, (key) => ctx.storage.startMultipart(key, body.contentType));
  return { uploadId: row.upload_id!, key: row.storage_key, fileId: row.id, maxBytes };
}

/** The caller's own upload in progress named by key and upload id, else 404. */
async function ownUpload(ctx: FilesContext, actor: Actor, body: { key: string; uploadId: string }) {
  const row = await findFileByKey(ctx.db, scopeFor(actor), body.key);
  if (row?.status !== 'pending' || row.upload_id !== body.uploadId || row.created_by !== actor.userId)
    throw notFound('Upload');
  return row;
}

/** POST /v1/files/upload/url: where to PUT one part. */
export async function uploadPartUrl(
  ctx: FilesContext,
  actor: Actor,
  body: UploadPartBody,
): Promise<PresignedUrl> {
  const row = await ownUpload(ctx, actor, body);
  const url = await ctx.storage.partUrl(row.storage_key, body.uploadId, body.partNumber, ctx.origin);
  return { url, expiresAt: expiresIn(ctx.storage.urlTtls.upload) };
}

/** POST /v1/files/upload/complete: joins the parts, checks the content, answers the stored file. */
export async function completeUpload(
  ctx: FilesContext,
  actor: Actor,
  body: UploadCompleteBody,
): Promise<FileRecord> {
  const row = await ownUpload(ctx, actor, body);
  const numbers = body.parts.map((p) => p.partNumber);
  if (new Set(numbers).size !== numbers.length)
    throw new AppError('VALIDATION_FAILED', 'Each part may be named once', {
      fields: [{ field: 'body/parts', message: 'names a part twice', reason: 'invalid' }],
    });
  try {
    await ctx.storage.completeMultipart(row.storage_key, body.uploadId, body.parts);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The storage refused the parts (a wrong ETag, a part too small): the client's mistake.
    throw new AppError('VALIDATION_FAILED', 'The parts do not make up the upload', {
      fields: [{ field: 'body/parts', message: 'do not match the uploaded parts', reason: 'invalid' }],
    });
  }
  const stored = await confirmFile(ctx.db, ctx.storage, scopeFor(actor), row, ctx.requestId);
  return toFileRecord(stored, ctx.storage, ctx.origin);
}

/** GET /v1/files/organisation/{organisationId}: the organisation's stored files, newest first. */
export async function listOrganisationFiles(
  ctx: FilesContext,
  actor: Actor,
  organisationId: string,
  filter: { folder?: FolderName; reportId?: string } = {},
): Promise<FileRecord[]> {
  const target = await organisationTarget(ctx.db, actor, organisationId, 'params/organisationId');
  requireAccess(actor, filePolicy.list, target, 'Organisation');
  const rows = await listFiles(ctx.db, scopeFor(actor), { organisationId, ...filter, limit: 1000 });
  return Promise.all(rows.map((row) => toFileRecord(row, ctx.storage, ctx.origin)));
}

const accessibleFile = (ctx: FilesContext, actor: Actor, rule: keyof typeof filePolicy, id: string) =>
  loadForAccess(ctx.db, actor, findFile, id, { rule: filePolicy[rule], what: 'File', target: rowTarget });

/** PUT /v1/files/{id}: a new name (sanitised; the extension stays that of the content) or title. */
export async function updateFileRecord(
  ctx: FilesContext,
  actor: Actor,
  id: string,
  body: FileUpdateBody,
  ifMatch?: number,
): Promise<FileRecord> {
  const row = await accessibleFile(ctx, actor, 'update', id);
  const extension = row.name.includes('.') ? row.name.slice(row.name.lastIndexOf('.') + 1) : '';
  const changes = {
    ...(body.name !== undefined && {
      name: sanitiseFileName(body.name, extension ? { mime: row.content_type, ext: extension } : undefined),
    }),
    ...(body.title !== undefined && { title: body.title }),
  };
  return withTransaction(ctx.db, async (tx) => {
    await requireVersion(tx, 'files', id, ifMatch, async () =>
      toFileRecord((await findFile(tx, scopeFor(actor), id))!, ctx.storage, ctx.origin),
    );
    const updated = await updateFile(tx, scopeFor(actor), id, changes);
    if (!updated) throw notFound('File');
    await audit(tx, {
      action: 'file.updated',
      entityType: 'file',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { name: row.name, title: row.title },
      after: { name: updated.name, title: updated.title },
      requestId: ctx.requestId,
    });
    return toFileRecord(updated, ctx.storage, ctx.origin);
  });
}

/** DELETE /v1/files/{id}: the bytes are removed; the row stays, marked deleted, for the audit trail. */
export async function deleteFileRecord(ctx: FilesContext, actor: Actor, id: string): Promise<void> {
  const row = await accessibleFile(ctx, actor, 'delete', id);
  await withTransaction(ctx.db, async (tx) => {
    await markFileDeleted(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'file.deleted',
      entityType: 'file',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { name: row.name, folder: row.folder },
      after: null,
      requestId: ctx.requestId,
    });
  });
  await ctx.storage.remove(row.storage_key);
}

/** POST /v1/files: one file sent in the request itself (multipart), checked and stored at once. */
export async function uploadFile(
  ctx: FilesContext,
  actor: Actor,
  upload: MultipartFile,
): Promise<FileRecord> {
  const target = await organisationTarget(ctx.db, actor, upload.organisationId, 'body/organisationId');
  requireAccess(actor, filePolicy.upload, target, 'Organisation');
  const row = await withTransaction(ctx.db, (tx) =>
    storeFile(tx, ctx.storage, scopeFor(actor), {
      platformId: target.platformId,
      organisationId: target.organisationId,
      folder: upload.folderName ?? 'uploads',
      fileName: upload.fileName,
      bytes: upload.bytes,
      title: upload.title ?? null,
      createdBy: actor.userId,
      requestId: ctx.requestId,
    }),
  );
  return toFileRecord(row, ctx.storage, ctx.origin);
}
