import { type Kysely, sql } from 'kysely';

/**
 * Receivers gain a distribution rule (a condition of the forms' language over the case,
 * decision 0191) and whether an assessor's signed approval must come before a message is sent
 * to them (decision 0193). A submission report keeps whether it waited for that approval, and
 * when its delivery job was enqueued (at distribution, or in the approving transaction).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE receivers
      ADD COLUMN rule text CHECK (length(rule) BETWEEN 1 AND 4000),
      ADD COLUMN requires_review boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE submission_reports
      ADD COLUMN review_required boolean NOT NULL DEFAULT false,
      ADD COLUMN queued_at timestamptz`.execute(db);
}
