import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { auditCatalogue } from '../src/areas.ts';
import { audit, useAuditCatalogue } from '../src/platform/audit.ts';
import { hourlyVerification, verifyAndRecord, verifyAuditChain } from '../src/platform/audit-chain.ts';
import { createDb, type Db } from '../src/platform/db.ts';

/**
 * Decision 0328, incremental verification: the hourly job walks each chain from its head in
 * the last verification that held, so a row edited before that head is found only by a full
 * walk (the CLI's default, and the job's once a day), a row after it by both. Tampering is done
 * as the database owner with triggers off, in a transaction that is rolled back.
 */
useAuditCatalogue(auditCatalogue());
const db = createDb(inject('databaseUrl'), 4);
const owner = createDb(inject('ownerDatabaseUrl'), 2);
afterAll(async () => {
  await db.destroy();
  await owner.destroy();
});

/** Appends `n` audit rows to `org`'s chain, each in its own transaction; answers their ids in order. */
async function append(org: string, n: number) {
  for (let i = 0; i < n; i++)
    await audit(db, {
      action: 'platform.updated',
      entityType: 'test',
      entityId: `row-${i}`,
      organisationId: org,
    });
  const rows = await db
    .selectFrom('audit_log')
    .select('id')
    .where('organisation_id', '=', org)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

const ROLLBACK = new Error('rolled back on purpose');

/** Runs `work` after `tamper` as the owner with triggers off; nothing is kept. */
async function afterTamper<T>(tamper: (tx: Db) => Promise<void>, work: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await owner
    .transaction()
    .execute(async (tx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(tx);
      await tamper(tx);
      result = await work(tx);
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return result as T;
}

const edit = (id: string) => (tx: Db) =>
  sql`UPDATE audit_log SET reason = 'nothing happened' WHERE id = ${id}`.execute(tx).then(() => undefined);

/** The breaks a run found in `org`'s chain, as position and row. */
const breaksOf = (
  org: string,
  report: { breaks: { chainKey: string; position: number; auditId: string }[] },
) =>
  report.breaks.filter((b) => b.chainKey === org).map((b) => ({ position: b.position, auditId: b.auditId }));

describe('incremental audit verification', () => {
  it('checks only the rows after the last verified head; a full walk checks them all', async () => {
    const org = randomUUID();
    await append(org, 3);
    const verified = await verifyAndRecord(db, 'cli');
    expect(verified).toMatchObject({ ok: true, full: true });
    expect(verified.heads[org]).toMatchObject({ seq: 3 });
    // Positions 4 and 5, sealed after the verified head at position 3.
    const ids = await append(org, 2);

    const incremental = (tx: Db) => verifyAndRecord(tx, 'job', {}, 'incremental');
    const full = (tx: Db) => verifyAndRecord(tx, 'cli', {}, 'full');

    // Untouched: the incremental walk of this chain reads the head and the two rows after it.
    const since = await verifyAuditChain(db, {
      chains: [org],
      since: { heads: { [org]: verified.heads[org]! }, lastAuditId: ids[2]!, last: null },
    });
    expect(since).toMatchObject({ ok: true, rows: 5, checked: 3, chains: 1, heads: { [org]: { seq: 5 } } });

    // Position 2, before the head: only the full walk finds it.
    expect(breaksOf(org, await afterTamper(edit(ids[1]!), incremental))).toEqual([]);
    expect(breaksOf(org, await afterTamper(edit(ids[1]!), full))).toEqual([
      { position: 2, auditId: ids[1]! },
    ]);
    // Position 3, the head itself: its link is checked again by both.
    expect(breaksOf(org, await afterTamper(edit(ids[2]!), incremental))).toEqual([
      { position: 3, auditId: ids[2]! },
    ]);
    expect(breaksOf(org, await afterTamper(edit(ids[2]!), full))).toEqual([
      { position: 3, auditId: ids[2]! },
    ]);
    // Position 5, after the head: both find it.
    expect(breaksOf(org, await afterTamper(edit(ids[4]!), incremental))).toEqual([
      { position: 5, auditId: ids[4]! },
    ]);
    expect(breaksOf(org, await afterTamper(edit(ids[4]!), full))).toEqual([
      { position: 5, auditId: ids[4]! },
    ]);
    // Rows deleted back past the head: the incremental walk says the chain is shorter than verified.
    const cut = async (tx: Db) => {
      await sql`DELETE FROM audit_chain WHERE audit_id = ANY(${ids.slice(2)}::bigint[])`.execute(tx);
      await sql`DELETE FROM audit_log WHERE id = ANY(${ids.slice(2)}::bigint[])`.execute(tx);
    };
    expect(breaksOf(org, await afterTamper(cut, incremental))).toEqual([{ position: 3, auditId: ids[2]! }]);
    // A row added after the head without a seal: found by both.
    const unsealed = async (tx: Db) => {
      await sql`
        INSERT INTO audit_log (action, entity_type, entity_id, organisation_id)
        VALUES ('platform.updated', 'test', 'unsealed', ${org}::uuid)`.execute(tx);
    };
    const added = (r: { breaks: { chainKey: string; position: number }[] }) =>
      r.breaks.filter((b) => b.chainKey === org && b.position === 0).length;
    expect(added(await afterTamper(unsealed, incremental))).toBe(1);
    expect(added(await afterTamper(unsealed, full))).toBe(1);
  });

  it('the hourly job walks from the heads, and in full when no full walk held for a day', async () => {
    const org = randomUUID();
    const ids = await append(org, 3);
    await verifyAndRecord(db, 'cli');
    await append(org, 1);
    const hourly = await afterTamper(edit(ids[0]!), (tx) => hourlyVerification(tx));
    expect({ full: hourly.full, breaks: breaksOf(org, hourly) }).toEqual({ full: false, breaks: [] });
    const aged = async (tx: Db) => {
      await edit(ids[0]!)(tx);
      await sql`UPDATE audit_verifications SET verified_at = verified_at - interval '25 hours'`.execute(tx);
    };
    const daily = await afterTamper(aged, (tx) => hourlyVerification(tx));
    expect({ full: daily.full, breaks: breaksOf(org, daily) }).toEqual({
      full: true,
      breaks: [{ position: 1, auditId: ids[0]! }],
    });
  });
});
