import { type Kysely, sql } from 'kysely';

/**
 * The tamper-evident audit chain (issue 28 item 2, decision 0328). Each audit row gets one
 * link in `audit_chain`: its chain (the organisation, else the platform, else the system
 * chain), its position there, the previous link's hash and its own SHA-256 over the row's
 * canonical form and that previous hash. Links are written at COMMIT by a deferred trigger:
 * the chain's advisory lock is taken only then, for every chain the transaction wrote, in
 * one sorted order, so appends serialise per chain without holding the lock while the
 * transaction does its work, and two transactions never wait on each other in a cycle.
 * Existing rows are chained here, in id order, with the table locked against writers.
 * platform/audit-chain.ts recomputes the same form on its own to verify.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`LOCK TABLE audit_log IN EXCLUSIVE MODE`.execute(db);
  await sql`
    CREATE TABLE audit_chain (
      audit_id bigint PRIMARY KEY,
      chain_key uuid NOT NULL,
      seq bigint NOT NULL CHECK (seq > 0),
      prev_hash bytea CHECK (length(prev_hash) = 32),
      hash bytea NOT NULL CHECK (length(hash) = 32),
      CONSTRAINT audit_chain_position UNIQUE (chain_key, seq),
      CHECK ((seq = 1) = (prev_hash IS NULL))
    )`.execute(db);
  await sql`
    CREATE TABLE audit_verifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      verified_at timestamptz NOT NULL DEFAULT now(),
      ok boolean NOT NULL,
      rows bigint NOT NULL,
      chains integer NOT NULL,
      last_audit_id bigint,
      last_at timestamptz,
      heads jsonb NOT NULL CHECK (jsonb_typeof(heads) = 'object'),
      first_break jsonb,
      source text NOT NULL CHECK (source IN ('cli', 'job', 'restore'))
    )`.execute(db);
  await sql`
    CREATE FUNCTION audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  for (const table of ['audit_chain', 'audit_verifications']) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_no_update_delete`)} BEFORE UPDATE OR DELETE ON ${sql.id(table)}
      FOR EACH ROW EXECUTE FUNCTION audit_is_append_only()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.id(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION audit_is_append_only()`.execute(db);
  }
  // The canonical form, version 1: a JSON array of text (or null), in this order. Keep in step
  // with canonicalForm() in platform/audit-chain.ts; a new audit_log column needs a version 2.
  await sql`
    CREATE FUNCTION audit_chain_canonical(a audit_log, chain_key uuid, seq bigint, prev_hash bytea)
    RETURNS text LANGUAGE sql STABLE AS $$
      SELECT jsonb_build_array(
        'vigilo-audit-1', chain_key::text, seq::text, encode(prev_hash, 'hex'),
        a.id::text, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        a.platform_id::text, a.organisation_id::text, a.actor_user_id::text,
        a.action, a.entity_type, a.entity_id, a.old_value::text, a.new_value::text,
        a.request_id, a.client_request_id, a.changes::text, a.reason, a.details::text
      )::text
    $$`.execute(db);
  await sql`
    CREATE FUNCTION audit_chain_key(a audit_log) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(a.organisation_id, a.platform_id, '00000000-0000-0000-0000-000000000000'::uuid)
    $$`.execute(db);
  // At insert: note the row's chain for this transaction (a transaction-local setting).
  await sql`
    CREATE FUNCTION audit_chain_note() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      k text := audit_chain_key(NEW)::text;
      noted text := coalesce(current_setting('vigilo.audit_chains', true), '');
    BEGIN
      IF position(k IN noted) = 0 THEN
        PERFORM set_config('vigilo.audit_chains', noted || ',' || k, true);
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  // At commit: lock every noted chain in sorted order (once), then link the row to its chain's head.
  // As the owner (SECURITY DEFINER): the runtime role may read links but never write one.
  await sql`
    CREATE FUNCTION audit_chain_link() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      k uuid := audit_chain_key(NEW);
      chain text;
      head_seq bigint;
      head_hash bytea;
    BEGIN
      IF coalesce(current_setting('vigilo.audit_chain_locked', true), '') <> 'yes' THEN
        FOR chain IN
          SELECT DISTINCT c FROM unnest(string_to_array(current_setting('vigilo.audit_chains', true), ',')) AS c
          WHERE c <> '' ORDER BY c
        LOOP
          PERFORM pg_advisory_xact_lock(hashtext('audit-chain'), hashtext(chain));
        END LOOP;
        PERFORM set_config('vigilo.audit_chain_locked', 'yes', true);
      END IF;
      -- Already held when noted (a lock taken again is only counted); taken here if it was not.
      PERFORM pg_advisory_xact_lock(hashtext('audit-chain'), hashtext(k::text));
      SELECT seq, hash INTO head_seq, head_hash FROM audit_chain WHERE chain_key = k ORDER BY seq DESC LIMIT 1;
      head_seq := coalesce(head_seq, 0) + 1;
      INSERT INTO audit_chain (audit_id, chain_key, seq, prev_hash, hash)
      VALUES (NEW.id, k, head_seq, head_hash,
              sha256(convert_to(audit_chain_canonical(NEW, k, head_seq, head_hash), 'UTF8')));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_chain_note BEFORE INSERT ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_chain_note()`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER audit_log_chain_link AFTER INSERT ON audit_log
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_chain_link()`.execute(db);
  // The rows written before the chain, in id order per chain.
  await sql`
    DO $$
    DECLARE
      r audit_log;
      k uuid;
      last_key uuid;
      n bigint := 0;
      prev bytea;
      h bytea;
    BEGIN
      FOR r IN SELECT * FROM audit_log ORDER BY audit_chain_key(audit_log), id LOOP
        k := audit_chain_key(r);
        IF k IS DISTINCT FROM last_key THEN n := 0; prev := NULL; last_key := k; END IF;
        n := n + 1;
        h := sha256(convert_to(audit_chain_canonical(r, k, n, prev), 'UTF8'));
        INSERT INTO audit_chain (audit_id, chain_key, seq, prev_hash, hash) VALUES (r.id, k, n, prev, h);
        prev := h;
      END LOOP;
    END $$`.execute(db);
}
