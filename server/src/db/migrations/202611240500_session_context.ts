import { type Kysely, sql } from 'kysely';

/**
 * A session (refresh-token family) carries the organisation it works in and when its
 * holder last proved who they are (sign-in or step-up), so that switching organisation
 * keeps the session (issue #9) and sensitive changes can ask for a recent sign-in.
 * Changes to either notify the actor caches like a revocation does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE refresh_tokens ADD COLUMN authenticated_at timestamptz`.execute(db);
  await sql`DROP TRIGGER refresh_tokens_actor_change ON refresh_tokens`.execute(db);
  await sql`CREATE TRIGGER refresh_tokens_actor_change
    AFTER UPDATE OF revoked_at, organisation_id, authenticated_at OR DELETE ON refresh_tokens
    FOR EACH ROW EXECUTE FUNCTION notify_actor_change()`.execute(db);
}
