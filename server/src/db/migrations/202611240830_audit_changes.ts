import { type Kysely, sql } from 'kysely';

/**
 * Audit as a service (decision 0053): field-level changes instead of whole objects, the
 * reason an action required, and what the action was about besides the fields. Adding
 * nullable columns rewrites nothing, so the append-only triggers are not involved; the
 * runtime role's table-wide SELECT and INSERT (decision 0021) cover the new columns.
 * "History of this object" is served by audit_entity (entity_type, entity_id, at);
 * "what did this person do" gets its own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_log
      ADD COLUMN changes jsonb CHECK (jsonb_typeof(changes) = 'array'),
      ADD COLUMN reason text CHECK (length(btrim(reason)) > 0),
      ADD COLUMN details jsonb CHECK (jsonb_typeof(details) = 'object')`.execute(db);
  await sql`CREATE INDEX audit_actor ON audit_log (actor_user_id, at) WHERE actor_user_id IS NOT NULL`.execute(
    db,
  );
}
