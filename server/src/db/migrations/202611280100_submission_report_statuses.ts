import { type Kysely, sql } from 'kysely';

/**
 * The history of a submission report's receiver status (decision 0180): one row per status
 * written, in the same statement as the change itself (submissions.repository), so the
 * detail screen shows every step up to the final acknowledgement. Reports that exist already
 * get one row with the status they hold now, dated at their last change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE submission_report_statuses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      submission_report_id uuid NOT NULL REFERENCES submission_reports(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      status text NOT NULL
        CHECK (status IN ('NOT_SENT', 'SENT', 'IN_REVIEW', 'ACCEPTED', 'REJECTED', 'FAILED')),
      reason text,
      source text NOT NULL
        CHECK (source IN ('distribution', 'delivery', 'acknowledgement', 'staff', 'before_history')),
      changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      -- The clock, not the transaction's start: two steps in one transaction keep their order.
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX submission_report_statuses_report
    ON submission_report_statuses (submission_report_id, created_at)`.execute(db);
  await sql`
    INSERT INTO submission_report_statuses
      (submission_report_id, platform_id, organisation_id, status, reason, source, created_at)
    SELECT id, platform_id, organisation_id, status, status_reason, 'before_history', updated_at
    FROM submission_reports`.execute(db);
}
