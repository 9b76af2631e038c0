import { type Kysely, sql } from 'kysely';

/**
 * A sign-in with an unknown email looks for a pending account request with that email
 * (decision 0034): this index keeps that look-up from reading the whole queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX change_requests_pending_account_email ON change_requests (lower(changes->>'email'))
    WHERE kind = 'account' AND status = 'pending'`.execute(db);
}
