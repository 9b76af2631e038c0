import { type Kysely, sql } from 'kysely';

/**
 * Files uploaded through an upload link or a multipart start (U-1, U-2) wait for a report
 * to name them; the ones no report names in time are removed by a background job (decision
 * 0090). Files sent whole (POST /v1/files), resources and exports never wait.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE files ADD COLUMN awaiting_report boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE INDEX files_awaiting_report ON files (created_at)
    WHERE awaiting_report AND report_id IS NULL AND deleted_at IS NULL`.execute(db);
}
