import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2bImportResult, Receiver, Submission } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../../test/e2b-receiver.ts';
import { createTenant, http, signedIn, startTestApp, type TestApp } from '../../../test/index.ts';
import { type Started, startWorker, stopProcess } from '../../../test/spawn.ts';
import { repoRoot } from '../../config.ts';

/**
 * Issue 15's durability test (decisions 0171, 0190): 200 deliveries taken by a separate
 * worker process (`npm run worker`) that is killed with SIGKILL at random moments and
 * started again. The receiver deduplicates by message id, as gateways do; it must end up
 * with every message id exactly once, and every submission report ACCEPTED: none lost.
 * The times are short here (send 5 s, lease 6 s, expiry 8 s, maintenance every second)
 * so that a killed worker's jobs come back within seconds instead of minutes.
 */
const CASES = 10;
const RECEIVERS = 20;
const KILLS = 6;
const TOKEN = 'crash-test-token-51d2';
const times = {
  SUBMISSION_SEND_TIMEOUT_SECONDS: '5',
  SUBMISSION_DELIVERY_LEASE_SECONDS: '6',
  SUBMISSION_DELIVERY_EXPIRY_SECONDS: '8',
  SUBMISSION_RETRY_DELAY_SECONDS: '1',
  JOBS_MAINTENANCE_SECONDS: '1',
  OUTBOUND_ALLOWED_HOSTS: 'localhost',
};

let app: TestApp;
let receiver: TestReceiver;
let worker: Started | undefined;

beforeAll(async () => {
  receiver = await startTestReceiver();
  // This process only answers the API and enqueues (as with RUN_WORKER=false).
  app = await startTestApp(times);
});
afterAll(async () => {
  if (worker) await stopProcess(worker.process);
  await app?.close();
  await receiver?.close();
});

const workerEnv = () => ({
  ...times,
  DATABASE_URL: inject('databaseUrl'),
  JWT_SECRET: inject('jwtSecret'),
  // The worker opens the receivers' sealed bearer tokens with the same keys as the API.
  SECRETS_KEYS: inject('secretsKeys'),
  JOBS_QUEUE_PREFIX: app.config.jobsQueuePrefix,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const example = readFileSync(join(repoRoot, 'e2b', 'test', 'examples', 'FAERS2022Scenario1.xml'), 'utf8');

describe('kill -9 of the worker during 200 deliveries', () => {
  it('every message id reaches the receiver exactly once, and every report is ACCEPTED', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    const call = async <T>(method: string, path: string, opts: { body?: unknown; form?: FormData } = {}) => {
      const res = await http<T>(app.url, method, path, { token, ...opts });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const receivers: Receiver[] = [];
    for (let i = 0; i < RECEIVERS; i++)
      receivers.push(
        await call<Receiver>('POST', `/v1/organisation/${tenant.organisationIds[0]}/receivers`, {
          body: {
            name: `Gateway ${i + 1}`,
            transport: {
              type: 'https',
              url: `${receiver.url}/slow`,
              auth: 'bearer',
              credentials: { token: TOKEN },
              caCertificate: receiver.certificate,
            },
          },
        }),
      );
    const messageIds: string[] = [];
    for (let c = 0; c < CASES; c++) {
      const form = new FormData();
      form.append('file', new Blob([example], { type: 'application/xml' }), 'case.xml');
      const load = await call<E2bImportResult>('POST', '/v1/report/load', { form });
      const reportId = load.created[0]!.id;
      await call('PUT', `/v1/report/${reportId}/assign/user/@me`);
      for (const status of ['coded', 'verified', 'ready_to_submit'])
        await call('PUT', `/v1/reports/${reportId}/status`, { body: { status } });
      const [submission] = await call<Submission[]>('POST', '/v1/submissions/distribute', {
        body: { reportId, resources: receivers.map((r) => r.id) },
      });
      messageIds.push(...submission!.reports.map((r) => r.messageId));
    }
    expect(new Set(messageIds).size).toBe(200);

    // Kill the worker KILLS times: after a random wait, every other time at a moment when
    // the receiver holds requests it has taken but not answered (a kill mid-send for sure).
    const midSend: boolean[] = [];
    for (let k = 0; k < KILLS; k++) {
      worker = await startWorker(workerEnv());
      await sleep(200 + Math.random() * 1500);
      if (k % 2 === 1)
        for (let waited = 0; receiver.inFlight() === 0 && waited < 5000; waited += 10) await sleep(10);
      midSend.push(receiver.inFlight() > 0);
      const exited = new Promise((resolve) => worker!.process.once('exit', resolve));
      worker.process.kill('SIGKILL');
      await exited;
      worker = undefined;
    }
    worker = await startWorker(workerEnv());

    const deadline = Date.now() + 100_000;
    let statuses: { status: string; n: number }[] = [];
    for (;;) {
      statuses = (
        await app.db
          .selectFrom('submission_reports')
          .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
          .where('organisation_id', '=', tenant.organisationIds[0]!)
          .groupBy('status')
          .execute()
      ).map((r) => ({ status: r.status, n: Number(r.n) }));
      if (statuses.some((s) => s.status === 'ACCEPTED' && s.n === 200) || Date.now() > deadline) break;
      await sleep(250);
    }
    expect(statuses).toEqual([{ status: 'ACCEPTED', n: 200 }]);
    // The receiver took each message id once (it deduplicates by the id, as gateways do) …
    expect([...receiver.accepted].sort()).toEqual([...messageIds].sort());
    // … and every copy that came again after a crash was the same message, byte for byte.
    const bodies = new Map<string, string>();
    for (const r of receiver.requests) {
      expect(r.authorization).toBe(`Bearer ${TOKEN}`);
      if (bodies.has(r.messageId)) expect(r.body).toBe(bodies.get(r.messageId));
      else bodies.set(r.messageId, r.body);
    }
    // At least the kills made while the receiver held requests interrupted a send.
    expect(midSend.filter(Boolean).length).toBeGreaterThanOrEqual(KILLS / 2);
    const claims = await app.db
      .selectFrom('submission_deliveries as d')
      .innerJoin('submission_reports as sr', 'sr.id', 'd.submission_report_id')
      .select(['d.state', (eb) => eb.fn.countAll<string>().as('n')])
      .where('sr.organisation_id', '=', tenant.organisationIds[0]!)
      .groupBy('d.state')
      .execute();
    expect(claims.map((c) => ({ state: c.state, n: Number(c.n) }))).toEqual([{ state: 'delivered', n: 200 }]);
    console.log(
      `crash test: ${KILLS} kills (${midSend.filter(Boolean).length} mid-send), ${receiver.requests.length} requests on the wire for 200 message ids`,
    );
  }, 240_000);
});
