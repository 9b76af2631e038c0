import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<unknown, string | undefined, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One distribution of a case version to receivers (migration 202611272500). */
export interface SubmissionTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  report_id: string;
  report_version: number;
  created_by: string | null;
  created_at: CreatedAt;
}

/** What one receiver is sent and how it answered. */
export interface SubmissionReportTable {
  id: Generated<string>;
  submission_id: string;
  platform_id: string;
  organisation_id: string;
  report_id: string;
  receiver_id: string;
  receiver_name: string;
  message_id: string;
  profile: string;
  masked: boolean;
  xml: string;
  document: Json;
  valid: boolean;
  findings: Json;
  status: ColumnType<string, string | undefined, string>;
  status_reason: string | null;
  manually_processed_reason: string | null;
  review_status: ColumnType<string, string | undefined, string>;
  approval_comment: string | null;
  rejection_comment: string | null;
  serious: boolean;
  /** DATE columns: node-postgres reads them as local midnight (see submissions.service's dateOf). */
  day_zero: ColumnType<Date, string, string>;
  due_date: ColumnType<Date, string, string>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  http_status: number | null;
  response_body: string | null;
  ack_code: string | null;
  ack_errors: Json;
  sent_at: Date | null;
  acknowledged_at: Date | null;
  created_at: CreatedAt;
  updated_at: Stamp;
  /** The review's electronic signature (migration 202611272510). */
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  reviewer_name: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  review_meaning: ColumnType<string | null, string | null | undefined, string | null>;
  review_method: ColumnType<string | null, string | null | undefined, string | null>;
  /** It waits for an assessor's signed approval before it is sent (migration 202611280300, decision 0193). */
  review_required: ColumnType<boolean, boolean | undefined, boolean>;
  /** When its delivery job was enqueued: at distribution, or in the approving transaction. */
  queued_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the delivery job tries it next after a failed attempt (migration 202612031200, decision 0327). */
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** How often staff sent it again after it FAILED, and when last. */
  resend_count: ColumnType<number, number | undefined, number>;
  resent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A receiver's answer posted to POST /v1/submissions/responses, kept matched or not (migration 202611272510). */
export interface SubmissionResponseTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  submission_report_id: string | null;
  matched: boolean;
  malformed: boolean;
  problem: string | null;
  message_ids: ColumnType<string[], string[] | undefined, string[]>;
  code: string | null;
  ack: ColumnType<unknown, string | null | undefined, string | null>;
  xml: string;
  created_by: string | null;
  created_at: CreatedAt;
  /** How it came (decision 0196): posted to the API, or by AS2. */
  via: ColumnType<'api' | 'as2', 'api' | 'as2' | undefined, 'api' | 'as2'>;
  kind: ColumnType<
    'acknowledgement' | 'mdn' | 'other',
    'acknowledgement' | 'mdn' | 'other' | undefined,
    'acknowledgement' | 'mdn' | 'other'
  >;
  receiver_id: string | null;
  as2_message_id: string | null;
  content_type: string | null;
}

/** The claim of one message to one receiver, committed before it is sent (decision 0171). */
export interface SubmissionDeliveryTable {
  receiver_id: string;
  message_id: string;
  submission_report_id: string;
  state: ColumnType<string, string | undefined, string>;
  lease_until: Stamp;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Stamp;
}

/** One receiver status a submission report took, with why and who (migration 202611280100, decision 0180). */
export interface SubmissionReportStatusTable {
  id: Generated<string>;
  submission_report_id: string;
  platform_id: string;
  organisation_id: string;
  status: string;
  reason: string | null;
  /** distribution | delivery | acknowledgement | staff | before_history */
  source: string;
  changed_by: string | null;
  created_at: CreatedAt;
}

export interface SubmissionTables {
  submissions: SubmissionTable;
  submission_reports: SubmissionReportTable;
  submission_deliveries: SubmissionDeliveryTable;
  submission_responses: SubmissionResponseTable;
  submission_report_statuses: SubmissionReportStatusTable;
}
