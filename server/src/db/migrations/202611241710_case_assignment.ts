import { type Kysely, sql } from 'kysely';

/**
 * Case assignment (issue 12, decision 0102): single-use assignment tokens (only their hash is
 * kept) and the transfers of a case to another organisation, which leave the sending
 * organisation a read-only trace of the case as it was when it left.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_assignment_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      used_by uuid
    )`.execute(db);
  await sql`CREATE INDEX report_assignment_tokens_report ON report_assignment_tokens (report_id)`.execute(db);

  await sql`
    CREATE TABLE report_transfers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL,
      from_organisation_id uuid NOT NULL,
      to_organisation_id uuid NOT NULL,
      report_version integer NOT NULL,
      status text NOT NULL,
      reason text,
      transferred_by uuid,
      transferred_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX report_transfers_from ON report_transfers (from_organisation_id, report_id)`.execute(
    db,
  );
}
