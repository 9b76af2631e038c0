import { rm } from 'node:fs/promises';
import type { Health, Session } from '@vigilo/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, withTransaction } from '../src/platform/db.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { type Jobs, startJobs } from '../src/platform/jobs.ts';
import { createMailer } from '../src/platform/mail.ts';
import { eventually } from './eventually.ts';
import { createTenant, createUser, login, type TestTenant, type TestUser } from './factories.ts';
import { http } from './http.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import {
  freePort,
  prepareTestDatabase,
  type Started,
  startServer,
  startWorker,
  stderrText,
  tempFolder,
} from './spawn.ts';

/**
 * Issue 8: PostgreSQL restarts while writers are busy. Its own embedded PostgreSQL (the
 * shared test database must not be restarted), two API processes and a worker process.
 */
const WRITERS = 8;
const OUTAGE_MS = 2_000;

let dataDir: string;
let postgres: EmbeddedDatabase;
let db: Db;
let jobs: Jobs;
let smtp: TestSmtp;
let a: Started & { url: string };
let b: Started & { url: string };
let worker: Started;
let tenant: TestTenant;

beforeAll(async () => {
  dataDir = await tempFolder('vigilo-restart');
  postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), databases: ['vigilo_restart'] });
  const url = await prepareTestDatabase(postgres.adminUrl('vigilo_restart'));
  db = createDb(url, 2);
  smtp = await startSmtp();
  jobs = await startJobs(url, { supervise: false });
  const env = {
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    RUN_WORKER: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  [a, b, worker] = await Promise.all([
    startServer(env),
    startServer(env),
    startWorker({ DATABASE_URL: url, SMTP_URL: smtp.url }),
  ]);
  tenant = await createTenant(db);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
  await jobs?.stop();
  await db?.destroy();
  await smtp?.close();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

interface Attempt {
  writer: number;
  value: string;
  started: number;
  ended: number;
  status: number;
  code?: string;
  retryAfter: string | null;
}

/** One writer: PUT /v1/users/@me with a new first name, again and again, until told to stop. */
async function write(index: number, base: string, session: Session, running: () => boolean) {
  const attempts: Attempt[] = [];
  for (let n = 0; running(); n++) {
    const value = `W${index}-${n}`;
    const started = performance.now();
    const res = await http<{ code?: string }>(base, 'PUT', '/v1/users/@me', {
      token: session.token,
      body: { firstName: value },
    }).catch(() => ({ status: 0, body: {} as { code?: string }, headers: new Headers() }));
    attempts.push({
      writer: index,
      value,
      started,
      ended: performance.now(),
      status: res.status,
      code: res.body.code,
      retryAfter: res.headers.get('retry-after'),
    });
  }
  return attempts;
}

const staff = () =>
  createUser(db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'organisation_staff',
  });

describe('PostgreSQL restarts under load', () => {
  it('every process survives, refuses only while it is down (503), recovers within 5 s and loses nothing', async () => {
    const users: TestUser[] = await Promise.all(Array.from({ length: WRITERS }, staff));
    const sessions = await Promise.all(users.map((u, i) => login(i % 2 ? b.url : a.url, u)));
    let running = true;
    const writers = sessions.map((s, i) => write(i, i % 2 ? b.url : a.url, s, () => running));

    await new Promise((r) => setTimeout(r, 1_500));
    const down = performance.now();
    await postgres.stop();
    // While it is down, the health check says so, in bounded time.
    const healthStarted = performance.now();
    const health = await http<Health>(a.url, 'GET', '/v1/health-check');
    const healthMs = performance.now() - healthStarted;
    expect(health.status).toBe(503);
    expect(health.body.database.status).toBe('down');
    expect(health.headers.get('retry-after')).toBe('5');
    expect(healthMs).toBeLessThan(3_000);
    await new Promise((r) => setTimeout(r, OUTAGE_MS - (performance.now() - down)));
    await postgres.start();
    const up = performance.now();
    await new Promise((r) => setTimeout(r, 6_000));
    running = false;
    const attempts = (await Promise.all(writers)).flat();

    for (const p of [a, b, worker]) expect(p.process.exitCode).toBeNull();
    for (const p of [a, b, worker]) expect(stderrText(p.process)).not.toMatch(/unhandled database error/);

    const refused = attempts.filter((t) => t.status !== 200);
    for (const t of refused) {
      expect({ status: t.status, code: t.code, retryAfter: t.retryAfter }).toEqual({
        status: 503,
        code: 'DATABASE_UNAVAILABLE',
        retryAfter: '5',
      });
      // Only requests that were under way while the database was away.
      expect(t.started).toBeLessThan(up);
      expect(t.ended).toBeGreaterThan(down);
    }
    expect(refused.length).toBeGreaterThan(0);

    const recovery = [a.url, b.url].map((base) => {
      const first = attempts
        .filter((t) => t.status === 200 && t.ended > up && (t.writer % 2 ? b.url : a.url) === base)
        .sort((x, y) => x.ended - y.ended)[0];
      expect(first).toBeDefined();
      return first!.ended - up;
    });
    for (const ms of recovery) expect(ms).toBeLessThan(5_000);

    // Every acknowledged write is in the audit log; at most one unacknowledged write per
    // writer (its commit happened, its answer was lost) may be there too.
    const ok = attempts.filter((t) => t.status === 200);
    const inFlight = refused.filter((t) => t.started < down);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM audit_log
      WHERE action = 'user.updated' AND entity_id = ANY(${users.map((u) => u.id)})`.execute(db);
    const audited = Number(rows[0]!.n);
    expect(audited).toBeGreaterThanOrEqual(ok.length);
    expect(audited).toBeLessThanOrEqual(ok.length + inFlight.length);
    // Each user's name is its last acknowledged write, or a later one whose answer was lost.
    for (const [i, user] of users.entries()) {
      const mine = attempts.filter((t) => t.writer === i);
      const lastOk = mine.filter((t) => t.status === 200).pop()!;
      const possible = [lastOk, ...mine.filter((t) => t.status !== 200 && t.started > lastOk.started)];
      const row = await db
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(possible.map((t) => t.value)).toContain(row.first_name);
    }

    const median = (xs: number[]) => Math.round(xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0);
    console.log(
      `[issue 8] ${attempts.length} writes by ${WRITERS} writers; PostgreSQL down ${Math.round(up - down)} ms; ` +
        `refused ${refused.length} (all 503, median ${median(refused.map((t) => t.ended - t.started))} ms each; ` +
        `accepted writes median ${median(ok.map((t) => t.ended - t.started))} ms); first success after restart: ${recovery.map(Math.round).join(' / ')} ms ` +
        `(API A / B); acknowledged ${ok.length}, audit rows ${audited}, lost ${Math.max(0, ok.length - audited)}, ` +
        `committed but unacknowledged ${audited - ok.length}; health check while down answered in ${Math.round(healthMs)} ms`,
    );
  }, 60_000);

  it('after the restart, a deactivation made on one API process takes effect on the other at once', async () => {
    // Both processes listen again (the actor cache reconnected by itself).
    await eventually(async () => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'vigilo-actor-cache'`.execute(db);
      expect(Number(rows[0]!.n)).toBe(2);
    }, 10_000);
    const admin = await createUser(db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'organisation_admin',
    });
    const user = await staff();
    const adminSession = await login(a.url, admin);
    const session = await login(b.url, user);
    for (let i = 0; i < 2; i++) {
      expect((await http(b.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(200);
    }
    const off = await http(a.url, 'PUT', `/v1/users/${user.id}/toggle-deactivate`, {
      token: adminSession.token,
      body: { reason: 'test' },
    });
    expect(off.status).toBe(200);
    await eventually(async () => {
      expect((await http(b.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(403);
    }, 1_000);
  });

  it('the worker process delivers what is enqueued after the restart', async () => {
    const mailer = createMailer({ db, jobs, smtpUrl: null, from: 'x@example.test' });
    const to = `after-restart-${Date.now()}@example.test`;
    await withTransaction(db, (tx) =>
      mailer.send(tx, { to, subject: 'After the restart', text: 'Still here.' }),
    );
    expect((await smtp.waitFor(to, 20_000)).subject).toBe('After the restart');
  });
});
