import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from '../server/src/config.ts';
import { createDb } from '../server/src/platform/db.ts';
import { startTestReceiver } from '../server/test/e2b-receiver.ts';
import { createTenant, createUser, login } from '../server/test/factories.ts';
import { http } from '../server/test/http.ts';
import { scratchDatabase, startServer } from '../server/test/spawn.ts';

/**
 * `BENCH_ONLY=submissions npm run bench` (or `npx tsx bench/submissions.ts`): the Vigilo
 * server in its own process with its delivery worker, a local HTTPS receiver answering a
 * positive acknowledgement at once, and BENCH_SUBMISSIONS cases (200 by default, FDA
 * example 1) made ready to submit, then distributed BENCH_SUBMISSIONS_PARALLEL at a time.
 * Prints deliveries per second (first distribute to last acknowledgement) and the time from
 * each distribute request to its acknowledgement (p50, p95), and checks the receiver took
 * every message id exactly once. No target was set in issue 15; the figures say what it costs.
 */
const CASES = Number(process.env.BENCH_SUBMISSIONS ?? 200);
const PARALLEL = Number(process.env.BENCH_SUBMISSIONS_PARALLEL ?? 10);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const xml = readFileSync(join(repoRoot, 'e2b', 'test', 'examples', 'FAERS2022Scenario1.xml'), 'utf8');
const loadBefore = loadavg();

const database = await scratchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  'vigilo-bench-submissions',
);
const receiver = await startTestReceiver();
const vigilo = await startServer({
  DATABASE_URL: database.url,
  RATE_LIMIT_PER_MINUTE: '100000000',
  RUN_WORKER: 'true',
  SEED_DEMO: 'false',
  OUTBOUND_ALLOWED_HOSTS: 'localhost',
});

try {
  const db = createDb(database.url, 2);
  const tenant = await createTenant(db);
  const admin = await createUser(db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'organisation_admin',
  });
  const { token } = await login(vigilo.url, admin);
  const call = async <T>(method: string, path: string, opts: { body?: unknown; form?: FormData } = {}) => {
    const res = await http<T>(vigilo.url, method, path, { token, ...opts });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const target = await call<{ id: string }>(
    'POST',
    `/v1/organisation/${tenant.organisationIds[0]}/receivers`,
    {
      body: {
        name: 'Bench receiver',
        profile: 'ich',
        transport: {
          type: 'https',
          url: `${receiver.url}/accept`,
          auth: 'none',
          caCertificate: receiver.certificate,
        },
      },
    },
  );

  // The cases, made ready to submit (not measured).
  const reports: string[] = [];
  for (let i = 0; i < CASES; i++) {
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'case.xml');
    const load = await call<{ created: { id: string }[] }>('POST', '/v1/report/load', { form });
    const id = load.created[0]!.id;
    await call('PUT', `/v1/report/${id}/assign/user/@me`);
    for (const status of ['coded', 'verified', 'ready_to_submit'])
      await call('PUT', `/v1/reports/${id}/status`, { body: { status } });
    reports.push(id);
  }

  const sentAt = new Map<string, number>();
  const start = performance.now();
  const startedWall = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < reports.length) {
        const reportId = reports[next++]!;
        const asked = Date.now();
        const [submission] = await call<{ reports: { id: string }[] }[]>(
          'POST',
          '/v1/submissions/distribute',
          {
            body: { reportId, resources: [target.id] },
          },
        );
        sentAt.set(submission!.reports[0]!.id, asked);
      }
    }),
  );
  const distributeSeconds = (performance.now() - start) / 1000;

  // Until every one is acknowledged (or two minutes pass).
  const deadline = Date.now() + 120_000;
  let rows: { id: string; status: string; acknowledged_at: Date | null }[] = [];
  for (;;) {
    rows = await db
      .selectFrom('submission_reports')
      .select(['id', 'status', 'acknowledged_at'])
      .where('organisation_id', '=', tenant.organisationIds[0])
      .execute();
    if (rows.every((r) => r.status === 'ACCEPTED') || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await db.destroy();
  const done = rows.filter((r) => r.acknowledged_at);
  const latencies = done.map((r) => r.acknowledged_at!.getTime() - sentAt.get(r.id)!);
  const last = Math.max(...done.map((r) => r.acknowledged_at!.getTime()));
  const seconds = (last - startedWall) / 1000;
  const ids = receiver.requests.map((r) => r.messageId);
  console.log(
    `submissions: ${CASES} cases, ${PARALLEL} distribute requests at a time, HTTPS receiver on localhost`,
  );
  console.log(
    `  distribute: ${(CASES / distributeSeconds).toFixed(1)} requests/s (${distributeSeconds.toFixed(1)} s)`,
  );
  console.log(
    `  delivered and acknowledged: ${done.length} / ${CASES}, ${(done.length / seconds).toFixed(1)} deliveries/s`,
  );
  console.log(
    `  distribute → acknowledged: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`,
  );
  console.log(
    `  receiver: ${ids.length} requests, ${new Set(ids).size} distinct message ids (each exactly once: ${
      ids.length === new Set(ids).size && ids.length === CASES
    })`,
  );
  console.log(`  load average before / after: ${loadBefore[0]!.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`);
} finally {
  await vigilo.stop();
  await receiver.close();
  await database.stop();
}
