import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDb } from '../server/src/platform/db.ts';
import { createTenantWithForms, createUser, login } from '../server/test/factories.ts';
import { http } from '../server/test/http.ts';
import { fullCase, professionalReport, publishedVersion } from '../server/test/message-cases.ts';
import { scratchDatabase, startServer } from '../server/test/spawn.ts';

/**
 * `BENCH_ONLY=case-message npm run bench` (or `npx tsx bench/case-message.ts`): what the case
 * form costs on the server (issue 24). The Vigilo server in its own process; a complete report
 * of the professionals' form (about 3 KB) saved as a new version by staff
 * (`PUT /v1/report/{id}`, BENCH_SAVES times, one at a time, as one editor saves), then the same
 * document checked unsaved (`POST /v1/report/{id}/xml/validation`, the message case written,
 * exported and validated in three layers), BENCH_SAVES times. Prints p50, p95 and the rate.
 */
const SAVES = Number(process.env.BENCH_SAVES ?? 200);
const WARM = 20;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const loadBefore = loadavg();

const database = await scratchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  'vigilo-bench-case-message',
);
const vigilo = await startServer({
  DATABASE_URL: database.url,
  RATE_LIMIT_PER_MINUTE: '100000000',
  RUN_WORKER: 'false',
  SEED_DEMO: 'false',
});

try {
  const db = createDb(database.url, 2);
  const tenant = await createTenantWithForms(db);
  const user = (role: 'organisation_staff' | 'reporter') =>
    createUser(db, { platformId: tenant.platformId, organisationId: tenant.organisationIds[0], role });
  const staff = (await login(vigilo.url, await user('organisation_staff'))).token;
  const reporter = (await login(vigilo.url, await user('reporter'))).token;
  await db.destroy();
  const formViewVersionId = await publishedVersion(vigilo.url, reporter, 'adr-professional');
  const created = await http<{ id: string }>(vigilo.url, 'POST', '/v1/report', {
    token: reporter,
    body: { report: professionalReport(), organisationId: tenant.organisationIds[0], formViewVersionId },
  });
  if (created.status !== 201) throw new Error(`POST /v1/report: ${created.status}`);
  const id = created.body.id;
  const bytes = JSON.stringify(professionalReport()).length;

  /** Each request's time in ms, after WARM requests not counted. */
  async function timed(what: string, send: (i: number) => Promise<{ status: number }>) {
    const times: number[] = [];
    const start = performance.now();
    for (let i = 0; i < WARM + SAVES; i++) {
      const t0 = performance.now();
      const res = await send(i);
      if (res.status !== 200) throw new Error(`${what}: ${res.status}`);
      if (i >= WARM) times.push(performance.now() - t0);
    }
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `  ${what}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ${(
        (WARM + SAVES) / seconds
      ).toFixed(0)} requests/s`,
    );
    return percentile(times, 95);
  }

  console.log(`case form: a ${bytes}-byte case of the professionals' form, ${SAVES} requests one at a time`);
  await timed('PUT /v1/report/{id} (a new version)', (i) => {
    const report = professionalReport();
    report.H.narrative = `${report.H.narrative} Save ${i}.`;
    return http(vigilo.url, 'PUT', `/v1/report/${id}`, { token: staff, body: { report } });
  });
  // The case form's save: the whole case, every block filled, with If-Match as the form sends it.
  const FORM_SAVE_TARGET_MS = 500;
  let version = (await http<{ version: number }>(vigilo.url, 'GET', `/v1/reports/${id}`, { token: staff }))
    .body.version;
  const full = fullCase();
  console.log(`case form save: a full case of ${JSON.stringify(full).length} bytes, with If-Match`);
  const formSaves = await timed('PUT /v1/report/{id} (the case form, full case)', async (i) => {
    full.H.narrative = `${professionalReport().H.narrative} Form save ${i}.`;
    const res = await http<{ version: number }>(vigilo.url, 'PUT', `/v1/report/${id}`, {
      token: staff,
      headers: { 'if-match': `"${version}"` },
      body: { report: full },
    });
    version = res.body.version;
    return res;
  });
  console.log(
    `  case form save p95 ${formSaves.toFixed(1)} ms (target ≤ ${FORM_SAVE_TARGET_MS} ms: ${formSaves <= FORM_SAVE_TARGET_MS ? 'met' : 'NOT met'})`,
  );
  await timed('POST /v1/report/{id}/xml/validation (unsaved, ICH)', () =>
    http(vigilo.url, 'POST', `/v1/report/${id}/xml/validation`, {
      token: staff,
      body: { report: professionalReport() },
    }),
  );
  console.log(`  load average before / after: ${loadBefore[0]!.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`);
} finally {
  await vigilo.stop();
  await database.stop();
}
