import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import {
  hasPersonal,
  type Person,
  personKey,
  sealPersonal,
  sealValue,
} from '../../platform/personal-data.ts';

/**
 * Erasable personal values in the audit trail (issue 28 item 3, decision 0331). `person_keys`
 * holds one random AES-256 key per person; audit() writes emails, names and phones sealed under
 * it, and erasure deletes the key, so no audited row is ever changed.
 *
 * The rows written before this migration hold such values in clear. They are sealed here, once,
 * by the owner: each is rewritten with its personal values as tokens, and `audit_resealed`
 * records, append-only, the hash the chain sealed (unchanged in `audit_chain`, so every later
 * link and every exported head still holds) and the hash of the row's new content. The
 * verifier (platform/audit-chain.ts) accepts a row whose content hashes to its recorded new
 * hash where the chain has the recorded old one, and nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE person_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subject text NOT NULL UNIQUE CHECK (subject ~ '^(user|email|entity):'),
      key bytea NOT NULL CHECK (length(key) = 32),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE audit_resealed (
      audit_id bigint PRIMARY KEY,
      sealed_hash bytea NOT NULL CHECK (length(sealed_hash) = 32),
      content_hash bytea NOT NULL CHECK (length(content_hash) = 32),
      resealed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TRIGGER audit_resealed_no_update_delete BEFORE UPDATE OR DELETE ON audit_resealed
    FOR EACH ROW EXECUTE FUNCTION audit_is_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_resealed_no_truncate BEFORE TRUNCATE ON audit_resealed
    FOR EACH STATEMENT EXECUTE FUNCTION audit_is_append_only()`.execute(db);
  await sealExistingRows(db as unknown as Db);
}

const NAMES = '"(email|firstName|lastName|first_name|last_name|username|phone|phoneNumber|phone_number)"';

interface Row {
  id: string;
  entity_type: string;
  entity_id: string | null;
  old_value: unknown;
  new_value: unknown;
  changes: unknown;
  details: unknown;
}

function personOf(row: Row): Person {
  if (row.entity_type === 'user' && row.entity_id) return { userId: row.entity_id };
  for (const part of [row.new_value, row.old_value, row.details]) {
    const email = (part as { email?: unknown } | null)?.email;
    if (typeof email === 'string' && email) return { email };
  }
  for (const change of Array.isArray(row.changes) ? row.changes : []) {
    const c = change as { path?: string; new?: unknown; old?: unknown };
    if (c.path === 'email' && typeof (c.new ?? c.old) === 'string') return { email: String(c.new ?? c.old) };
  }
  return { entity: `${row.entity_type}:${row.entity_id ?? ''}` };
}

/** Seals the personal values of rows written before the person keys; in the caller's transaction. */
export async function sealExistingRows(db: Db): Promise<void> {
  await sql`LOCK TABLE audit_log IN EXCLUSIVE MODE`.execute(db);
  const { rows } = await sql<Row>`
    SELECT id::text, entity_type, entity_id, old_value, new_value, changes, details FROM audit_log
    WHERE concat(old_value::text, new_value::text, changes::text, details::text) ~ ${NAMES}
    ORDER BY id`.execute(db);
  const edits = [];
  for (const row of rows) {
    const parts = [row.old_value, row.new_value, row.changes, row.details];
    if (!parts.some(hasPersonal)) continue;
    const key = await personKey(db, personOf(row));
    const seal = (v: unknown) => sealValue(key, v);
    const [oldValue, newValue, changes, details] = parts.map((p) =>
      p === null ? null : JSON.stringify(sealPersonal(p, seal)),
    );
    edits.push({ id: row.id, oldValue, newValue, changes, details });
  }
  if (edits.length === 0) return;
  await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`.execute(db);
  for (const e of edits) {
    await sql`
      UPDATE audit_log SET old_value = ${e.oldValue}::jsonb, new_value = ${e.newValue}::jsonb,
        changes = ${e.changes}::jsonb, details = ${e.details}::jsonb
      WHERE id = ${e.id}::bigint`.execute(db);
  }
  await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`.execute(db);
  await sql`
    INSERT INTO audit_resealed (audit_id, sealed_hash, content_hash)
    SELECT c.audit_id, c.hash, sha256(convert_to(audit_chain_canonical(a, c.chain_key, c.seq, c.prev_hash), 'UTF8'))
    FROM audit_chain c JOIN audit_log a ON a.id = c.audit_id
    WHERE c.audit_id = ANY(${edits.map((e) => e.id)}::bigint[])`.execute(db);
}
