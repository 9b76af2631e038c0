import type { Selectable } from 'kysely';
import { dbNow } from '../../db/columns.ts';
import type { ExportStatus, ExportTable } from '../../db/tables/files.ts';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

export type ExportRow = Selectable<ExportTable> & { file_name: string | null; file_size: string | null };

const own = { platform: 'e.platform_id', organisation: 'e.organisation_id' };

const selectExports = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('exports as e'), scope, own)
    .leftJoin('files as f', 'f.id', 'e.file_id')
    .selectAll('e')
    .select(['f.name as file_name', 'f.size as file_size']);

export async function findExport(db: Db, scope: Scope, id: string): Promise<ExportRow | undefined> {
  return selectExports(db, scope).where('e.id', '=', id).executeTakeFirst();
}

/** One organisation's exports, newest first. */
export async function listExports(
  db: Db,
  scope: Scope,
  organisationId: string,
  /** Only the exports this user asked for; every one of the organisation when absent. */
  requestedBy?: string,
): Promise<ExportRow[]> {
  return selectExports(db, scope)
    .where('e.organisation_id', '=', organisationId)
    .$if(requestedBy !== undefined, (q) => q.where('e.requested_by', '=', requestedBy as string))
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(200)
    .execute();
}

export async function insertExport(
  db: Db,
  scope: Scope,
  values: {
    platformId: string;
    organisationId: string;
    kind: string;
    requestedBy: string;
    parameters?: object;
  },
): Promise<string> {
  requireCovers(scope, values.platformId, values.organisationId, 'Organisation');
  const row = await db
    .insertInto('exports')
    .values({
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      kind: values.kind,
      requested_by: values.requestedBy,
      ...(values.parameters ? { parameters: JSON.stringify(values.parameters) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves an export along: status, progress, result or error. */
export async function setExportState(
  db: Db,
  scope: Scope,
  id: string,
  state: {
    status: ExportStatus;
    progress: number;
    fileId?: string | null;
    error?: string | null;
    /** What the file holds, once done. */
    rows?: { count: number | null; truncated: boolean };
  },
): Promise<void> {
  await inScope(db.updateTable('exports as e'), scope, own)
    .set({
      status: state.status,
      progress: state.progress,
      ...(state.fileId !== undefined && { file_id: state.fileId }),
      ...(state.error !== undefined && { error: state.error }),
      ...(state.status === 'running' && { started_at: dbNow() }),
      ...(state.rows && { row_count: state.rows.count, truncated: state.rows.truncated }),
      ...(state.status === 'queued' && {
        started_at: null,
        finished_at: null,
        row_count: null,
        truncated: false,
      }),
      ...((state.status === 'done' || state.status === 'failed') && { finished_at: dbNow() }),
    })
    .where('e.id', '=', id)
    .execute();
}
