import { type Kysely, sql } from 'kysely';

/**
 * The audit trail. Append-only at the database: UPDATE, DELETE and TRUNCATE raise, so
 * neither a bug nor the application's own role can rewrite history. No foreign keys:
 * audit rows outlive the users and objects they describe (permanent deletion).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      platform_id uuid,
      organisation_id uuid,
      actor_user_id uuid,
      action text NOT NULL,
      entity_type text NOT NULL,
      entity_id text,
      old_value jsonb,
      new_value jsonb,
      request_id text
    )`.execute(db);
  await sql`CREATE INDEX audit_entity ON audit_log (entity_type, entity_id, at)`.execute(db);
  await sql`CREATE INDEX audit_platform ON audit_log (platform_id, at)`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only()`.execute(db);
}
