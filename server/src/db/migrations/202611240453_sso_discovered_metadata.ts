import { type Kysely, sql } from 'kysely';

/**
 * A provider's discovery document is fetched when an administrator saves it and kept here,
 * so starting a sign-in never makes the server fetch anything (decision 0030). Providers
 * saved before this have none: they must be saved again before they can be used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sso_providers ADD COLUMN metadata jsonb, ADD COLUMN discovered_at timestamptz`.execute(
    db,
  );
}
