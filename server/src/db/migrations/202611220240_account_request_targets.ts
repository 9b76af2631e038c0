import { type Kysely, sql } from 'kysely';

/**
 * Which organisations a visitor may ask to join from the public "Request an account" page.
 * Off by default: an organisation administrator opens it (decision 0017).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organisations ADD COLUMN accepts_account_requests boolean NOT NULL DEFAULT false`.execute(
    db,
  );
  await sql`
    CREATE INDEX organisations_account_request_targets ON organisations (platform_id, name)
      WHERE accepts_account_requests`.execute(db);
}
