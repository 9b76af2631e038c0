import { type Kysely, sql } from 'kysely';

/**
 * A replayed answer must be the first answer byte for byte (decision 0076): `jsonb` reorders
 * object keys, so the stored answer is kept as `json`, the text as it was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys ALTER COLUMN response TYPE json USING response::json`.execute(db);
}
