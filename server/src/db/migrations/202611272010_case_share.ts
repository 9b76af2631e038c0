import { type Kysely, sql } from 'kysely';

/**
 * Case shares (issue 12, decision 0130): an organisation shows one of its cases to another
 * organisation of the same platform, read-only, through GET /v1/reports/share/{extReportId},
 * revealing only the parts it chose (`reveal`). A share counts only while the organisation
 * that made it still holds the case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_shares (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      shared_with_organisation_id uuid NOT NULL,
      reveal text[] NOT NULL DEFAULT '{}'
        CHECK (reveal <@ ARRAY['patient', 'reporter', 'narrative']::text[]),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      FOREIGN KEY (platform_id, shared_with_organisation_id) REFERENCES organisations (platform_id, id),
      CHECK (organisation_id <> shared_with_organisation_id),
      CONSTRAINT report_shares_once UNIQUE (report_id, shared_with_organisation_id)
    )`.execute(db);
  // The shares an organisation received (the share link's look-up); the case's reference and
  // external id are indexed already (reports_platform_reference, reports_ext_report_id).
  await sql`CREATE INDEX report_shares_with ON report_shares (shared_with_organisation_id, report_id)`.execute(
    db,
  );
}
