import { type Kysely, sql } from 'kysely';

/**
 * What asks for staff's attention on a case (decisions 0250, 0252): a reporter's change to a
 * report already sent is follow-up information, whose version says so (`from_reporter`); that,
 * or a receiver's rejection of its message, marks the case in the inbox (`attention`, since
 * `attention_at`) until staff move it on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE report_versions ADD COLUMN from_reporter boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE reports
    ADD COLUMN attention text CHECK (attention IN ('new_information', 'rejected')),
    ADD COLUMN attention_at timestamptz`.execute(db);
}
