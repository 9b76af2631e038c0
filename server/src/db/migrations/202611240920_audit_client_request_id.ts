import { type Kysely, sql } from 'kysely';

/**
 * The request id a client sent (`x-request-id`), kept apart from the server's own
 * `request_id` and only when it is a plain token (decision 0027). A nullable column: nothing
 * is rewritten, and the runtime role's table-wide INSERT and SELECT cover it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_log
      ADD COLUMN client_request_id text CHECK (client_request_id ~ '^[A-Za-z0-9._-]{1,64}$')`.execute(db);
}
