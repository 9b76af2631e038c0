import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<unknown, string, string>;

/** What an imported E2B message held outside the case document, by the version it made (migration 202611241700). */
export interface ReportXmlImportTable {
  report_id: string;
  version: number;
  platform_id: string;
  organisation_id: string;
  file_name: string | null;
  unmapped: Json;
  /** Values set aside or normalised at import (e2b.intake.ts `KeptValue`). */
  findings: ColumnType<unknown, string | undefined, string>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** An ICH acknowledgement of a report, received or sent (ENDPOINTS.md section 5). */
export interface AcknowledgementTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  report_id: string;
  status: string;
  form_schema: ColumnType<string, string | undefined, string>;
  code: string;
  report_code: string | null;
  ack: Json;
  xml: string;
  created_by: string | null;
  created_at: CreatedAt;
}

/** An organisation's sender profile: C.3 and the sender identifier of its case ids (migration 202612021000). */
export interface SenderProfileTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  details: ColumnType<Record<string, unknown>, string, string>;
  version: ColumnType<number, never, never>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, never, never>;
}

/** A case's C.1.1, assigned once (migration 202612021000). */
export interface ReportCaseIdTable {
  report_id: string;
  platform_id: string;
  organisation_id: string;
  safety_report_id: string;
  assigned_at: CreatedAt;
}

export interface E2bTables {
  report_xml_imports: ReportXmlImportTable;
  acknowledgements: AcknowledgementTable;
  sender_profiles: SenderProfileTable;
  report_case_ids: ReportCaseIdTable;
}
