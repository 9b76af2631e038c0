import { sql } from 'kysely';
import type { Db } from './db.ts';

/** The system chain's key: audit rows of no platform and no organisation. */
export const SYSTEM_CHAIN = '00000000-0000-0000-0000-000000000000';

/** The time of a row as the canonical form writes it (UTC, microseconds). */
const atText = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One link of a chain with its audit row's fields as text (null when the row is gone). */
export interface LinkRow {
  chain_key: string;
  seq: string;
  prev_hash: string | null;
  hash: string;
  audit_id: string;
  id: string | null;
  at: string | null;
  platform_id: string | null;
  organisation_id: string | null;
  actor_user_id: string | null;
  action: string | null;
  entity_type: string | null;
  entity_id: string | null;
  old_value: string | null;
  new_value: string | null;
  request_id: string | null;
  client_request_id: string | null;
  changes: string | null;
  reason: string | null;
  details: string | null;
}

/** The next `limit` links after (chainKey, seq), in chain order, with their rows. */
export async function linksAfter(
  db: Db,
  after: { chainKey: string; seq: string },
  limit: number,
  chains: readonly string[] | undefined,
): Promise<LinkRow[]> {
  const { rows } = await sql<LinkRow>`
    SELECT c.chain_key::text, c.seq::text, encode(c.prev_hash, 'hex') AS prev_hash, encode(c.hash, 'hex') AS hash,
      c.audit_id::text, a.id::text AS id, ${atText('a.at')} AS at, a.platform_id::text, a.organisation_id::text,
      a.actor_user_id::text, a.action, a.entity_type, a.entity_id, a.old_value::text, a.new_value::text,
      a.request_id, a.client_request_id, a.changes::text, a.reason, a.details::text
    FROM audit_chain c LEFT JOIN audit_log a ON a.id = c.audit_id
    WHERE (c.chain_key, c.seq) > (${after.chainKey}::uuid, ${after.seq}::bigint)
      ${chains ? sql`AND c.chain_key = ANY(${[...chains]}::uuid[])` : sql``}
    ORDER BY c.chain_key, c.seq
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Every chain's key, in order (one step of the position index per chain). */
export async function chainKeys(db: Db): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    WITH RECURSIVE k(key) AS (
      (SELECT chain_key FROM audit_chain ORDER BY chain_key LIMIT 1)
      UNION ALL
      SELECT (SELECT chain_key FROM audit_chain WHERE chain_key > k.key ORDER BY chain_key LIMIT 1)
      FROM k WHERE k.key IS NOT NULL
    )
    SELECT key::text FROM k WHERE key IS NOT NULL`.execute(db);
  return rows.map((r) => r.key);
}

/** A chain's last link, or undefined when it has none. */
export async function chainHead(db: Db, chainKey: string) {
  const { rows } = await sql<{ seq: string; hash: string; audit_id: string }>`
    SELECT seq::text, encode(hash, 'hex') AS hash, audit_id::text FROM audit_chain
    WHERE chain_key = ${chainKey}::uuid ORDER BY seq DESC LIMIT 1`.execute(db);
  const head = rows[0];
  return head ? { seq: Number(head.seq), hash: head.hash, auditId: head.audit_id } : undefined;
}

/** Hours from `at` to the database's clock. */
export async function hoursSince(db: Db, at: Date) {
  const { rows } = await sql<{ hours: number }>`
    SELECT extract(epoch FROM now() - ${at}::timestamptz)::float8 / 3600 AS hours`.execute(db);
  return rows[0]!.hours;
}

/**
 * Audit rows no link names: added around the database's trigger. At most `limit`, oldest id
 * first; with `aboveId`, only rows of a higher id (those a verification up to it could not see).
 */
export async function unlinkedRows(
  db: Db,
  limit: number,
  chains: readonly string[] | undefined,
  aboveId: string | null = null,
) {
  const { rows } = await sql<{ id: string; at: string; chain_key: string }>`
    SELECT a.id::text, ${atText('a.at')} AS at,
      coalesce(a.organisation_id, a.platform_id, ${SYSTEM_CHAIN}::uuid)::text AS chain_key
    FROM audit_log a
    WHERE NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.audit_id = a.id)
      ${aboveId ? sql`AND a.id > ${aboveId}::bigint` : sql``}
      ${chains ? sql`AND coalesce(a.organisation_id, a.platform_id, ${SYSTEM_CHAIN}::uuid) = ANY(${[...chains]}::uuid[])` : sql``}
    ORDER BY a.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * The rows the person-keys migration sealed once (decision 0331): audit id -> the hash the
 * chain holds and the hash of the row's content since. Few (rows older than that migration).
 */
export async function resealedRows(db: Db): Promise<Map<string, { sealed: string; content: string }>> {
  const { rows } = await sql<{ audit_id: string; sealed: string; content: string }>`
    SELECT audit_id::text, encode(sealed_hash, 'hex') AS sealed, encode(content_hash, 'hex') AS content
    FROM audit_resealed`.execute(db);
  return new Map(rows.map((r) => [r.audit_id, { sealed: r.sealed, content: r.content }]));
}

/** Appends one verification run. */
export async function insertVerification(
  db: Db,
  values: {
    ok: boolean;
    mode: 'full' | 'incremental';
    rows: number;
    checked: number;
    chains: number;
    lastAuditId: string | null;
    lastAt: string | null;
    heads: object;
    firstBreak: object | null;
    source: 'cli' | 'job' | 'restore';
  },
) {
  return db
    .insertInto('audit_verifications')
    .values({
      ok: values.ok,
      mode: values.mode,
      rows: String(values.rows),
      checked: String(values.checked),
      chains: values.chains,
      last_audit_id: values.lastAuditId,
      last_at: values.lastAt ? sql<Date>`${values.lastAt}::timestamptz` : null,
      heads: JSON.stringify(values.heads),
      first_break: values.firstBreak ? JSON.stringify(values.firstBreak) : null,
      source: values.source,
    })
    .returning(['id', 'verified_at'])
    .executeTakeFirstOrThrow();
}

/**
 * The latest verification run (the latest that verified, with `ok`; the latest full walk, with
 * `full`), or undefined before the first.
 */
export async function latestVerification(db: Db, only: { ok?: true; full?: true } = {}) {
  return db
    .selectFrom('audit_verifications')
    .$if(only.ok === true, (q) => q.where('ok', '=', true))
    .$if(only.full === true, (q) => q.where('mode', '=', 'full'))
    .select([
      'verified_at',
      'ok',
      'rows',
      'chains',
      'last_audit_id',
      'last_at',
      'heads',
      'first_break',
      'source',
      atText('last_at').as('last_at_text'),
    ])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
