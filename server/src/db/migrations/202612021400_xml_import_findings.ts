import { type Kysely, sql } from 'kysely';

/**
 * An intake keeps what it receives (decision 0222): the values of an imported case that did not
 * fit the case document, kept as received, and the codes stored in another case than received,
 * beside what the message held outside the case document (`unmapped`), with the version made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE report_xml_imports ADD COLUMN findings jsonb NOT NULL DEFAULT '[]'`.execute(db);
}
