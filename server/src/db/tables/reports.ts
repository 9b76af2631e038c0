import type { ColumnType, Generated } from 'kysely';
import type { Version, VersionedUpdatedAt } from '../columns.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<unknown, string, string>;

/** A report: the search columns, written from its latest case document (migration 202611241340). */
export interface ReportTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  /** Read out on the phone: `K7HD-3MXT-R` (reports.reference.ts). */
  reference: string;
  /** `draft` or `submitted` at intake; case management adds its own. */
  status: string;
  reporter_user_id: string | null;
  application_id: string | null;
  anonymous: ColumnType<boolean, boolean | undefined, boolean>;
  reporter_email: string | null;
  reporter_language: ColumnType<string, string | undefined, string>;
  form_view_id: string | null;
  form_view_version_id: string | null;
  form_schema_id: string | null;
  source: string | null;
  source_id: string | null;
  ext_report_id: string | null;
  name: string | null;
  upload_type: ColumnType<string, string | undefined, string>;
  follow_up_user_id: string | null;
  current_report_id: string | null;
  current_version: ColumnType<number, number | undefined, number>;
  receipt_date: ColumnType<string | null, string | null, string | null>;
  report_type: string | null;
  serious: ColumnType<boolean, boolean | undefined, boolean>;
  seriousness: ColumnType<string[], string[] | undefined, string[]>;
  country: string | null;
  location_id: string | null;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

/** One saved state of a report's case document. */
export interface ReportVersionTable {
  report_id: string;
  version: number;
  platform_id: string;
  organisation_id: string;
  document: Json;
  attachments: ColumnType<unknown, string | undefined, string>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** The first successful answer to a request sent with an `Idempotency-Key`, per caller. */
export interface IdempotencyKeyTable {
  caller: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface ReportTables {
  reports: ReportTable;
  report_versions: ReportVersionTable;
  idempotency_keys: IdempotencyKeyTable;
}
