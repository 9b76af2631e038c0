import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileRecord, FolderName } from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { detectFileType, SNIFF_BYTES, sanitiseFileName } from '../../platform/file-types.ts';
import type { Scope } from '../../platform/scope.ts';
import { type Storage, storageKey } from '../../platform/storage.ts';
import { tooLarge } from '../../platform/storage-local.ts';
import { folderRules } from './files.folders.ts';
import { type FileRow, findFileByKey, insertFile, updateFile } from './files.repository.ts';

/**
 * Storing and checking files, for the files routes and for other areas (report intake
 * stores the attachments of a multipart report with `storeFile`, and resolves the
 * attachment URLs of a JSON report with `filesOfUrls`). Decision 0070.
 */

/** Where the request came in (`http://host:port`): the origin of local-disk URLs unless STORAGE_PUBLIC_URL. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The API's view of a file row; stored files carry a short-lived download link. */
export async function toFileRecord(row: FileRow, storage: Storage, origin: string): Promise<FileRecord> {
  const stored = row.status === 'stored';
  return {
    id: row.id,
    organisationId: row.organisation_id,
    folder: row.folder,
    name: row.name,
    title: row.title,
    contentType: row.content_type,
    size: row.size === null ? null : Number(row.size),
    status: stored ? 'stored' : 'pending',
    url: storage.objectUrl(row.storage_key, origin),
    downloadUrl: stored
      ? await storage.downloadUrl(
          row.storage_key,
          { fileName: row.name, contentType: row.content_type },
          origin,
        )
      : null,
    reportId: row.report_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

const typeNotAllowed = (folder: string, found: string) =>
  new AppError(
    'FILE_TYPE_NOT_ALLOWED',
    `This file is ${found === 'unknown' ? 'of a type that could not be recognised' : `a ${found} file`}, which the ${folder} folder does not accept`,
    { found, allowed: folderRules[folder as FolderName]?.types ?? [] },
  );

/** Refuses a declared type the folder never accepts, before any byte is sent. */
export function requireDeclaredType(folder: FolderName, contentType: string): void {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  if (declared === 'application/octet-stream') return; // "I don't know": the content decides
  if (!folderRules[folder].types.includes(declared === 'text/xml' ? 'application/xml' : declared))
    throw typeNotAllowed(folder, declared);
}

/** The type of `head` if the folder accepts it, else 415 naming what was found. */
async function allowedType(folder: string, head: Buffer, fileName: string) {
  const type = await detectFileType(head, fileName);
  const rule = folderRules[folder as FolderName];
  if (!type || !rule?.types.includes(type.mime)) throw typeNotAllowed(folder, type?.mime ?? 'unknown');
  return type;
}

export interface NewFile {
  platformId: string;
  organisationId: string;
  folder: FolderName;
  /** The name the sender gave: sanitised here, never part of the storage key. */
  fileName: string;
  bytes: Buffer;
  /** The user (or application) storing it; null for an anonymous reporter. */
  createdBy: string | null;
  title?: string | null;
  reportId?: string | null;
  requestId?: string;
}

/**
 * Stores bytes the server holds (a multipart request): the folder's size limit (413) and
 * types by content (415) are checked first, then the bytes are written under a key made
 * here and the row inserted as `stored`, audited as `file.uploaded`. Call it inside the
 * transaction that links the file to what it belongs to.
 */
export async function storeFile(db: Db, storage: Storage, scope: Scope, file: NewFile): Promise<FileRow> {
  const rule = folderRules[file.folder];
  if (file.bytes.length > rule.maxBytes) throw tooLarge(rule.maxBytes);
  const type = await allowedType(file.folder, file.bytes.subarray(0, SNIFF_BYTES), file.fileName);
  const id = randomUUID();
  const key = storageKey(file.platformId, file.organisationId, file.folder, id);
  const row = await insertFile(db, scope, {
    id,
    platformId: file.platformId,
    organisationId: file.organisationId,
    folder: file.folder,
    name: sanitiseFileName(file.fileName, type),
    title: file.title ?? null,
    contentType: type.mime,
    size: file.bytes.length,
    storageKey: key,
    status: 'stored',
    reportId: file.reportId ?? null,
    createdBy: file.createdBy,
  });
  await storage.put(key, file.bytes, type.mime);
  await auditStored(db, row, file.requestId);
  return row;
}

/** An export's bytes in storage: the file id and key they were stored under, and their size. */
export interface StoredObject {
  id: string;
  key: string;
  size: number;
}

/**
 * Writes a file the server makes (an export) to storage as it is made, never holding it
 * whole; the caller records it with `recordServerFile` once it is complete. Stored before any
 * transaction opens, so a long export holds no database lock while it is written.
 */
export async function streamServerFile(
  storage: Storage,
  file: { platformId: string; organisationId: string; body: Readable; contentType: string },
): Promise<StoredObject> {
  const id = randomUUID();
  const key = storageKey(file.platformId, file.organisationId, 'exports', id);
  const size = await storage.putStream(key, file.body, file.contentType);
  return { id, key, size };
}

/** The file row of an object `streamServerFile` stored, in the exports folder. */
export async function recordServerFile(
  db: Db,
  scope: Scope,
  stored: StoredObject,
  file: {
    platformId: string;
    organisationId: string;
    fileName: string;
    contentType: string;
    createdBy: string | null;
  },
): Promise<FileRow> {
  return insertFile(db, scope, {
    id: stored.id,
    platformId: file.platformId,
    organisationId: file.organisationId,
    folder: 'exports',
    name: sanitiseFileName(file.fileName),
    contentType: file.contentType,
    size: stored.size,
    storageKey: stored.key,
    status: 'stored',
    createdBy: file.createdBy,
  });
}

async function auditStored(db: Db, row: FileRow, requestId?: string) {
  await audit(db, {
    action: 'file.uploaded',
    entityType: 'file',
    entityId: row.id,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    actorUserId: row.created_by,
    after: { name: row.name, folder: row.folder, contentType: row.content_type, size: Number(row.size) },
    requestId,
  });
}

/**
 * Checks the bytes a client sent to a pending file's URL: the folder's size limit and its
 * types by content. Passing, the file is `stored` with the type found (and a name with that
 * type's extension); failing, the bytes are deleted, the file `rejected`, and 413/415 thrown.
 */
export async function confirmFile(
  db: Db,
  storage: Storage,
  scope: Scope,
  row: FileRow,
  requestId?: string,
): Promise<FileRow> {
  if (row.status === 'stored') return row;
  const rule = folderRules[row.folder as FolderName];
  const head = await storage.head(row.storage_key);
  if (!head) throw new AppError('NOT_FOUND', 'The file has not been uploaded yet');
  try {
    if (head.size > rule.maxBytes) throw tooLarge(rule.maxBytes);
    const type = await allowedType(
      row.folder,
      await storage.readStart(row.storage_key, SNIFF_BYTES),
      row.name,
    );
    return await withTransaction(db, async (tx) => {
      const stored = await updateFile(
        tx,
        scope,
        row.id,
        {
          status: 'stored',
          contentType: type.mime,
          size: head.size,
          name: sanitiseFileName(row.name, type),
          uploadId: null,
        },
        'pending',
      );
      // Two uploads to one link at once: the first to get here keeps the file.
      if (!stored) throw new AppError('CONFLICT', 'This file has been uploaded already');
      await auditStored(tx, stored, requestId);
      return stored;
    });
  } catch (error) {
    if (error instanceof AppError && error.code !== 'NOT_FOUND' && error.code !== 'CONFLICT') {
      await storage.remove(row.storage_key);
      await updateFile(db, scope, row.id, { status: 'rejected' }, 'pending');
    }
    throw error;
  }
}

/**
 * The files that attachment URLs name (U-1 step 3: the upload URL without its query), as
 * the scope sees them, each checked (`confirmFile`) if it was still pending. An entry is
 * null where the URL names no file of the scope (another organisation's file, a made-up
 * URL, one rejected): the caller answers 400 naming that attachment.
 */
export async function filesOfUrls(
  db: Db,
  storage: Storage,
  scope: Scope,
  urls: readonly string[],
): Promise<(FileRow | null)[]> {
  const found: (FileRow | null)[] = [];
  for (const url of urls) {
    const key = storage.keyOfUrl(url);
    const row = key ? await findFileByKey(db, scope, key) : undefined;
    if (!row || row.status === 'rejected') {
      found.push(null);
      continue;
    }
    try {
      found.push(await confirmFile(db, storage, scope, row));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      found.push(null);
    }
  }
  return found;
}

/** Records which report a file belongs to. */
export async function linkFileToReport(
  db: Db,
  scope: Scope,
  fileId: string,
  reportId: string,
): Promise<void> {
  await updateFile(db, scope, fileId, { reportId });
}
