import { type Kysely, sql } from 'kysely';

/**
 * Outbox retention (issue 28 item 3, decision 0331): a message past its retention, or one to or
 * about a person erased, keeps its row (what was sent, when, by which template) and loses its
 * recipient, subject and bodies; `pruned_at` says when. The delivery job skips a pruned message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox_messages ADD COLUMN pruned_at timestamptz`.execute(db);
  await sql`CREATE INDEX outbox_unpruned ON outbox_messages (created_at) WHERE pruned_at IS NULL`.execute(db);
}
