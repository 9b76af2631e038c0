import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { insertImportFiles, insertVersion } from '../server/src/modules/meddra/meddra.repository.ts';
import { runMeddraImport, search } from '../server/src/modules/meddra/meddra.service.ts';
import type { Actor } from '../server/src/platform/access.ts';
import { createDb } from '../server/src/platform/db.ts';
import { createTenant, createUser, login } from '../server/test/factories.ts';
import { scratchDatabase, startServer } from '../server/test/spawn.ts';
import { syntheticMeddra } from './meddra-synthetic.ts';

/**
 * `npm run bench` (or `npx tsx bench/meddra.ts`): a full-size synthetic MedDRA release
 * (bench/meddra-synthetic.ts) imported by the import job's own code (time, peak RSS of this
 * process), then type-ahead queries answered by the search service in-process (server time)
 * and through HTTP from a separate server process (one request at a time), p50/p95.
 * Targets (issue 13): import ≤ 30 s; type-ahead p95 ≤ 5 ms server, ≤ 20 ms HTTP.
 */
const QUERIES = Number(process.env.BENCH_MEDDRA_QUERIES ?? 400);
const database = await scratchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  'vigilo-bench-meddra',
);
const db = createDb(database.url, 4);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

try {
  const rssBefore = process.memoryUsage().rss;
  const files = syntheticMeddra();
  const language = `Synthetic ${Date.now()
    .toString(36)
    .replace(/[^a-z]/g, 'x')}`;
  files.set('meddra_release.asc', Buffer.from(`99.0$${language}$$\r\n`, 'latin1'));
  const { id } = await insertVersion(db, { version: '99.0', language, createdBy: null });
  await insertImportFiles(db, id, files);
  const started = performance.now();
  await runMeddraImport(db, { versionId: id, requestId: 'bench', actorUserId: null });
  const importMs = performance.now() - started;
  const state = await db
    .selectFrom('meddra_versions')
    .select(['status', 'counts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (state.status !== 'ready') throw new Error(`import ended ${state.status}`);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  console.log(`import: ${(importMs / 1000).toFixed(1)} s, peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  // The import job itself analyses the tables it filled (decision 0112). The visibility map
  // that lets the word index answer alone is set by VACUUM, which autovacuum does shortly
  // after a bulk insert; this machine's server runs with autovacuum off, so the bench does it
  // as the owner (BENCH_MEDDRA_VACUUM=false measures the moment right after the import).
  const vacuum = process.env.BENCH_MEDDRA_VACUUM !== 'false';
  if (vacuum) {
    const owner = createDb(database.ownerUrl, 1);
    await sql`VACUUM meddra_llt_words, meddra_llt_prefixes`.execute(owner);
    await owner.destroy();
  }

  // Typed queries: the start of one or two words of real names of the release, some with a typo.
  const names = (
    await sql<{
      name: string;
    }>`SELECT name FROM meddra_terms WHERE version_id = ${id} AND level = 'llt' ORDER BY md5(name) LIMIT ${QUERIES}`.execute(
      db,
    )
  ).rows.map((r) => r.name);
  const queries = names.map((name, i) => {
    const words = name
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length > 2);
    const first = words[0] ?? name.slice(0, 4);
    if (i % 5 === 4 && first.length > 5)
      return `${first.slice(0, 2)}${first[3]}${first[2]}${first.slice(4, 7)}`; // a swap
    if (i % 2 === 0 && words[1]) return `${words[1].slice(0, 4)} ${first.slice(0, 3)}`;
    return first.slice(0, 3 + (i % 4));
  });

  const actor = {
    userId: '00000000-0000-4000-8000-000000000000',
    platformId: '00000000-0000-4000-8000-000000000000',
    organisationId: null,
    familyId: '',
    memberships: [{ role: 'system_admin', organisationId: null }],
  } as unknown as Actor;
  for (const q of queries.slice(0, 50)) await search(db, actor, { query: q, versionId: id });
  const server: number[] = [];
  let empty = 0;
  for (const q of queries) {
    const t = performance.now();
    const hits = await search(db, actor, { query: q, versionId: id });
    server.push(performance.now() - t);
    if (hits.length === 0) empty++;
  }

  console.log(`server p95 ${ms(percentile(server, 95))}`);
  const tenant = await createTenant(db);
  const user = await createUser(db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0]!,
    role: 'reporter',
  });
  const vigilo = await startServer({
    DATABASE_URL: database.url,
    RATE_LIMIT_PER_MINUTE: '100000000',
    RUN_WORKER: 'false',
    SEED_DEMO: 'false',
  });
  const http: number[] = [];
  try {
    const { token } = await login(vigilo.url, user);
    const get = (q: string) =>
      fetch(`${vigilo.url}/v1/meddras/search?versionId=${id}&query=${encodeURIComponent(q)}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(async (r) => {
        if (r.status !== 200) throw new Error(`search answered ${r.status}`);
        await r.arrayBuffer();
      });
    for (const q of queries.slice(0, 50)) await get(q);
    for (const q of queries) {
      const t = performance.now();
      await get(q);
      http.push(performance.now() - t);
    }
  } finally {
    await vigilo.stop();
  }

  console.log('\nMedDRA, full-size synthetic release');
  console.log(`  release: ${JSON.stringify(state.counts)}`);
  console.log(`  import (parse + write, one transaction): ${(importMs / 1000).toFixed(1)} s (target ≤ 30 s)`);
  console.log(
    `  peak RSS of the importing process: ${(peakRss / 1024 / 1024).toFixed(0)} MB (before: ${(rssBefore / 1024 / 1024).toFixed(0)} MB)`,
  );
  console.log(
    `  type-ahead, ${queries.length} queries (${empty} without hits), one at a time, ${vacuum ? 'after' : 'before'} VACUUM:`,
  );
  console.log(
    `    server (service call): p50 ${ms(percentile(server, 50))}, p95 ${ms(percentile(server, 95))} (target ≤ 5 ms)`,
  );
  console.log(
    `    HTTP (separate process): p50 ${ms(percentile(http, 50))}, p95 ${ms(percentile(http, 95))} (target ≤ 20 ms)`,
  );
} finally {
  await db.destroy();
  await database.stop();
}
