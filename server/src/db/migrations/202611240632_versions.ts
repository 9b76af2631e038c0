import { type Kysely, sql } from 'kysely';

/**
 * Optimistic concurrency for resources people edit (issue #7 item 6, decision 0049): a
 * `version` that every real change of the row increments, and `updated_at` from the
 * database's clock, both set by one trigger so that no code path can forget them.
 */
const TABLES = ['platforms', 'organisations', 'user_groups', 'applications', 'sso_providers'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW IS DISTINCT FROM OLD THEN
        NEW.version := OLD.version + 1;
        NEW.updated_at := now();
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_version`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION bump_version()`.execute(db);
  }
}
