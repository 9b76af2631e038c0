import { createHash } from 'node:crypto';
import {
  insertVerification,
  type LinkRow,
  latestVerification,
  linksAfter,
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
  /** Links walked. */
  rows: number;
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
 * another hash was rewritten from there or before. Reads only; callable after a restore.
 */
export async function verifyAuditChain(
  db: Db,
  options: {
    chains?: readonly string[];
    heads?: Record<string, { seq: number; hash: string; auditId?: string }>;
  } = {},
): Promise<AuditChainReport> {
  // Inside a caller's transaction (a restore's, a test's) it reads what that transaction sees.
  const walk = async (tx: Db): Promise<AuditChainReport> => {
    const heads: Record<string, ChainHead> = {};
    const breaks: ChainBreak[] = [];
    const broken = new Set<string>();
    let rows = 0;
    let last: AuditChainReport['last'] = null;
    let before: { hash: string; auditId: string } | null = null;
    let twoBefore: string | null = null;
    let chain = '';
    // The nil uuid is the lowest key and every position is at least 1: this is before every link.
    let cursor = { chainKey: SYSTEM_CHAIN, seq: '0' };
    for (;;) {
      const links = await linksAfter(tx, cursor, BATCH, options.chains);
      for (const link of links) {
        rows++;
        const seq = Number(link.seq);
        if (link.chain_key !== chain) {
          chain = link.chain_key;
          before = null;
          twoBefore = null;
        }
        const expected = (heads[chain]?.seq ?? 0) + 1;
        heads[chain] = { seq, hash: link.hash, auditId: link.audit_id };
        if (broken.has(chain)) continue;
        const problem = problemOf(link, seq, expected, before, twoBefore, options.heads?.[chain]);
        if (problem) {
          broken.add(chain);
          breaks.push({
            chainKey: chain,
            position: problem.position ?? seq,
            auditId: problem.auditId ?? link.audit_id,
            at: problem.auditId ? null : link.at,
            problem: problem.text,
          });
        } else if (link.id && link.at && (!last || BigInt(link.id) > BigInt(last.auditId))) {
          last = { auditId: link.id, at: link.at };
        }
        twoBefore = before?.hash ?? null;
        before = { hash: link.hash, auditId: link.audit_id };
      }
      if (links.length < BATCH) break;
      const end = links.at(-1)!;
      cursor = { chainKey: end.chain_key, seq: end.seq };
    }
    for (const [key, verified] of Object.entries(options.heads ?? {})) {
      if (options.chains && !options.chains.includes(key)) continue;
      const now = heads[key];
      if (broken.has(key) || (now && now.seq >= verified.seq)) continue;
      broken.add(key);
      breaks.push({
        chainKey: key,
        position: (now?.seq ?? 0) + 1,
        auditId: verified.auditId ?? now?.auditId ?? '0',
        at: null,
        problem: `the chain ends at position ${now?.seq ?? 0} but was verified up to position ${verified.seq}: rows were removed`,
      });
    }
    for (const row of await unlinkedRows(tx, 100, options.chains)) {
      breaks.push({
        chainKey: row.chain_key,
        position: 0,
        auditId: row.id,
        at: row.at,
        problem: 'the row is in no chain: it was added without the seal the database writes at commit',
      });
    }
    breaks.sort(
      (a, b) => (a.at ?? '').localeCompare(b.at ?? '') || Number(BigInt(a.auditId) - BigInt(b.auditId)),
    );
    const chains = Object.keys(heads).length;
    // A head is worth exporting only where the whole chain verified.
    for (const key of broken) delete heads[key];
    return { ok: breaks.length === 0, rows, chains, last, heads, breaks };
  };
  if (db.isTransaction) return walk(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(walk);
}

function problemOf(
  link: LinkRow,
  seq: number,
  expected: number,
  before: { hash: string; auditId: string } | null,
  twoBefore: string | null,
  verifiedHead: { seq: number; hash: string } | undefined,
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
  if (hash !== link.hash)
    return {
      text: `its content differs from what was sealed (hash now ${short(hash)}, sealed ${short(link.hash)})`,
    };
  if (verifiedHead && verifiedHead.seq === seq && verifiedHead.hash !== link.hash)
    return {
      text: `the chain was rewritten up to here: this position was verified with hash ${short(verifiedHead.hash)}, now ${short(link.hash)}`,
    };
  return undefined;
}

/**
 * Verifies every chain against the heads of the last run that verified (and any exported
 * heads), and records the run: the CLI, the periodic job and a restore call it.
 */
export async function verifyAndRecord(
  db: Db,
  source: 'cli' | 'job' | 'restore',
  exported: Record<string, ChainHead> = {},
) {
  const previous = await latestVerification(db, { ok: true });
  // An exported head (kept outside the database) wins over the recorded one of the same chain.
  const heads = { ...((previous?.heads ?? {}) as Record<string, ChainHead>), ...exported };
  const report = await verifyAuditChain(db, { heads });
  const recorded = await insertVerification(db, {
    ok: report.ok,
    rows: report.rows,
    chains: report.chains,
    lastAuditId: report.last?.auditId ?? null,
    lastAt: report.last?.at ?? null,
    heads: report.heads,
    firstBreak: report.breaks[0] ?? null,
    source,
  });
  return { ...report, verifiedAt: recorded.verified_at };
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
