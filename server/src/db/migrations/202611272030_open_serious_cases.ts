import { type Kysely, sql } from 'kysely';

/**
 * The triage view's count (decision 0133): an organisation's open cases by seriousness, so
 * "open and serious" is counted from the index alone, reading only those cases' entries. Its
 * condition is written as the list writes "open" (`(NOT clock_running) <= false`, the inbox
 * index's key), so the planner sees the list's condition is the index's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS reports_open_by_seriousness ON reports (organisation_id, serious)
    INCLUDE (platform_id, status, report_type, location_id, assignee_user_id)
    WHERE deleted_at IS NULL AND (NOT clock_running) <= false`.execute(db);
}
