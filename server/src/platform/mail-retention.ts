import { sql } from 'kysely';
import type { Db } from './db.ts';
import type { JobDefinition } from './jobs.ts';

/** What a pruned message keeps of its recipient. */
export const PRUNED = '[pruned]';

const pruned = {
  recipient: PRUNED,
  subject: null,
  body_text: '',
  body_html: null,
  last_error: null,
  pruned_at: sql<Date>`now()`,
} as const;

/**
 * Prunes the messages sent or failed more than `days` ago (queued ones wait for their delivery):
 * recipient, subject and bodies go, the row stays. Answers how many.
 */
export async function pruneOldMessages(db: Db, days: number): Promise<number> {
  const result = await db
    .updateTable('outbox_messages')
    .set(pruned)
    .where('pruned_at', 'is', null)
    .where('status', '!=', 'queued')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Erasure: prunes at once every message to `email` or whose subject or body names it or one of
 * `names` (a full name, as the texts write it), whatever its status; a queued one is never sent.
 * In the caller's transaction.
 */
export async function pruneMessagesOf(db: Db, email: string, names: readonly string[]): Promise<number> {
  const needles = [email, ...names].map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 3);
  if (needles.length === 0) return 0;
  const result = await db
    .updateTable('outbox_messages')
    .set(pruned)
    .where('pruned_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(sql`lower(recipient)`, '=', email.toLowerCase()),
        ...needles.map(
          (n) => sql<boolean>`strpos(lower(concat_ws(' ', subject, body_text, body_html)), ${n}) > 0`,
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const OUTBOX_PRUNE_JOB = 'outbox.prune';

/** The nightly retention job (pg-boss cron: durable, a missed night runs once the worker is back). */
export const outboxPruneJob = (db: Db, days: number): JobDefinition => ({
  name: OUTBOX_PRUNE_JOB,
  cron: '47 3 * * *',
  handler: async () => {
    await pruneOldMessages(db, days);
  },
});
