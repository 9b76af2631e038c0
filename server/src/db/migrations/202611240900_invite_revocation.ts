import { type Kysely, sql } from 'kysely';

/**
 * Invites can be revoked (and are, when a duplicate is settled), and an organisation has at
 * most one open invite per address (decision 0035). Open duplicates made before this rule
 * are settled first: the newest stays, the older ones are revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organisation_invites ADD COLUMN revoked_at timestamptz`.execute(db);
  await sql`
    UPDATE organisation_invites i SET revoked_at = now()
    WHERE i.accepted_at IS NULL AND EXISTS (
      SELECT 1 FROM organisation_invites newer
      WHERE newer.organisation_id = i.organisation_id AND newer.email = i.email
        AND newer.accepted_at IS NULL AND (newer.created_at, newer.id) > (i.created_at, i.id))`.execute(db);
  await sql`
    CREATE UNIQUE INDEX organisation_invites_open_email ON organisation_invites (organisation_id, email)
    WHERE accepted_at IS NULL AND revoked_at IS NULL`.execute(db);
}
