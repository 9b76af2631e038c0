import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { auditCatalogue } from '../server/src/areas.ts';
import { audit, useAuditCatalogue } from '../server/src/platform/audit.ts';
import { verifyAuditChain } from '../server/src/platform/audit-chain.ts';
import { createDb, type Db, withTransaction } from '../server/src/platform/db.ts';
import { scratchDatabase } from '../server/test/spawn.ts';

/**
 * `npx tsx bench/audit-chain.ts` (BENCH_DATABASE_URL, a superuser's URL of a database made for
 * it): what the audit chain (decision 0328) costs a write. Audited transactions (one audit row
 * each, as most requests write) one after the other, then 20 at once on one organisation's
 * chain and on 20 chains, with the chain's triggers on and then off (the owner disables them);
 * then one verification of every row. Figures: per transaction p50/p95, rows per second.
 */
const SEQUENTIAL = Number(process.env.BENCH_AUDIT_SEQUENTIAL ?? 1000);
const PARALLEL = 20;
const EACH = Number(process.env.BENCH_AUDIT_EACH ?? 100);
const database = await scratchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  'vigilo-bench-audit',
);
useAuditCatalogue(auditCatalogue());
const db = createDb(database.url, PARALLEL + 2);
const owner = createDb(database.ownerUrl, 1);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const write = (tx: Db, organisationId: string, i: number) =>
  withTransaction(tx, async (t) => {
    await audit(t, {
      action: 'platform.updated',
      entityType: 'bench',
      entityId: String(i),
      organisationId,
      before: { name: `before ${i}` },
      after: { name: `after ${i}` },
    });
  });

async function phase(label: string) {
  const one = randomUUID();
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const start = performance.now();
    await write(db, one, i);
    times.push(performance.now() - start);
  }
  const parallel = async (chainOf: (worker: number) => string) => {
    const start = performance.now();
    await Promise.all(
      Array.from({ length: PARALLEL }, async (_, w) => {
        for (let i = 0; i < EACH; i++) await write(db, chainOf(w), i);
      }),
    );
    return Math.round((PARALLEL * EACH) / ((performance.now() - start) / 1000));
  };
  const shared = randomUUID();
  const oneChain = await parallel(() => shared);
  const chains = Array.from({ length: PARALLEL }, () => randomUUID());
  const manyChains = await parallel((w) => chains[w]!);
  console.log(
    `${label}: sequential p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms;` +
      ` ${PARALLEL} at once on one chain ${oneChain} rows/s, on ${PARALLEL} chains ${manyChains} rows/s`,
  );
}

const triggers = (on: boolean) =>
  sql`ALTER TABLE audit_log ${sql.raw(on ? 'ENABLE' : 'DISABLE')} TRIGGER audit_log_chain_note,
    ${sql.raw(on ? 'ENABLE' : 'DISABLE')} TRIGGER audit_log_chain_link`.execute(owner);

try {
  // Warm-up: connections, prepared statements, the catalogue.
  for (let i = 0; i < 50; i++) await write(db, randomUUID(), i);
  await phase('chain on ');
  await triggers(false);
  await phase('chain off');
  await triggers(true);
  const start = performance.now();
  const report = await verifyAuditChain(db);
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `verify: ${report.rows} chained rows in ${report.chains} chains, ${seconds.toFixed(2)} s` +
      ` (${Math.round(report.rows / seconds)} rows/s), and the rows written with it off found outside the chain (${report.breaks.length}, at most 100 listed)`,
  );
} finally {
  await triggers(true);
  await db.destroy();
  await owner.destroy();
  await database.stop();
}
