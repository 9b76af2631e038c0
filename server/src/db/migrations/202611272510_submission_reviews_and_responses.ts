import { type Kysely, sql } from 'kysely';

/**
 * The assessor's review of a submission report as an electronic signature (21 CFR 11.50:
 * the signer's printed name, the time, the meaning), and the receivers' answers posted to
 * POST /v1/submissions/responses, kept whether or not they match a submission report or
 * can be read at all (decisions 0172–0173).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE submission_reports
      ADD COLUMN reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN reviewer_name text,
      ADD COLUMN reviewed_at timestamptz,
      ADD COLUMN review_meaning text,
      ADD COLUMN review_method text CHECK (review_method IN ('password', 'totp'))`.execute(db);

  await sql`
    CREATE TABLE submission_responses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      submission_report_id uuid REFERENCES submission_reports(id),
      matched boolean NOT NULL,
      malformed boolean NOT NULL,
      problem text,
      message_ids text[] NOT NULL DEFAULT '{}',
      code text,
      ack jsonb,
      xml text NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX submission_responses_org ON submission_responses (organisation_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX submission_responses_report ON submission_responses (submission_report_id)`.execute(
    db,
  );
}
