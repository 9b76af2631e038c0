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
  /** A lifecycle state (reports.lifecycle.ts): `draft` or `received` at intake. */
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
  /** Case management (migration 202611241700): who works on it, soft deletion, search. */
  assignee_user_id: string | null;
  assigned_at: ColumnType<Date | null, never, Date | string | null>;
  deleted_at: ColumnType<Date | null, never, Date | string | null>;
  deleted_by: ColumnType<string | null, never, string | null>;
  deletion_reason: ColumnType<string | null, never, string | null>;
  /** The narrative, the reactions as reported and the medicines' names (reports.columns.ts). */
  search_text: string | null;
  /** Generated: receipt date + 15 days (serious) or 90. */
  due_date: ColumnType<string | null, never, never>;
  /** Generated: the regulatory clock runs (status neither draft, submitted, closed, nullified nor duplicate). */
  clock_running: ColumnType<boolean, never, never>;
  search_vector: ColumnType<string, never, never>;
  /** The worklist's columns (migration 202612020100, reports.columns.ts): where it came from, */
  origin: ColumnType<string | null, string | null | undefined, string | null>;
  /** the suspect products' names, the reactions (PT once coded, else as reported), all coded. */
  suspect_products: ColumnType<string[], string[] | undefined, string[]>;
  reaction_terms: ColumnType<string[], string[] | undefined, string[]>;
  reactions_coded: ColumnType<boolean, boolean | undefined, boolean>;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** What asks for staff's attention, until they move the case on (decisions 0250, 0252): */
  attention: ColumnType<'new_information' | 'rejected' | null, never, 'new_information' | 'rejected' | null>;
  /** since when. */
  attention_at: ColumnType<Date | null, never, Date | string | null>;
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
  /** Follow-up information from the reporter on a report already sent (decision 0250). */
  from_reporter: ColumnType<boolean, boolean | undefined, never>;
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

/** A single-use link that lets a caseworker take a case (migration 202611241710). */
export interface ReportAssignmentTokenTable {
  id: Generated<string>;
  report_id: string;
  platform_id: string;
  organisation_id: string;
  token_hash: string;
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, never, Date | string | null>;
  used_by: ColumnType<string | null, never, string | null>;
}

/** A case sent to another organisation: the sender's read-only trace. */
export interface ReportTransferTable {
  id: Generated<string>;
  report_id: string;
  platform_id: string;
  from_organisation_id: string;
  to_organisation_id: string;
  /** The version and status the case had when it left. */
  report_version: number;
  status: string;
  reason: string | null;
  transferred_by: string | null;
  transferred_at: CreatedAt;
}

/** A saved search of a list (migration 202611241750): its owner's, or shared in its organisation. */
export interface SavedSearchTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  user_id: string;
  resource: string;
  name: string;
  description: string | null;
  filters: Json;
  shared: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

/** A case shown read-only to another organisation of its platform (migration 202611272010, decision 0130). */
export interface ReportShareTable {
  id: Generated<string>;
  report_id: string;
  platform_id: string;
  /** The organisation that shared it (it counts while that organisation holds the case). */
  organisation_id: string;
  shared_with_organisation_id: string;
  /** What the shared view shows beyond the clinical core: `patient`, `reporter`, `narrative`. */
  reveal: ColumnType<string[], string[] | undefined, string[]>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ReportTables {
  report_shares: ReportShareTable;
  saved_searches: SavedSearchTable;
  report_assignment_tokens: ReportAssignmentTokenTable;
  report_transfers: ReportTransferTable;
  reports: ReportTable;
  report_versions: ReportVersionTable;
  idempotency_keys: IdempotencyKeyTable;
}
