import { createHash } from 'node:crypto';
import {
  chainHead,
  chainKeys,
  hoursSince,
  insertVerification,
  type LinkRow,
  latestVerification,
  linksAfter,
  resealedRows,
  SYSTEM_CHAIN,
  unlinkedRows,
} from './audit-chain.repository.ts';
import type { Db } from './db.ts';

/**
 * Verifies the tamper-evident audit chain (decision 0328). The database links each audit row
 * at commit (migration 202612041400_audit_chain); this file recomputes every link on its own:
 * the canonical form below, SHA-256 in Node, and the walk of each chain from its first
 * position, so a database whose functions were changed does not verify itself.
 */

/** The first place a chain stops verifying. */
export interface ChainBreak {
  /** The organisation's id, else the platform's, else the nil uuid (the system chain). */
  chainKey: string;
  /** The position in that chain where it breaks (1 = its first row). */
  position: number;
  /** The audit row found broken (the one after a gap, when rows were deleted). */
  auditId: string;
  /** That row's time (UTC, microseconds), when the row is still there. */
  at: string | null;
  /** What differs, in words. */
  problem: string;
}

/** A chain's last link: export its hash to prove later that nothing before it was rewritten. */
export interface ChainHead {
  seq: number;
  hash: string;
  auditId: string;
}

export interface AuditChainReport {
  ok: boolean;
  /** Links in the chains walked (those before an incremental walk's start included). */
  rows: number;
  /** Links read and checked by this walk. */
  checked: number;
  chains: number;
  /** The verified row with the highest id: the position the health check reports. */
  last: { auditId: string; at: string } | null;
  heads: Record<string, ChainHead>;
  /** The first break of each broken chain, then rows no chain names; earliest first. */
  breaks: ChainBreak[];
}

const BATCH = 5000;

/** The canonical form, version 1: the same JSON text as audit_chain_canonical() in the database. */
export function canonicalForm(link: LinkRow): string {
  const values = [
    'vigilo-audit-1',
    link.chain_key,
    link.seq,
    link.prev_hash,
    link.id,
    link.at,
    link.platform_id,
    link.organisation_id,
    link.actor_user_id,
    link.action,
    link.entity_type,
    link.entity_id,
    link.old_value,
    link.new_value,
    link.request_id,
    link.client_request_id,
    link.changes,
    link.reason,
    link.details,
  ];
  // PostgreSQL writes a jsonb array as `[a, b]` and escapes strings as JSON.stringify does.
  return `[${values.map((v) => (v === null ? 'null' : JSON.stringify(v))).join(', ')}]`;
}

export const linkHash = (link: LinkRow) =>
  createHash('sha256').update(canonicalForm(link), 'utf8').digest('hex');

const short = (hash: string | null) => (hash ? hash.slice(0, 12) : 'none');

/**
 * Walks every chain (or only `options.chains`) in one snapshot and answers whether each link
 * holds: positions without gaps, each row present, following the link before it, in the chain
 * its content names, with the hash of its content. `options.heads` are heads verified before
 * (an exported head, or the last verification): a chain whose link at that position now has
 * another hash was rewritten from there or before. With `options.since` (a verification that
 * held) each chain is walked from its head there instead of its first position: only the rows
 * sealed since are checked, the head's own link is checked to be the one verified, and rows
 * before it are trusted (a full walk is the check of those). Reads only; callable after a restore.
 */
export async function verifyAuditChain(
  db: Db,
  options: {
    chains?: readonly string[];
    heads?: Record<string, { seq: number; hash: string; auditId?: string }>;
    since?: Verified;
  } = {},
): Promise<AuditChainReport> {
  const from = options.since?.heads ?? {};
  const heads = { ...from, ...options.heads };
  // Inside a caller's transaction (a restore's, a test's) it reads what that transaction sees.
  const walk = async (tx: Db): Promise<AuditChainReport> => {
    const report: AuditChainReport = {
      ok: true,
      rows: 0,
      checked: 0,
      chains: 0,
      last: null,
      heads: {},
      breaks: [],
    };
    const keys = options.chains ?? (await chainKeys(tx));
    const resealed = await resealedRows(tx);
    for (const key of keys) await walkChain(tx, key, from[key], heads[key], report, resealed);
    for (const [key, verified] of Object.entries(heads)) {
      if (options.chains && !options.chains.includes(key)) continue;
      if (report.breaks.some((b) => b.chainKey === key)) continue;
      const now = report.heads[key] ?? (await chainHead(tx, key));
      if (now && now.seq >= verified.seq) continue;
      delete report.heads[key];
      report.breaks.push({
        chainKey: key,
        position: (now?.seq ?? 0) + 1,
        auditId: verified.auditId ?? now?.auditId ?? '0',
        at: null,
        problem: `the chain ends at position ${now?.seq ?? 0} but was verified up to position ${verified.seq}: rows were removed`,
      });
    }
    // Rows with an id above the verified run's highest were not there to be seen by it.
    const above = options.since?.lastAuditId ?? null;
    for (const row of await unlinkedRows(tx, 100, options.chains, above)) {
      report.breaks.push({
        chainKey: row.chain_key,
        position: 0,
        auditId: row.id,
        at: row.at,
        problem: 'the row is in no chain: it was added without the seal the database writes at commit',
      });
    }
    report.breaks.sort(
      (a, b) => (a.at ?? '').localeCompare(b.at ?? '') || Number(BigInt(a.auditId) - BigInt(b.auditId)),
    );
    const since = options.since?.last;
    if (since && (!report.last || BigInt(since.auditId) > BigInt(report.last.auditId))) report.last = since;
    report.ok = report.breaks.length === 0;
    return report;
  };
  if (db.isTransaction) return walk(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(walk);
}

/** A verification that held, as an incremental walk starts from it. */
export interface Verified {
  heads: Record<string, ChainHead>;
  lastAuditId: string | null;
  last: { auditId: string; at: string } | null;
}

/**
 * Walks one chain from `start` (its first position, or a head verified before) to its end, adding
 * to `report`: the links read, its head when the chain holds, else its first break.
 */
async function walkChain(
  tx: Db,
  chain: string,
  start: ChainHead | undefined,
  verifiedHead: { seq: number; hash: string } | undefined,
  report: AuditChainReport,
  resealed: Map<string, { sealed: string; content: string }>,
) {
  const first = start?.seq ?? 1;
  let expected = first;
  let before: { hash: string; auditId: string } | null = null;
  let twoBefore: string | null = null;
  let head: ChainHead | undefined;
  let broken = false;
  let cursor = String(first - 1);
  let read = 0;
  for (;;) {
    const links = await linksAfter(tx, { chainKey: chain, seq: cursor }, BATCH, [chain]);
    for (const link of links) {
      read++;
      const seq = Number(link.seq);
      head = { seq, hash: link.hash, auditId: link.audit_id };
      if (broken) continue;
      // The verified head's own link: what it follows was verified with it (its hash covers it).
      const anchor = start && seq === first;
      if (anchor) before = link.prev_hash === null ? null : { hash: link.prev_hash, auditId: '' };
      const problem = problemOf(
        link,
        seq,
        expected,
        before,
        twoBefore,
        anchor ? start : verifiedHead,
        resealed,
      );
      if (problem) {
        broken = true;
        report.breaks.push({
          chainKey: chain,
          position: problem.position ?? seq,
          auditId: problem.auditId ?? link.audit_id,
          at: problem.auditId ? null : link.at,
          problem: problem.text,
        });
      } else if (link.id && link.at && (!report.last || BigInt(link.id) > BigInt(report.last.auditId))) {
        report.last = { auditId: link.id, at: link.at };
      }
      expected = seq + 1;
      twoBefore = before?.hash ?? null;
      before = { hash: link.hash, auditId: link.audit_id };
    }
    if (links.length < BATCH) break;
    cursor = links.at(-1)!.seq;
  }
  report.checked += read;
  if (!head) return;
  report.chains++;
  // The positions before the start were walked by the runs before: they count as the chain's rows.
  report.rows += read + first - 1;
  if (!broken) report.heads[chain] = head;
}

function problemOf(
  link: LinkRow,
  seq: number,
  expected: number,
  before: { hash: string; auditId: string } | null,
  twoBefore: string | null,
  verifiedHead: { seq: number; hash: string } | undefined,
  resealed: Map<string, { sealed: string; content: string }>,
): { text: string; position?: number; auditId?: string } | undefined {
  if (seq !== expected) {
    const gap = seq - 1 > expected ? `positions ${expected} to ${seq - 1} are` : `position ${expected} is`;
    return { text: `${gap} missing: the row before this one was deleted`, position: expected };
  }
  if (link.id === null)
    return { text: 'the row sealed at this position is missing from audit_log: it was deleted' };
  if (link.prev_hash !== (before?.hash ?? null)) {
    if (before && twoBefore && link.prev_hash === twoBefore)
      return {
        text: `the row at position ${seq - 1} was inserted: position ${seq} was sealed after position ${seq - 2}`,
        position: seq - 1,
        auditId: before.auditId,
      };
    return {
      text: `the previous hash (${short(link.prev_hash)}) is not the hash of the row before (${short(before?.hash ?? null)}): rows were moved or the chain rewritten`,
    };
  }
  const owner = link.organisation_id ?? link.platform_id ?? SYSTEM_CHAIN;
  if (owner !== link.chain_key)
    return { text: `its organisation or platform was changed: it now names ${owner}` };
  const hash = linkHash(link);
  // A row older than the person keys had its personal values sealed once by that migration,
  // which recorded both hashes: the chain keeps the first, the content has the second (0331).
  const once = resealed.get(link.audit_id);
  const sealedOnce = once !== undefined && once.sealed === link.hash && once.content === hash;
  if (hash !== link.hash && !sealedOnce)
    return {
      text: `its content differs from what was sealed (hash now ${short(hash)}, sealed ${short(link.hash)})`,
    };
  if (verifiedHead && verifiedHead.seq === seq && verifiedHead.hash !== link.hash)
    return {
      text: `the chain was rewritten up to here: this position was verified with hash ${short(verifiedHead.hash)}, now ${short(link.hash)}`,
    };
  return undefined;
}

/** How often the hourly job walks every chain from its first position instead of from its heads. */
export const FULL_WALK_EVERY_HOURS = 24;

/**
 * Verifies the chains and records the run: the CLI, the hourly job and a restore call it.
 * `full` walks every chain from its first position, through the heads of the last run that held
 * and any exported heads (an exported head wins over the recorded one of the same chain).
 * `incremental` walks each chain from its head in the last run that held: only the rows sealed
 * since are checked (with no such run, or with exported heads, it walks in full).
 */
export async function verifyAndRecord(
  db: Db,
  source: 'cli' | 'job' | 'restore',
  exported: Record<string, ChainHead> = {},
  mode: 'full' | 'incremental' = 'full',
) {
  const previous = await latestVerification(db, { ok: true });
  const recorded = (previous?.heads ?? {}) as Record<string, ChainHead>;
  const full = mode === 'full' || !previous || Object.keys(exported).length > 0;
  const report = full
    ? await verifyAuditChain(db, { heads: { ...recorded, ...exported } })
    : await verifyAuditChain(db, {
        since: {
          heads: recorded,
          lastAuditId: previous.last_audit_id,
          last:
            previous.last_audit_id && previous.last_at_text
              ? { auditId: previous.last_audit_id, at: previous.last_at_text }
              : null,
        },
      });
  const saved = await insertVerification(db, {
    ok: report.ok,
    mode: full ? 'full' : 'incremental',
    rows: report.rows,
    checked: report.checked,
    chains: report.chains,
    lastAuditId: report.last?.auditId ?? null,
    lastAt: report.last?.at ?? null,
    heads: report.heads,
    firstBreak: report.breaks[0] ?? null,
    source,
  });
  return { ...report, full, verifiedAt: saved.verified_at };
}

/**
 * The hourly job's walk: incremental, but in full when no full walk has held for
 * FULL_WALK_EVERY_HOURS (a row changed before a verified head is found within a day).
 */
export async function hourlyVerification(db: Db) {
  const lastFull = await latestVerification(db, { ok: true, full: true });
  const due = !lastFull || (await hoursSince(db, lastFull.verified_at)) >= FULL_WALK_EVERY_HOURS;
  return verifyAndRecord(db, 'job', {}, due ? 'full' : 'incremental');
}

/** What the health check says about the audit trail: the last verified position and when. */
export async function auditTrailHealth(db: Db) {
  const latest = await latestVerification(db);
  if (!latest) return { status: 'unverified' as const };
  return {
    status: latest.ok ? ('verified' as const) : ('broken' as const),
    verifiedAt: latest.verified_at.toISOString(),
    rows: Number(latest.rows),
    lastAuditId: latest.last_audit_id,
    lastAt: latest.last_at?.toISOString() ?? null,
  };
}
