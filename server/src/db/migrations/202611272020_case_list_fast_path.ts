import { type Kysely, sql } from 'kysely';

/**
 * The case list's fast path (decision 0133): the inbox index carries, besides its keys, the
 * columns the list filters on and the user groups narrow by, so counting a filtered inbox
 * reads the index alone (an index-only scan once VACUUM has marked the pages), and the
 * full-text search can be restricted to one organisation without reading every match's row.
 * It replaces `reports_inbox` (same keys, same rows). A plain CREATE INDEX: the migrations
 * run in one transaction; on a large live table, run it by hand CONCURRENTLY first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reports_inbox_covering ON reports
    (organisation_id, (NOT clock_running), (coalesce(due_date, 'infinity'::date)), id)
    INCLUDE (platform_id, status, serious, clock_running, due_date, report_type, location_id, assignee_user_id, receipt_date)
    WHERE deleted_at IS NULL`.execute(db);
  await sql`DROP INDEX reports_inbox`.execute(db);
  // The newest-first order (sort=received, and -received read backwards) of one organisation,
  // which the export of a search also pages through.
  await sql`CREATE INDEX reports_received ON reports
    (organisation_id, (coalesce(receipt_date, '-infinity'::date)) DESC, id DESC)
    WHERE deleted_at IS NULL`.execute(db);
}
