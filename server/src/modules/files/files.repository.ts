import { type Selectable, sql } from 'kysely';
import { dbNow } from '../../db/columns.ts';
import type { FileStatus, FileTable } from '../../db/tables/files.ts';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

export type FileRow = Selectable<FileTable>;

const own = { platform: 'f.platform_id', organisation: 'f.organisation_id' };

const live = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('files as f'), scope, own).selectAll('f').where('f.deleted_at', 'is', null);

/** A file (not deleted) by id. */
export async function findFile(db: Db, scope: Scope, id: string): Promise<FileRow | undefined> {
  return live(db, scope).where('f.id', '=', id).executeTakeFirst();
}

/** A file (not deleted) by its storage key. */
export async function findFileByKey(db: Db, scope: Scope, key: string): Promise<FileRow | undefined> {
  return live(db, scope).where('f.storage_key', '=', key).executeTakeFirst();
}

/** The files of `ids` that the scope sees (fewer than asked when some are not). */
export async function findFiles(db: Db, scope: Scope, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return live(db, scope)
    .where('f.id', 'in', [...ids])
    .execute();
}

/** The stored files of one organisation (of one folder), newest first. */
export async function listFiles(
  db: Db,
  scope: Scope,
  filter: { organisationId: string; folder?: string; reportId?: string; limit: number },
): Promise<FileRow[]> {
  let query = live(db, scope)
    .where('f.organisation_id', '=', filter.organisationId)
    .where('f.status', '=', 'stored');
  if (filter.folder) query = query.where('f.folder', '=', filter.folder);
  if (filter.reportId) query = query.where('f.report_id', '=', filter.reportId);
  return query.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(filter.limit).execute();
}

export async function insertFile(
  db: Db,
  scope: Scope,
  values: {
    id: string;
    platformId: string;
    organisationId: string;
    folder: string;
    name: string;
    title?: string | null;
    contentType: string;
    size?: number | null;
    storageKey: string;
    status: FileStatus;
    uploadId?: string | null;
    reportId?: string | null;
    /** An upload (link, multipart start) that a report must name in time (decision 0090). */
    awaitingReport?: boolean;
    createdBy: string | null;
  },
): Promise<FileRow> {
  requireCovers(scope, values.platformId, values.organisationId, 'Organisation');
  return db
    .insertInto('files')
    .values({
      id: values.id,
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      folder: values.folder,
      name: values.name,
      title: values.title ?? null,
      content_type: values.contentType,
      size: values.size ?? null,
      storage_key: values.storageKey,
      status: values.status,
      upload_id: values.uploadId ?? null,
      report_id: values.reportId ?? null,
      awaiting_report: values.awaitingReport ?? false,
      created_by: values.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes a file's fields (undefined when it is gone, or not in `from` when that is given). */
export async function updateFile(
  db: Db,
  scope: Scope,
  id: string,
  changes: Partial<{
    name: string;
    title: string | null;
    contentType: string;
    size: number;
    status: FileStatus;
    uploadId: string | null;
    reportId: string | null;
  }>,
  from?: FileStatus,
): Promise<FileRow | undefined> {
  let query = inScope(db.updateTable('files as f'), scope, own)
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.contentType !== undefined && { content_type: changes.contentType }),
      ...(changes.size !== undefined && { size: changes.size }),
      ...(changes.status !== undefined && { status: changes.status }),
      ...(changes.uploadId !== undefined && { upload_id: changes.uploadId }),
      ...(changes.reportId !== undefined && { report_id: changes.reportId }),
    })
    .where('f.id', '=', id)
    .where('f.deleted_at', 'is', null);
  if (from) query = query.where('f.status', '=', from);
  return query.returningAll().executeTakeFirst();
}

/** Marks a file deleted (the bytes are removed by the caller); the row stays for the audit trail. */
export async function markFileDeleted(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.updateTable('files as f'), scope, own)
    .set({ deleted_at: dbNow() })
    .where('f.id', '=', id)
    .execute();
}

/**
 * Uploads (link, multipart start) that no report named within `hours` of their creation,
 * oldest first, at most `limit` of them (decision 0090).
 */
export async function findAbandonedUploads(
  db: Db,
  scope: Scope,
  hours: number,
  limit: number,
): Promise<FileRow[]> {
  return live(db, scope)
    .where('f.awaiting_report', '=', true)
    .where('f.report_id', 'is', null)
    .where('f.created_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .orderBy('f.created_at')
    .limit(limit)
    .execute();
}

/** Marks an abandoned upload deleted, unless a report named it meanwhile: true when it did. */
export async function markAbandonedDeleted(db: Db, scope: Scope, id: string): Promise<boolean> {
  const row = await inScope(db.updateTable('files as f'), scope, own)
    .set({ deleted_at: dbNow() })
    .where('f.id', '=', id)
    .where('f.report_id', 'is', null)
    .where('f.deleted_at', 'is', null)
    .returning('f.id')
    .executeTakeFirst();
  return row !== undefined;
}
