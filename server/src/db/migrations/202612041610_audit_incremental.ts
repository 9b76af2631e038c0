import { type Kysely, sql } from 'kysely';

/**
 * Incremental audit verification (issue 28, decision 0328): each run records whether it walked
 * every chain from its first position (`full`) or from the heads of the run before
 * (`incremental`), and how many links it read. Every run before this one walked in full.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_verifications
      ADD COLUMN mode text NOT NULL DEFAULT 'full' CHECK (mode IN ('full', 'incremental')),
      ADD COLUMN checked bigint`.execute(db);
}
