import type { ColumnType, Generated } from 'kysely';
import type { Version, VersionedUpdatedAt } from '../columns.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<Record<string, unknown>, string | undefined, string>;

export type FileStatus = 'pending' | 'stored' | 'rejected';
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

/** A stored file (migration 202611241330_files_and_exports). */
export interface FileTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  folder: string;
  /** The sanitised name shown and offered on download; never part of `storage_key`. */
  name: string;
  title: string | null;
  /** The type found in the content (magic bytes) once stored; the declared one while pending. */
  content_type: string;
  size: ColumnType<string | null, number | null | undefined, number | null>;
  storage_key: string;
  status: ColumnType<FileStatus, FileStatus | undefined, FileStatus>;
  /** The multipart upload (U-2) in progress, if any. */
  upload_id: string | null;
  report_id: string | null;
  /** Uploaded through a link or a multipart start: removed when no report names it in time (decision 0090). */
  awaiting_report: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
  deleted_at: Date | null;
}

/** A background export (a CSV, a zip) and its progress. */
export interface ExportTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  kind: string;
  parameters: Json;
  status: ColumnType<ExportStatus, ExportStatus | undefined, ExportStatus>;
  progress: ColumnType<number, number | undefined, number>;
  file_id: string | null;
  error: string | null;
  requested_by: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  /** The rows of the file once done (null before, and for exports made before the count). */
  row_count: number | null;
  /** The search found more than the export's limit: the file holds the first `row_count`. */
  truncated: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

export interface FileTables {
  files: FileTable;
  exports: ExportTable;
}
