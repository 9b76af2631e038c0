import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditCatalogue } from '../src/areas.ts';
import { audit, useAuditCatalogue } from '../src/platform/audit.ts';
import { type AuditChainReport, verifyAndRecord, verifyAuditChain } from '../src/platform/audit-chain.ts';
import { createDb, type Db, withTransaction } from '../src/platform/db.ts';
import { http, startTestApp, type TestApp } from './index.ts';

/**
 * Issue 28 item 2, decision 0328: the audit chain. Each case below tampers as the database
 * owner with triggers off (session_replication_role = replica) inside a transaction that is
 * rolled back, verifies inside it, and expects the first broken row written here by hand.
 */
useAuditCatalogue(auditCatalogue());
const db = createDb(inject('databaseUrl'), 24);
const owner = createDb(inject('ownerDatabaseUrl'), 2);
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await db.destroy();
  await owner.destroy();
});

const AT = sql<string>`to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A new chain (one organisation) of `n` rows, each in its own transaction: ids and times in order. */
async function chainOf(n: number) {
  const org = randomUUID();
  for (let i = 0; i < n; i++) {
    await audit(db, {
      action: 'platform.updated',
      entityType: 'test',
      entityId: `row-${i}`,
      organisationId: org,
      before: { a: i },
      after: { a: i + 1 },
    });
  }
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', AT.as('at')])
    .where('organisation_id', '=', org)
    .orderBy('id')
    .execute();
  return { org, rows };
}

const ROLLBACK = new Error('rolled back on purpose');

/** What verify says of `chain` after `tamper` ran as the owner with triggers off; nothing is kept. */
async function verifiedAfter(chain: string, tamper: (tx: Db) => Promise<void>): Promise<AuditChainReport> {
  let report: AuditChainReport | undefined;
  await owner
    .transaction()
    .execute(async (tx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(tx);
      await tamper(tx);
      report = await verifyAuditChain(tx, { chains: [chain] });
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return report!;
}

/** Moves positions `from`.. of a chain up by one (two steps: the position is unique). */
const shiftUp = async (tx: Db, chain: string, from: number) => {
  await sql`UPDATE audit_chain SET seq = seq + 1000 WHERE chain_key = ${chain}::uuid AND seq >= ${from}`.execute(
    tx,
  );
  await sql`UPDATE audit_chain SET seq = seq - 999 WHERE chain_key = ${chain}::uuid AND seq >= ${from + 1000}`.execute(
    tx,
  );
};

describe('the audit chain', () => {
  it('verifies an untouched chain, with its count and last position', async () => {
    const { org, rows } = await chainOf(5);
    const report = await verifyAuditChain(db, { chains: [org] });
    expect(report).toMatchObject({
      ok: true,
      rows: 5,
      chains: 1,
      breaks: [],
      last: { auditId: rows[4]!.id, at: rows[4]!.at },
      heads: { [org]: { seq: 5, auditId: rows[4]!.id } },
    });
  });

  it('keeps text the way the database seals it: quotes, escapes, control characters, accents, emoji', async () => {
    const org = randomUUID();
    await audit(db, {
      action: 'user.deactivated',
      entityType: 'test',
      entityId: 'é "quoted" \\ back',
      organisationId: org,
      reason: 'Déjà vu\n\ttab \u0001 \u001f \u2028 😀 </script>',
      details: {
        'clé "x"': ['\u0000'.slice(1), 'ÿ', 1.5, -0, 1e21, true, null],
        nested: { b: 1, a: 2, aa: 3 },
      },
    });
    expect(await verifyAuditChain(db, { chains: [org] })).toMatchObject({ ok: true, rows: 1, breaks: [] });
  });

  it('seals every column of audit_log (a new column needs version 2 of the canonical form)', async () => {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = 'audit_log' ORDER BY column_name`.execute(db);
    expect(rows.map((r) => r.column_name)).toEqual([
      'action',
      'actor_user_id',
      'at',
      'changes',
      'client_request_id',
      'details',
      'entity_id',
      'entity_type',
      'id',
      'new_value',
      'old_value',
      'organisation_id',
      'platform_id',
      'reason',
      'request_id',
    ]);
  });

  it('names the edited row when a row was edited', async () => {
    const { org, rows } = await chainOf(5);
    const report = await verifiedAfter(org, async (tx) => {
      await sql`UPDATE audit_log SET reason = 'nothing happened' WHERE id = ${rows[2]!.id}`.execute(tx);
    });
    expect(report.ok).toBe(false);
    expect(report.breaks).toEqual([
      {
        chainKey: org,
        position: 3,
        auditId: rows[2]!.id,
        at: rows[2]!.at,
        problem: expect.stringMatching(/^its content differs from what was sealed/),
      },
    ]);
  });

  it('names the row after the gap when a row and its link were deleted', async () => {
    const { org, rows } = await chainOf(5);
    const report = await verifiedAfter(org, async (tx) => {
      await sql`DELETE FROM audit_chain WHERE audit_id = ${rows[2]!.id}`.execute(tx);
      await sql`DELETE FROM audit_log WHERE id = ${rows[2]!.id}`.execute(tx);
    });
    expect(report.breaks).toEqual([
      {
        chainKey: org,
        position: 3,
        auditId: rows[3]!.id,
        at: rows[3]!.at,
        problem: 'position 3 is missing: the row before this one was deleted',
      },
    ]);
  });

  it('names the deleted row when only the row was deleted', async () => {
    const { org, rows } = await chainOf(5);
    const report = await verifiedAfter(org, async (tx) => {
      await sql`DELETE FROM audit_log WHERE id = ${rows[1]!.id}`.execute(tx);
    });
    expect(report.breaks).toEqual([
      {
        chainKey: org,
        position: 2,
        auditId: rows[1]!.id,
        at: null,
        problem: 'the row sealed at this position is missing from audit_log: it was deleted',
      },
    ]);
  });

  it('names a row inserted in the middle without a seal', async () => {
    const { org, rows } = await chainOf(4);
    let inserted = { id: '', at: '' };
    const report = await verifiedAfter(org, async (tx) => {
      const { rows: added } = await sql<{ id: string; at: string }>`
        INSERT INTO audit_log (at, organisation_id, action, entity_type, entity_id, changes)
        SELECT at + interval '1 microsecond', organisation_id, 'user.deactivated', 'test', 'forged', '[]'
        FROM audit_log WHERE id = ${rows[1]!.id}
        RETURNING id::text, ${AT} AS at`.execute(tx);
      inserted = added[0]!;
    });
    expect(report.breaks).toEqual([
      {
        chainKey: org,
        position: 0,
        auditId: inserted.id,
        at: inserted.at,
        problem: 'the row is in no chain: it was added without the seal the database writes at commit',
      },
    ]);
  });

  it('names a row inserted in the middle with a seal of its own and the positions after it moved up', async () => {
    const { org, rows } = await chainOf(5);
    let forged = '';
    const report = await verifiedAfter(org, async (tx) => {
      const { rows: added } = await sql<{ id: string }>`
        INSERT INTO audit_log (at, organisation_id, action, entity_type, entity_id, changes)
        SELECT at + interval '1 microsecond', organisation_id, 'user.deactivated', 'test', 'forged', '[]'
        FROM audit_log WHERE id = ${rows[1]!.id}
        RETURNING id::text`.execute(tx);
      forged = added[0]!.id;
      await shiftUp(tx, org, 3);
      // What an owner who knows the algorithm writes: a correct seal after position 2.
      await sql`
        INSERT INTO audit_chain (audit_id, chain_key, seq, prev_hash, hash)
        SELECT a.id, ${org}::uuid, 3, p.hash, sha256(convert_to(audit_chain_canonical(a, ${org}::uuid, 3, p.hash), 'UTF8'))
        FROM audit_log a, audit_chain p WHERE a.id = ${forged} AND p.chain_key = ${org}::uuid AND p.seq = 2`.execute(
        tx,
      );
    });
    expect(report.breaks).toEqual([
      {
        chainKey: org,
        position: 3,
        auditId: forged,
        at: null,
        problem: 'the row at position 3 was inserted: position 4 was sealed after position 2',
      },
    ]);
  });

  it('names the first of two swapped rows', async () => {
    const { org, rows } = await chainOf(5);
    const report = await verifiedAfter(org, async (tx) => {
      await sql`UPDATE audit_chain SET seq = 1002 WHERE audit_id = ${rows[1]!.id}`.execute(tx);
      await sql`UPDATE audit_chain SET seq = 2 WHERE audit_id = ${rows[2]!.id}`.execute(tx);
      await sql`UPDATE audit_chain SET seq = 3 WHERE audit_id = ${rows[1]!.id}`.execute(tx);
    });
    expect(report.breaks).toEqual([
      {
        chainKey: org,
        position: 2,
        auditId: rows[2]!.id,
        at: rows[2]!.at,
        problem: expect.stringMatching(
          /^the previous hash \([0-9a-f]{12}\) is not the hash of the row before/,
        ),
      },
    ]);
  });

  it('catches a chain rewritten from a point on through a head verified before', async () => {
    const { org, rows } = await chainOf(3);
    const before = await verifyAuditChain(db, { chains: [org] });
    const head = before.heads[org]!;
    const rewritten = async (tx: Db) => {
      // The last row edited and sealed again as the database would: the chain itself holds.
      await sql`UPDATE audit_log SET reason = 'nothing happened' WHERE id = ${rows[2]!.id}`.execute(tx);
      await sql`DELETE FROM audit_chain WHERE audit_id = ${rows[2]!.id}`.execute(tx);
      await sql`
        INSERT INTO audit_chain (audit_id, chain_key, seq, prev_hash, hash)
        SELECT a.id, ${org}::uuid, 3, p.hash, sha256(convert_to(audit_chain_canonical(a, ${org}::uuid, 3, p.hash), 'UTF8'))
        FROM audit_log a, audit_chain p WHERE a.id = ${rows[2]!.id} AND p.chain_key = ${org}::uuid AND p.seq = 2`.execute(
        tx,
      );
    };
    expect((await verifiedAfter(org, rewritten)).ok).toBe(true);
    let report: AuditChainReport | undefined;
    await owner
      .transaction()
      .execute(async (tx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(tx);
        await rewritten(tx);
        report = await verifyAuditChain(tx, { chains: [org], heads: { [org]: head } });
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    expect(report!.breaks).toEqual([
      {
        chainKey: org,
        position: 3,
        auditId: rows[2]!.id,
        at: rows[2]!.at,
        problem: expect.stringMatching(
          /^the chain was rewritten up to here: this position was verified with hash/,
        ),
      },
    ]);
  });

  it('stays one valid chain under 20 audited transactions at once, crossing two chains both ways', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        withTransaction(db, async (tx) => {
          const [first, second] = i % 2 ? [a, b] : [b, a];
          await audit(tx, {
            action: 'platform.updated',
            entityType: 'test',
            entityId: `p${i}`,
            organisationId: first,
          });
          await sql`SELECT pg_sleep(0.05)`.execute(tx);
          await audit(tx, {
            action: 'platform.updated',
            entityType: 'test',
            entityId: `p${i}`,
            organisationId: second,
          });
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const report = await verifyAuditChain(db, { chains: [a, b] });
    expect(report).toMatchObject({ ok: true, rows: 40, chains: 2, breaks: [] });
    expect([report.heads[a]!.seq, report.heads[b]!.seq]).toEqual([20, 20]);
  });

  it('is written by the database only: the runtime role may read links, never write or change one', async () => {
    const { rows } = await chainOf(1);
    const refused = (work: Promise<unknown>) =>
      work.then(
        () => 'allowed',
        (error: Error) => error.message,
      );
    expect({
      insert: await refused(
        sql`INSERT INTO audit_chain VALUES (-1, gen_random_uuid(), 1, NULL, sha256('x'))`.execute(db),
      ),
      update: await refused(
        sql`UPDATE audit_chain SET seq = seq WHERE audit_id = ${rows[0]!.id}`.execute(db),
      ),
      delete: await refused(sql`DELETE FROM audit_chain WHERE audit_id = ${rows[0]!.id}`.execute(db)),
      read: await refused(sql`SELECT 1 FROM audit_chain WHERE audit_id = ${rows[0]!.id}`.execute(db)),
      rewriteVerification: await refused(sql`UPDATE audit_verifications SET ok = true`.execute(db)),
    }).toEqual({
      insert: 'permission denied for table audit_chain',
      update: 'permission denied for table audit_chain',
      delete: 'permission denied for table audit_chain',
      read: 'allowed',
      rewriteVerification: 'permission denied for table audit_verifications',
    });
  });

  it('reports the last verified position and its time at the health check', async () => {
    await verifyAndRecord(db, 'job');
    const recorded = await sql<{ verified_at: string; last_audit_id: string; last_at: string }>`
      SELECT to_char(verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS verified_at,
        last_audit_id::text, to_char(last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_at
      FROM audit_verifications ORDER BY id DESC LIMIT 1`.execute(db);
    const res = await http<{ auditTrail: unknown }>(app.url, 'GET', '/v1/health-check');
    expect(res.status).toBe(200);
    expect(res.body.auditTrail).toEqual({
      status: 'verified',
      verifiedAt: recorded.rows[0]!.verified_at,
      lastAuditId: recorded.rows[0]!.last_audit_id,
      lastAt: recorded.rows[0]!.last_at,
    });
  });

  it('npm run audit:verify prints OK with the count and last position, or the first broken row and exits 1', async () => {
    const { org, rows } = await chainOf(2);
    const folder = await mkdtemp(join(tmpdir(), 'vigilo-audit-verify-'));
    const cli = join(import.meta.dirname, '../src/audit-verify-cli.ts');
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: inject('databaseUrl'),
      MIGRATION_DATABASE_URL: inject('ownerDatabaseUrl'),
      JWT_SECRET: inject('jwtSecret'),
      SECRETS_KEYS: inject('secretsKeys'),
      DATA_DIR: folder,
    };
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    try {
      const ok = await run([]);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(
        /^OK: \d+ audit rows in \d+ chains verified; last position: row \d+ at 20\d\d-/,
      );
      // An exported head this chain never had: its first row is named, the exit is 1.
      const heads = join(folder, 'heads.json');
      await writeFile(
        heads,
        JSON.stringify({ [org]: { seq: 1, hash: '00'.repeat(32), auditId: rows[0]!.id } }),
      );
      const broken = await run(['--expect', heads]);
      expect(broken.code).toBe(1);
      expect(broken.stdout).toContain(
        `first broken row: id ${rows[0]!.id} at ${rows[0]!.at}, chain ${org} position 1: the chain was rewritten up to here`,
      );
    } finally {
      await verifyAndRecord(db, 'job');
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
