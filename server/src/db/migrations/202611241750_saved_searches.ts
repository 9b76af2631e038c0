import { type Kysely, sql } from 'kysely';

/** Saved searches (issue 12, ENDPOINTS.md section 10, decision 0105): per user, shareable within an organisation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE saved_searches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      resource text NOT NULL CHECK (length(resource) BETWEEN 1 AND 40),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      description text,
      filters jsonb NOT NULL DEFAULT '{}',
      shared boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE TRIGGER saved_searches_version BEFORE UPDATE ON saved_searches
    FOR EACH ROW EXECUTE FUNCTION bump_version()`.execute(db);
  await sql`CREATE INDEX saved_searches_owner ON saved_searches (user_id, resource)`.execute(db);
  await sql`CREATE INDEX saved_searches_shared ON saved_searches (organisation_id, resource) WHERE shared`.execute(
    db,
  );
}
