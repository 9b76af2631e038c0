import { type Kysely, sql } from 'kysely';

/**
 * What an export wrote (issue 29): the rows of its file, and whether the search found more than
 * the export's limit (EXPORT_MAX_ROWS), so a cut-off file is never taken for the whole search.
 * Exports made before this have no count (null) and are not known to be cut off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE exports ADD COLUMN row_count integer CHECK (row_count >= 0),
    ADD COLUMN truncated boolean NOT NULL DEFAULT false`.execute(db);
}
