import { type Kysely, sql } from 'kysely';

/**
 * Every change that can alter who a request's actor is (account, memberships, session
 * revocation, organisation or platform names shown in the profile) notifies channel
 * `vigilo_actor` with the user id, or `*` for everyone. API processes cache actors and
 * drop them on these notifications (see platform/actor-cache.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_actor_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      who text;
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        who := CASE WHEN TG_OP = 'DELETE' THEN OLD.id::text ELSE NEW.id::text END;
      ELSIF TG_TABLE_NAME IN ('memberships', 'refresh_tokens') THEN
        who := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id::text ELSE NEW.user_id::text END;
      ELSE
        who := '*';
      END IF;
      PERFORM pg_notify('vigilo_actor', who);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_actor_change AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_actor_change()`.execute(db);
  await sql`CREATE TRIGGER memberships_actor_change AFTER INSERT OR UPDATE OR DELETE ON memberships
    FOR EACH ROW EXECUTE FUNCTION notify_actor_change()`.execute(db);
  await sql`CREATE TRIGGER refresh_tokens_actor_change AFTER UPDATE OF revoked_at OR DELETE ON refresh_tokens
    FOR EACH ROW EXECUTE FUNCTION notify_actor_change()`.execute(db);
  await sql`CREATE TRIGGER organisations_actor_change AFTER UPDATE OF name ON organisations
    FOR EACH STATEMENT EXECUTE FUNCTION notify_actor_change()`.execute(db);
  await sql`CREATE TRIGGER platforms_actor_change AFTER UPDATE OF name ON platforms
    FOR EACH STATEMENT EXECUTE FUNCTION notify_actor_change()`.execute(db);
}
