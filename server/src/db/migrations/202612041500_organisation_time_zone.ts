import { type Kysely, sql } from 'kysely';

/**
 * Each organisation's time zone (issue 28 item 5, decision 0318): an IANA name its receipt
 * dates, "today", day zero, due dates and overdue are counted in; UTC for every organisation
 * there is (the calendar they were counted in until now) and for new ones.
 *
 * `vigilo_now()` is the one clock those days are read from: the database's `now()`, unless the
 * session set `vigilo.now` (tests pin the clock that way; the application never sets it, and
 * test/clock.test.ts fails if a source file names it). An empty setting reads as unset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organisations ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'
    CHECK (length(time_zone) BETWEEN 1 AND 64)`.execute(db);
  await sql`CREATE FUNCTION vigilo_now() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT coalesce(nullif(current_setting('vigilo.now', true), '')::timestamptz, now())
  $$`.execute(db);
}
