import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './db.ts';

/**
 * Two database roles (issue 6 item 8, docs/decisions/0021-database-roles.md): the owner,
 * which creates and migrates the schema, and the runtime role the app serves with, which
 * may read and write data but never change the schema, and may only add to the audit log.
 */

/** The runtime role of a database the app sets up itself (embedded, tests): `<database>_app`. */
export const runtimeRoleFor = (database: string) => `${database}_app`;

// Serialises grants and role changes between processes starting at the same time
// (concurrent GRANTs on one object can fail with "tuple concurrently updated").
const ROLES_LOCK = 7_410_002;

/** `url` with another user and password. */
export function withUser(url: string, user: string, password: string): string {
  const next = new URL(url);
  next.username = encodeURIComponent(user);
  next.password = encodeURIComponent(password);
  return next.toString();
}

/** A password derived from the superuser URL: stable across runs, known only to who knows that URL. */
export const derivedPassword = (adminUrl: string, role: string) =>
  createHash('sha256').update(`vigilo runtime role\n${adminUrl}\n${role}`).digest('base64url');

/**
 * Creates (or resets) the runtime role with `adminUrl`, a role that may create roles:
 * it logs in with `password` and holds no attribute that could lift it above its grants.
 * Returns `adminUrl` with that role and password.
 */
export async function ensureRuntimeRole(adminUrl: string, role: string, password: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [ROLES_LOCK]);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS PASSWORD ${client.escapeLiteral(password)}`;
    await client.query(
      `${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${client.escapeIdentifier(role)} ${attributes}`,
    );
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  return withUser(adminUrl, role, password);
}

/**
 * Gives `role` what the app needs, with the owner's connection: data in every table, but
 * on `audit_log` and `audit_verifications` only SELECT and INSERT, on `audit_chain` (written by
 * the database at commit) and `audit_resealed` (by a migration) only SELECT (no UPDATE, DELETE, TRUNCATE, TRIGGER; as it owns
 * nothing it cannot ALTER the table or disable its triggers, and `session_replication_role`
 * is for superusers), and read-only access to the migration bookkeeping. Run after every
 * migration: a new table gets the same grants. pg-boss's job tables are the runtime's to
 * use; creating a queue's partition runs as the owner (SECURITY DEFINER), so the runtime
 * never needs CREATE anywhere.
 */
export async function grantRuntimePrivileges(owner: Db, role: string): Promise<void> {
  const who = sql.id(role);
  await owner.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${ROLES_LOCK})`.execute(tx);
    const statements = [
      sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${who}`,
      sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${who}`,
      sql`REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_log FROM ${who}`,
      sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_chain FROM ${who}`,
      sql`REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_verifications FROM ${who}`,
      // Written once by the migration that sealed older rows' personal values (decision 0331).
      sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_resealed FROM ${who}`,
      sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON kysely_migration, kysely_migration_lock FROM ${who}`,
      sql`GRANT USAGE ON SCHEMA pgboss TO ${who}`,
      sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO ${who}`,
      sql`ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${who}`,
      sql`ALTER FUNCTION pgboss.create_queue(text, json) SECURITY DEFINER SET search_path = pg_catalog, pg_temp`,
      sql`REVOKE EXECUTE ON FUNCTION pgboss.delete_queue(text) FROM PUBLIC`,
    ];
    for (const statement of statements) await statement.execute(tx);
  });
}

/**
 * Whether the role `db` connects with could rewrite the audit log: a superuser, the
 * table's owner (or a member of its role), or any right beyond SELECT and INSERT.
 */
export async function canRewriteAudit(db: Db): Promise<boolean> {
  const { rows } = await sql<{ can: boolean }>`
    SELECT r.rolsuper
        OR pg_has_role(current_user, c.relowner, 'MEMBER')
        OR has_table_privilege('audit_log', 'UPDATE, DELETE, TRUNCATE, TRIGGER') AS can
    FROM pg_class c, pg_roles r
    WHERE c.oid = 'audit_log'::regclass AND r.rolname = current_user`.execute(db);
  return rows[0]?.can ?? true;
}
