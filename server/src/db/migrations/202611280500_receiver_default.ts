import { type Kysely, sql } from 'kysely';

/**
 * Each organisation may name one default receiver (decision 0200): the E2B(R3) download and
 * validation of its cases follow that receiver's profile and identifiers. At most one per
 * organisation: the service takes choices of the default one at a time, and a partial unique
 * index guards the rule in the database itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receivers ADD COLUMN is_default boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE UNIQUE INDEX receivers_organisation_default ON receivers (organisation_id)
    WHERE is_default AND organisation_id IS NOT NULL`.execute(db);
}
