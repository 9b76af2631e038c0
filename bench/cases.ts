import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CasePage } from '@vigilo/contract';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Database } from '../server/src/db/schema.ts';
import { type CaseFilters, findCasePage } from '../server/src/modules/reports/reports.cases.repository.ts';
import { caseworkPolicy } from '../server/src/modules/reports/reports.policy.ts';
import type { Actor } from '../server/src/platform/access.ts';
import { createDb, type Db } from '../server/src/platform/db.ts';
import { scopeFor, withGroupsOnly } from '../server/src/platform/scope.ts';
import { NODE_FLAGS } from '../server/src/runtime-flags.ts';
import { createTenant, createUser, login } from '../server/test/factories.ts';
import { scratchDatabase, startServer } from '../server/test/spawn.ts';
import { generateCases } from './cases-data.ts';

/**
 * `BENCH_ONLY=cases npm run bench` (part of `npm run bench`): case search over BENCH_CASES
 * synthetic reports (bench/cases-data.ts; 100,000 by default, the figure is
 * BENCH_CASES=1000000), as an organisation's staff member, one request at a time, p50/p95:
 * (a) filter + sort + first page, (b) page 2,000 (by the cursor of page 1,999, as the inbox
 * pages), (c) full text + filter; each beside the very SQL the repository sends for it
 * (recorded through a driver that runs nothing) run directly through `pg`. Targets (issue 12):
 * p95 ≤ 50 ms, and ≤ 3× the SQL. Then the XLSX export of 100,000 cases (or the largest
 * organisation's, when smaller), made by the export job in a process of its own: time and peak
 * RSS (targets ≤ 60 s, ≤ 400 MB). A database given by BENCH_DATABASE_URL keeps its cases: a
 * second run with the same count reuses them. BENCH_EXPLAIN=1 prints each query's plan.
 */
const COUNT = Number(process.env.BENCH_CASES ?? 100_000);
const RUNS = Number(process.env.BENCH_CASE_QUERIES ?? 200);
const EXPORT_CASES = 100_000;
const WEIGHTS = [0.45, 0.25, 0.15, 0.1, 0.05];
const here = import.meta.dirname;
const loadBefore = loadavg();

const database = await scratchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  'vigilo-bench-cases',
);
const db = createDb(database.url, 4);
// The owner's connection loads and indexes the cases: minutes, not the app's 30-s statements.
const owner = createDb(database.ownerUrl, 1, { connectMs: 5_000, statementMs: 0 });
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** The bench's platform with its cases: reused when a platform of this name has them all. */
async function casesPlatform(): Promise<{
  platformId: string;
  organisations: string[];
  generatedIn: number | null;
}> {
  const name = `Bench cases ${COUNT}`;
  const found = await sql<{ id: string; n: string }>`
    select p.id, (select count(*) from reports r where r.platform_id = p.id) as n
    from platforms p where p.name = ${name} order by p.created_at desc limit 1`.execute(db);
  const existing = found.rows[0];
  if (existing && Number(existing.n) === COUNT) {
    const orgs = await sql<{ id: string }>`
      select id from organisations where platform_id = ${existing.id} order by created_at, name`.execute(db);
    return { platformId: existing.id, organisations: orgs.rows.map((o) => o.id), generatedIn: null };
  }
  const tenant = await createTenant(db);
  await db.updateTable('platforms').set({ name }).where('id', '=', tenant.platformId).execute();
  const organisations = [...tenant.organisationIds];
  for (const n of [3, 4, 5]) {
    const row = await db
      .insertInto('organisations')
      .values({
        platform_id: tenant.platformId,
        name: `Org ${n} ${tenant.platformId.slice(0, 6)}`,
        kind: 'hospital',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    organisations.push(row.id);
  }
  // Ordered as the reuse above finds them.
  const ordered = await sql<{ id: string }>`
    select id from organisations where platform_id = ${tenant.platformId} order by created_at, name`.execute(
    db,
  );
  const ids = ordered.rows.map((o) => o.id);
  const generatedIn = await generateCases(owner, tenant.platformId, ids, WEIGHTS, COUNT, (done) =>
    process.stdout.write(`\r  generated ${done.toLocaleString('en')} of ${COUNT.toLocaleString('en')} cases`),
  );
  process.stdout.write('\n');
  return { platformId: tenant.platformId, organisations: ids, generatedIn };
}

/** What findCasePage sends for one page: its statements, recorded by a driver that runs nothing. */
async function pageSql(
  scope: ReturnType<typeof scopeFor>,
  filters: CaseFilters,
  page: Parameters<typeof findCasePage>[3],
) {
  const seen: CompiledQuery[] = [];
  const recorder = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      seen.push(event.query);
    },
  });
  // As the service does: the caller's user groups first (none here, as the recorder answers),
  // then the page and its count. The recorder answers no rows, so a keyset page's count finds
  // none and throws: every statement is recorded by then.
  const narrowed = await withGroupsOnly(recorder as Db, scope);
  await findCasePage(recorder as Db, narrowed, filters, page).catch(() => undefined);
  const [groups, ...statements] = seen.map((q) => ({ sql: q.sql, parameters: [...q.parameters] }));
  return { groups: groups!, statements };
}

interface Search {
  name: string;
  /** The query string of GET /v1/reports. */
  query: string;
  filters: CaseFilters;
  page: Parameters<typeof findCasePage>[3];
}

const { platformId, organisations, generatedIn } = await casesPlatform();
const [organisationId] = organisations as [string];
const vigilo = await startServer({
  DATABASE_URL: database.url,
  RATE_LIMIT_PER_MINUTE: '100000000',
  RUN_WORKER: 'false',
  SEED_DEMO: 'false',
});
// The app's session settings (platform/db.ts): no JIT.
const pool = new pg.Pool({ connectionString: database.url, max: 4, options: '-c jit=off' });
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

try {
  const staff = await createUser(db, { platformId, organisationId, role: 'organisation_staff' });
  const { token } = await login(vigilo.url, staff);
  const actor = {
    userId: staff.id,
    platformId,
    organisationId,
    memberships: [{ role: 'organisation_staff', organisationId }],
  } as unknown as Actor;
  const scope = scopeFor(actor, caseworkPolicy.list);
  const inOrganisation = Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from reports where organisation_id = ${organisationId}`.execute(db)
    ).rows[0]!.n,
  );

  const get = async (query: string) => {
    const res = await fetch(`${vigilo.url}/v1/reports?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200)
      throw new Error(`GET /v1/reports?${query} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as CasePage;
  };

  // (b): the cursor of page 2,000, as the inbox gets it: from page 1,999 (read once by offset).
  const deepSize = 20;
  const before = await get(`sort=priority&size=${deepSize}&page=1999`);
  if (!before.nextCursor) throw new Error(`page 1,999 of ${deepSize} has no next page: too few cases`);
  const cursor = before.nextCursor;
  // What the cursor carries (decision 0133): the keys to seek after, and the total page 1 counted.
  const [, , after, carried] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
    number,
    string,
    string[],
    number,
  ];
  const searches: Search[] = [
    {
      name: '(a) open + serious, priority order, page 1 of 50',
      query: 'stage=open&serious=true&sort=priority&size=50',
      filters: { stage: 'open', serious: true },
      page: { page: 1, size: 50, sort: 'priority' },
    },
    {
      name: `(b) page 2,000 of ${deepSize}, priority order (by cursor)`,
      query: `sort=priority&size=${deepSize}&page=2000&cursor=${cursor}`,
      filters: {},
      page: { page: 2000, size: deepSize, sort: 'priority', after, total: carried },
    },
    {
      name: '(c) full text "rhabdomyolysis" + serious, page 1 of 50',
      query: 'query=rhabdomyolysis&serious=true&size=50',
      filters: { query: 'rhabdomyolysis', serious: true },
      page: { page: 1, size: 50, sort: 'priority' },
    },
  ];

  const results: { name: string; total: number; http: number[]; raw: number[] }[] = [];
  for (const s of searches) {
    const { groups, statements } = await pageSql(scope, s.filters, s.page);
    const runRaw = async () => {
      await pool.query({ name: 'bench_groups', text: groups.sql, values: groups.parameters });
      return Promise.all(
        statements.map((st, i) =>
          pool.query({ name: `bench_${s.name.slice(1, 2)}_${i}`, text: st.sql, values: st.parameters }),
        ),
      );
    };
    // Both must list the same cases, or the comparison means nothing.
    const [api, [rows]] = [await get(s.query), await runRaw()];
    const ids = (list: { id: string }[]) => list.map((r) => r.id).join();
    if (ids(api.items) !== ids(rows!.rows))
      throw new Error(`${s.name}: the raw SQL does not list what the API lists`);
    if (process.env.BENCH_EXPLAIN)
      for (const st of statements) {
        const plan = await pool.query({
          text: `explain (analyze, buffers) ${st.sql}`,
          values: st.parameters,
        });
        console.log(`\n${s.name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    for (let i = 0; i < 20; i++) {
      await get(s.query);
      await runRaw();
    }
    const http: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await get(s.query);
      http.push(performance.now() - t);
      t = performance.now();
      await runRaw();
      raw.push(performance.now() - t);
    }
    results.push({ name: s.name, total: api.total, http, raw });
  }

  // The export: 100,000 cases (or the organisation's all, when fewer), the oldest dates cut.
  const exportSize = Math.min(EXPORT_CASES, inOrganisation);
  const from = await sql<{ day: string }>`
    select receipt_date::text as day from reports where organisation_id = ${organisationId} and deleted_at is null
    order by receipt_date desc offset ${exportSize - 1} limit 1`.execute(db);
  const dateFrom = from.rows[0]!.day;
  const made = await fetch(`${vigilo.url}/v1/reports/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'xlsx', dateFrom, sort: 'received' }), // newest first
  });
  if (made.status !== 202) throw new Error(`export answered ${made.status}: ${await made.text()}`);
  const exportId = ((await made.json()) as { id: string }).id;
  const exported = await exportInOwnProcess(exportId);
  const exportedCases = Number(
    (
      await sql<{ n: string }>`select count(*) as n from reports where organisation_id = ${organisationId}
        and deleted_at is null and receipt_date >= ${dateFrom}`.execute(db)
    ).rows[0]!.n,
  );

  const loadAfter = loadavg();
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `\nCase search over ${COUNT.toLocaleString('en')} synthetic reports (${organisations.length} organisations; the staff member's has ${inOrganisation.toLocaleString('en')}), ${RUNS} requests each, one at a time (${cpus().length} cores; load average ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after)`,
  );
  if (generatedIn !== null) console.log(`generated and analysed in ${generatedIn.toFixed(0)} s`);
  else console.log('cases reused from an earlier run (BENCH_DATABASE_URL)');
  console.log(
    '\n| search | matches | HTTP p50 | HTTP p95 | SQL p50 | SQL p95 | HTTP p95 / SQL p95 | verdict |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const [h95, s95] = [percentile(r.http, 95), percentile(r.raw, 95)];
    const ok = h95 <= 50 && h95 <= 3 * s95;
    console.log(
      `| ${r.name} | ${r.total.toLocaleString('en')} | ${ms(percentile(r.http, 50))} | ${ms(h95)} | ${ms(percentile(r.raw, 50))} | ${ms(s95)} | ${(h95 / s95).toFixed(2)}× | ${ok ? 'met' : 'NOT met'} (≤ 50 ms, ≤ 3×) |`,
    );
  }
  console.log(
    `\nXLSX export of ${exportedCases.toLocaleString('en')} cases: ${(exported.ms / 1000).toFixed(1)} s (target ≤ 60 s: ${exported.ms <= 60_000 ? 'met' : 'NOT met'}), peak RSS of the exporting process ${exported.peakRssMb.toFixed(0)} MB (target ≤ 400 MB: ${exported.peakRssMb <= 400 ? 'met' : 'NOT met'}), file ${(exported.size / 1024 / 1024).toFixed(1)} MB`,
  );
} finally {
  await vigilo.stop();
  await pool.end();
  await db.destroy();
  await owner.destroy();
  await database.stop();
}

/** Runs the export job (runExport) in a process of its own: its time and peak RSS. */
async function exportInOwnProcess(
  exportId: string,
): Promise<{ ms: number; peakRssMb: number; size: number }> {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', join(here, 'cases-export.ts')], {
    env: { ...process.env, DATABASE_URL: database.url, EXPORT_ID: exportId },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the export process exited with ${code}: ${out}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number; peakRssMb: number; size: number };
}
