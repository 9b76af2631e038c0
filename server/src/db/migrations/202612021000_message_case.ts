import { type Kysely, sql } from 'kysely';

/**
 * The message case (decisions 0240, 0242): each organisation's sender profile (E2B(R3) C.3 and
 * the sender identifier of its case ids), kept by its administrators; and each case's C.1.1,
 * assigned the first time a message of the case is written and never changed after, so that
 * every version and every receiver sees the same id. A row of its own, not a column of
 * `reports`: assigning it is not an edit of the case (the case's version, its ETag, stays).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sender_profiles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL UNIQUE,
      details jsonb NOT NULL DEFAULT '{}',
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE TRIGGER sender_profiles_version BEFORE UPDATE ON sender_profiles
    FOR EACH ROW EXECUTE FUNCTION bump_version()`.execute(db);
  await sql`
    CREATE TABLE report_case_ids (
      report_id uuid PRIMARY KEY REFERENCES reports(id),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      safety_report_id text NOT NULL CHECK (length(safety_report_id) BETWEEN 1 AND 100),
      assigned_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX report_case_ids_value ON report_case_ids (platform_id, safety_report_id)`.execute(
    db,
  );
}
