import { type Kysely, sql } from 'kysely';

/**
 * Sending a failed message again, and a retry budget per receiver (decision 0327):
 * `receivers.delivery_attempts` (1 to 30; 16 span about nine hours with the capped backoff),
 * and on a submission report when its next attempt is due and how often staff sent it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receivers ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 16
    CHECK (delivery_attempts BETWEEN 1 AND 30)`.execute(db);
  await sql`ALTER TABLE submission_reports
    ADD COLUMN next_attempt_at timestamptz,
    ADD COLUMN resend_count integer NOT NULL DEFAULT 0,
    ADD COLUMN resent_at timestamptz`.execute(db);
}
