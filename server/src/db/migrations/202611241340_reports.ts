import { type Kysely, sql } from 'kysely';

/**
 * Report intake (issue 11): a report row holds what lists search and filter, written from
 * the case document in the same transaction; every saved state of the case document is a
 * row of report_versions (one JSON document per version, decision 0040). Idempotency keys
 * keep the first successful answer of a POST for a bounded time (decision 0076).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      reference text NOT NULL CHECK (reference ~ '^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]$'),
      status text NOT NULL CHECK (length(status) BETWEEN 1 AND 40),
      reporter_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      application_id uuid,
      anonymous boolean NOT NULL DEFAULT false,
      reporter_email text,
      reporter_language text NOT NULL DEFAULT 'en',
      form_view_id uuid,
      form_view_version_id uuid,
      form_schema_id uuid,
      source text,
      source_id text,
      ext_report_id text,
      name text,
      upload_type text NOT NULL DEFAULT 'auth',
      follow_up_user_id uuid,
      current_report_id uuid,
      current_version integer NOT NULL DEFAULT 1,
      receipt_date date,
      report_type text,
      serious boolean NOT NULL DEFAULT false,
      seriousness text[] NOT NULL DEFAULT '{}',
      country text,
      location_id uuid,
      submitted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      CONSTRAINT reports_platform_reference UNIQUE (platform_id, reference)
    )`.execute(db);
  await sql`CREATE TRIGGER reports_version BEFORE UPDATE ON reports
    FOR EACH ROW EXECUTE FUNCTION bump_version()`.execute(db);
  await sql`CREATE INDEX reports_organisation_receipt ON reports (organisation_id, receipt_date DESC, id)`.execute(
    db,
  );
  await sql`CREATE INDEX reports_reporter ON reports (reporter_user_id, status, updated_at DESC)
    WHERE reporter_user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX reports_form_view ON reports (form_view_id, updated_at DESC) WHERE form_view_id IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE report_versions (
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      version integer NOT NULL CHECK (version >= 1),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      document jsonb NOT NULL,
      attachments jsonb NOT NULL DEFAULT '[]',
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (report_id, version)
    )`.execute(db);

  await sql`
    CREATE TABLE idempotency_keys (
      caller text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      status_code integer,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (caller, key)
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at)`.execute(db);
}
