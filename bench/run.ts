import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../server/src/platform/db.ts';
import { fiveKilobyteCase } from '../server/test/case-documents.ts';
import { createTenant, createUser, login } from '../server/test/factories.ts';
import { freePort, scratchDatabase, startProcess, startServer, stopProcess } from '../server/test/spawn.ts';
import { answered, compare, type Measured, type Target, warmUp } from './measure.ts';
import { userPageSql } from './user-page-sql.ts';

/**
 * `npm run bench`, each server in its own process on this machine, loaded by autocannon
 * from this one, in interleaved rounds (medians):
 * - authenticated GET /v1/users/@me against a bare Fastify hello-world (target ≥ 0.5);
 * - GET /v1/users?size=20 as an organisation administrator against the same SQL served
 *   by bare Fastify through plain `pg` (target: the list takes ≤ 2× as long, ratio ≥ 0.5);
 * - sustained intake: POST /v1/report with a realistic 5 KB case and a fresh Idempotency-Key
 *   each, as a signed-in reporter (target ≥ 500 reports/s); afterwards the report rows are
 *   counted against the 2xx answers: none lost, none doubled.
 * BENCH_PROFILE=<folder> writes a CPU profile of the Vigilo server there (node --cpu-prof);
 * BENCH_ONLY=intake measures the intake (and its hello-world line) alone.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const usersPerOrganisation = Number(process.env.BENCH_USERS ?? 40);
const here = import.meta.dirname;
const intakeOnly = process.env.BENCH_ONLY === 'intake';
const loadBefore = loadavg();

const database = await scratchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  'vigilo-bench',
);
const profile = process.env.BENCH_PROFILE;
const vigilo = await startServer({
  DATABASE_URL: database.url,
  RATE_LIMIT_PER_MINUTE: '100000000',
  RUN_WORKER: 'false',
  SEED_DEMO: 'false',
  ...(profile && { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` }),
});
const started: Awaited<ReturnType<typeof startProcess>>[] = [];
async function serve(file: string, env: Record<string, string>, path: string) {
  const port = await freePort();
  started.push(
    await startProcess(join(here, file), { PORT: String(port), ...env }, `http://127.0.0.1:${port}${path}`),
  );
  return `http://127.0.0.1:${port}${path}`;
}

try {
  const db = createDb(database.url, 2);
  const tenant = await createTenant(db);
  const [organisationId, otherOrganisationId] = tenant.organisationIds;
  const staff = await createUser(db, {
    platformId: tenant.platformId,
    organisationId,
    role: 'organisation_staff',
  });
  const admin = await createUser(db, {
    platformId: tenant.platformId,
    organisationId,
    role: 'organisation_admin',
  });
  const reporter = await createUser(db, { platformId: tenant.platformId, organisationId, role: 'reporter' });
  // A full page and more, in the administrator's organisation and in the other one.
  for (const org of [organisationId, otherOrganisationId]) {
    for (let i = 0; i < usersPerOrganisation; i++)
      await createUser(db, { platformId: tenant.platformId, organisationId: org, role: 'reporter' });
  }
  await db.destroy();
  // Statistics as autovacuum would soon have them: without them the planner picks a plan
  // for empty tables (a nested loop rescanning the organisation's memberships per user).
  await analyze(database.ownerUrl);
  const [staffSession, adminSession] = [await login(vigilo.url, staff), await login(vigilo.url, admin)];
  const reporterSession = await login(vigilo.url, reporter);

  const hello = { name: 'bare Fastify GET /hello', url: await serve('hello.ts', {}, '/hello') };
  const users = intakeOnly
    ? null
    : await measureUsers(hello, tenant.platformId, organisationId, staffSession.token, adminSession.token);
  const caseBody = JSON.stringify({ report: fiveKilobyteCase(), source: 'bench' });
  const intake = {
    name: `POST /v1/report (${(caseBody.length / 1024).toFixed(1)} KB case)`,
    url: `${vigilo.url}/v1/report`,
    method: 'POST' as const,
    body: caseBody,
    amount: Number(process.env.BENCH_INTAKE_REPORTS ?? 2000),
    headers: { authorization: `Bearer ${reporterSession.token}`, 'content-type': 'application/json' },
    setupRequest: (request: { headers?: Record<string, string> }) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
    }),
  };
  await warmUp(intake, 2, connections);
  const [intakeBaseline, intakeResult] = (await compare([hello, intake], {
    connections,
    duration,
    rounds,
  })) as [Measured, Measured];
  const stored = await countReports(database.url, organisationId);
  const sent = answered.get(intake.name) ?? 0;
  const loadAfter = loadavg();

  console.log(
    `\nVigilo benchmark: ${connections} connections, median of ${rounds} interleaved ${duration}-s rounds, load and servers on one machine (${cpus().length} cores; load average ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after)\n`,
  );
  console.log('| route | req/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const usersLines = users ? [users.baseline, users.me, users.raw, users.list] : [];
  for (const m of [...usersLines, intakeBaseline, intakeResult]) {
    console.log(
      `| ${m.name} | ${m.requestsPerSecond} | ${m.p50Ms} | ${m.p99Ms} | ${m.non2xx} | ${m.errors} |`,
    );
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('');
  if (users) {
    console.log(
      `ratio @me / hello-world = ${users.meRatio.toFixed(2)} (target ≥ 0.50: ${verdict(users.meRatio >= 0.5)})`,
    );
    console.log(
      `ratio list / its SQL = ${users.listRatio.toFixed(2)}, i.e. the list takes ${(1 / users.listRatio).toFixed(2)}× its SQL (target ≤ 2×: ${verdict(users.listRatio >= 0.5)})`,
    );
  }
  console.log(
    `intake ${intakeResult.requestsPerSecond} reports/s (target ≥ 500: ${verdict(intakeResult.requestsPerSecond >= 500)}), ${(intakeResult.requestsPerSecond / intakeBaseline.requestsPerSecond).toFixed(2)} of hello-world; ${sent} answered 201, ${stored} report rows: ${stored === sent ? 'none lost, none doubled' : 'MISMATCH'}`,
  );
  if ([...usersLines.slice(1), intakeResult].some((m) => m.non2xx > 0 || m.errors > 0))
    console.log('warning: a measured route answered errors; the figures are not valid');

  const dir = join(here, 'results');
  await mkdir(dir, { recursive: true });
  const result = {
    at: new Date().toISOString(),
    connections,
    duration,
    rounds,
    loadAverage: { before: loadBefore, after: loadAfter },
    ...users,
    intake: { baseline: intakeBaseline, result: intakeResult, answered201: sent, reportRows: stored },
  };
  await writeFile(join(dir, intakeOnly ? 'intake.json' : 'users.json'), JSON.stringify(result, null, 2));
} finally {
  await vigilo.stop();
  for (const child of started) await stopProcess(child);
  await database.stop();
}

/**
 * Authenticated @me against hello-world, and the users list against its own SQL served by
 * bare Fastify through plain `pg`.
 */
async function measureUsers(
  hello: Target,
  platformId: string,
  organisationId: string,
  staffToken: string,
  adminToken: string,
) {
  // The organisation administrator's scope, as scopeFor builds it for the users list.
  const rawSql = await userPageSql(
    { platformId, organisationIds: [organisationId], userId: null, narrowedIn: [] },
    platformId,
    20,
  );
  const raw = {
    name: 'its SQL through pg, bare Fastify',
    url: await serve('raw-sql.ts', { DATABASE_URL: database.url, RAW_SQL: JSON.stringify(rawSql) }, '/users'),
  };
  const me = {
    name: 'GET /v1/users/@me (authenticated)',
    url: `${vigilo.url}/v1/users/@me`,
    headers: { authorization: `Bearer ${staffToken}` },
  };
  const list = {
    name: 'GET /v1/users?size=20 (organisation admin)',
    url: `${vigilo.url}/v1/users?size=20`,
    headers: { authorization: `Bearer ${adminToken}` },
  };
  await sameRows(list, raw);
  for (const target of [hello, me, raw, list]) await warmUp(target, 2, connections);
  const [baseline, meResult, rawResult, listResult] = (await compare([hello, me, raw, list], {
    connections,
    duration,
    rounds,
  })) as [Measured, Measured, Measured, Measured];
  return {
    baseline,
    me: meResult,
    raw: rawResult,
    list: listResult,
    meRatio: meResult.requestsPerSecond / baseline.requestsPerSecond,
    listRatio: listResult.requestsPerSecond / rawResult.requestsPerSecond,
  };
}

async function analyze(ownerUrl: string) {
  const owner = createDb(ownerUrl, 1);
  try {
    await sql`ANALYZE`.execute(owner);
  } finally {
    await owner.destroy();
  }
}

/** Report rows of the organisation, counted in the database after the load. */
async function countReports(url: string, organisationId: string): Promise<number> {
  const db = createDb(url, 1);
  try {
    const row = await db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

/** The raw SQL and the API must list the same users, or the comparison means nothing. */
async function sameRows(api: { url: string; headers: Record<string, string> }, sql: { url: string }) {
  const [a, b] = await Promise.all([
    fetch(api.url, { headers: api.headers }).then((r) => r.json() as Promise<{ items: { id: string }[] }>),
    fetch(sql.url).then((r) => r.json() as Promise<{ items: { id: string }[] }>),
  ]);
  const ids = (page: { items: { id: string }[] }) => page.items.map((u) => u.id).join();
  if (a.items.length !== 20 || ids(a) !== ids(b))
    throw new Error('the raw SQL does not list what the API lists');
}
