import { type Kysely, sql } from 'kysely';

/**
 * Stored files (attachments, resources, export results) and export jobs (issue 11, decision
 * 0070). A file row names where its bytes are (`storage_key`, built by the server only) and
 * the organisation that owns them; it is `pending` from the upload link until its content is
 * checked, then `stored` (or `rejected`, the bytes deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL REFERENCES organisations(id),
      folder text NOT NULL,
      name text NOT NULL,
      title text,
      content_type text NOT NULL,
      size bigint,
      storage_key text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'stored', 'rejected')),
      upload_id text,
      report_id uuid,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX files_organisation ON files (organisation_id, folder, created_at DESC)
    WHERE deleted_at IS NULL`.execute(db);
  // Not UNIQUE: a key ends with the row's own id (its primary key), so it cannot repeat.
  await sql`CREATE INDEX files_storage_key ON files (storage_key)`.execute(db);
  await sql`CREATE INDEX files_report ON files (report_id) WHERE report_id IS NOT NULL`.execute(db);
  await sql`CREATE TRIGGER files_version BEFORE UPDATE ON files
    FOR EACH ROW EXECUTE FUNCTION bump_version()`.execute(db);

  await sql`
    CREATE TABLE exports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL REFERENCES organisations(id),
      kind text NOT NULL,
      parameters jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      file_id uuid REFERENCES files(id),
      error text,
      requested_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    )`.execute(db);
  await sql`CREATE INDEX exports_organisation ON exports (organisation_id, created_at DESC)`.execute(db);
  await sql`CREATE TRIGGER exports_version BEFORE UPDATE ON exports
    FOR EACH ROW EXECUTE FUNCTION bump_version()`.execute(db);
}
