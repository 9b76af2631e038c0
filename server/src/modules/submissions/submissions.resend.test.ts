import type { Receiver, SubmissionReport, SubmissionReportStatusChange } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  eventually,
  http,
  signedIn,
  signedInToTwo,
  startTestApp,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { type Answer, addReceiver, distribute, httpsTo, readyCase } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { submissionsArea } from './submissions.area.ts';
import { nextDelaySeconds } from './submissions.delivery.ts';

/**
 * Sending a FAILED message again (issue 28 item 1, decision 0327), against the real HTTPS test
 * receiver: the same message id and bytes, audited, staff only, once per click or key, and the
 * retry budget of each receiver.
 */
let app: TestApp;
let receiver: TestReceiver;
let home: TestTenant;
let foreign: TestTenant;
let admin: string;
let staff: string;
let staffId: string;

beforeAll(async () => {
  receiver = await startTestReceiver();
  app = await startTestApp({
    OUTBOUND_ALLOWED_HOSTS: 'localhost',
    SUBMISSION_RETRY_DELAY_SECONDS: '1',
    SUBMISSION_RETRY_MAX_DELAY_SECONDS: '2',
  });
  await app.jobs.work(
    submissionsArea.jobs({
      db: app.db,
      config: app.config,
      mailer: mailerFor(app.config, app.db, app.jobs),
      jobs: app.jobs,
    }),
  );
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  const s = await signedIn(app, home, 'organisation_staff');
  staff = s.token;
  staffId = s.user.id;
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const orgA = () => home.organisationIds[0];
const readReport = (id: string, token = staff) =>
  http<Answer<SubmissionReport>>(app.url, 'GET', `/v1/submissions/reports/${id}`, { token });
const resend = (id: string, token = staff, headers?: Record<string, string>) =>
  http<Answer<SubmissionReport> & { meta?: { current?: string } }>(
    app.url,
    'POST',
    `/v1/submissions/reports/${id}/resend`,
    { token, headers },
  );
const settled = (id: string, status: string, timeoutMs = 20_000) =>
  eventually(async () => {
    const res = await readReport(id);
    if (res.status !== 200 || res.body.status !== status) throw new Error(`still ${res.body.status}`);
    return res.body;
  }, timeoutMs);
const wire = (messageId: string) => receiver.requests.filter((r) => r.messageId === messageId);

/** A message to a `/switch` receiver that is down, left FAILED after its `attempts`. */
async function failedMessage(attempts = 2) {
  const gateway = await addReceiver(app, admin, orgA(), {
    transport: httpsTo(receiver, '/switch'),
    deliveryAttempts: attempts,
  });
  receiver.setDown(true);
  const res = await distribute(app, staff, {
    reportId: await readyCase(app, admin),
    resources: [gateway.id],
  });
  if (res.status !== 201) throw new Error(`distribute: ${res.status}`);
  const report = res.body[0]!.reports[0]!;
  const failed = await settled(report.id, 'FAILED');
  return { gateway, report, failed };
}

describe('POST /v1/submissions/reports/{id}/resend', () => {
  it('a receiver down → FAILED → up → Send again: the same message id and bytes arrive once more, audited', async () => {
    const { report, failed } = await failedMessage(3);
    expect(failed).toMatchObject({
      attempts: 3,
      maxAttempts: 3,
      httpStatus: 503,
      lastError: 'Attempt 3 of 3 failed (HTTP 503): Service unavailable',
      nextAttemptAt: null,
      resendCount: 0,
    });
    const first = wire(report.messageId);
    expect(first).toHaveLength(3);

    receiver.setDown(false);
    const res = await resend(report.id);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'NOT_SENT',
      reasonCode: 'queued',
      attempts: 0,
      resendCount: 1,
      messageId: report.messageId,
    });
    expect(res.body.resentAt).not.toBeNull();
    const done = await settled(report.id, 'ACCEPTED');
    expect(done).toMatchObject({ attempts: 1, resendCount: 1, lastError: null, ackCode: 'CA' });
    const all = wire(report.messageId);
    expect(all).toHaveLength(4);
    // The same message: the id the receiver de-duplicates by, and the body byte for byte.
    expect(all[3]!.body).toBe(first[0]!.body);
    const sent = await http<{ xml: string }>(app.url, 'GET', `/v1/reports/anonymised/${report.id}`, {
      token: staff,
    });
    expect(all[3]!.body).toBe(sent.body.xml);
    expect([...receiver.accepted].filter((m) => m === report.messageId)).toEqual([report.messageId]);

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'organisation_id', 'changes', 'details', 'at'])
      .where('action', '=', 'submission_report.resent')
      .where('entity_id', '=', report.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: staffId,
      organisation_id: orgA(),
      changes: [{ path: 'status', old: 'FAILED', new: 'NOT_SENT' }],
      details: {
        messageId: report.messageId,
        receiverId: report.receiverId,
        attempts: 3,
        lastError: 'Attempt 3 of 3 failed (HTTP 503): Service unavailable',
        resendCount: 1,
      },
    });
    expect(audit[0]!.at).toBeInstanceOf(Date);
    const history = await http<SubmissionReportStatusChange[]>(
      app.url,
      'GET',
      `/v1/submissions/reports/${report.id}/history`,
      { token: staff },
    );
    expect(history.body.map((h) => [h.status, h.source])).toEqual([
      ['NOT_SENT', 'distribution'],
      ['FAILED', 'delivery'],
      ['NOT_SENT', 'staff'],
      ['ACCEPTED', 'delivery'],
    ]);
    expect(history.body[2]!.changedBy).toBe(staffId);
    // Accepted now: not FAILED, so not sent again.
    const again = await resend(report.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'INVALID_TRANSITION', meta: { current: 'ACCEPTED' } });
    expect(wire(report.messageId)).toHaveLength(4);
  }, 60_000);

  it('answers 409 for a message that is not FAILED, and changes nothing', async () => {
    const none = await addReceiver(app, admin, orgA(), {});
    const res = await distribute(app, staff, { reportId: await readyCase(app, admin), resources: [none.id] });
    const report = res.body[0]!.reports[0]!;
    expect(report.status).toBe('NOT_SENT');
    const refused = await resend(report.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'INVALID_TRANSITION',
      statusCode: 409,
      error: 'Conflict',
      meta: { current: 'NOT_SENT', allowed: ['FAILED'] },
    });
    expect((await readReport(report.id)).body).toMatchObject({ status: 'NOT_SENT', resendCount: 0 });
    // FAILED by hand on a receiver with no transport: still nothing to send it with.
    await http(app.url, 'PUT', `/v1/submissions/reports/${report.id}/receiver-status`, {
      token: staff,
      body: { status: 'FAILED', reason: 'Nobody could send it' },
    });
    const noTransport = await resend(report.id);
    expect(noTransport.status).toBe(409);
    expect(noTransport.body.message).toBe('The receiver has no transport: send it by hand and record why');
    expect((await readReport(report.id)).body).toMatchObject({ status: 'FAILED', resendCount: 0 });
    const audits = await app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'submission_report.resent')
      .where('entity_id', '=', report.id)
      .execute();
    expect(audits).toEqual([]);
  });

  it("another organisation's caller gets 404, an assessor 403; a user of two organisations signed in to B, only a reporter in A, cannot resend A's", async () => {
    const { report } = await failedMessage();
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    const sibling = (await signedIn(app, home, 'organisation_staff', 1)).token;
    for (const token of [stranger, sibling]) {
      const res = await resend(report.id, token);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await resend(crypto.randomUUID())).status).toBe(404);
    const assessor = (await signedIn(app, home, 'assessor')).token;
    expect((await resend(report.id, assessor)).status).toBe(403);
    // Staff of B, only a reporter in A, signed in to B: A's message is not theirs to send again.
    const two = await signedInToTwo(
      app,
      { platformId: home.platformId, organisationIds: [home.organisationIds[1], orgA()] },
      ['organisation_staff', 'reporter'],
    );
    // A member of A without the role: refused as the assessor is (403), as for every route of the matrix.
    const res = await resend(report.id, two.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await readReport(report.id)).body).toMatchObject({ status: 'FAILED', resendCount: 0 });
  }, 60_000);

  it('two requests at once queue one job; the same Idempotency-Key answers the first answer again', async () => {
    const { report } = await failedMessage();
    receiver.setDown(false);
    const jobsBefore = await deliveryJobs(report.id);
    const answers = await Promise.all([resend(report.id), resend(report.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    expect(await deliveryJobs(report.id)).toBe(jobsBefore + 1);
    await settled(report.id, 'ACCEPTED');

    const next = await failedMessage();
    receiver.setDown(false);
    const key = crypto.randomUUID();
    const before = await deliveryJobs(next.report.id);
    const keyed = await Promise.all([
      resend(next.report.id, staff, { 'idempotency-key': key }),
      resend(next.report.id, staff, { 'idempotency-key': key }),
    ]);
    expect(keyed.map((a) => a.status)).toEqual([202, 202]);
    expect(keyed.map((a) => a.body.resendCount)).toEqual([1, 1]);
    const later = await resend(next.report.id, staff, { 'idempotency-key': key });
    expect(later.status).toBe(202);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(await deliveryJobs(next.report.id)).toBe(before + 1);
    expect((await readReport(next.report.id)).body.resendCount).toBe(1);
  }, 90_000);
});

/** The delivery jobs pg-boss holds for one submission report, in any state. */
async function deliveryJobs(id: string) {
  const { rows } = await app.db.executeQuery<{ n: string }>({
    sql: `SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND data->>'submissionReportId' = $2`,
    parameters: [`${app.config.jobsQueuePrefix}submissions.deliver`, id],
    query: { kind: 'SelectQueryNode' } as never,
    queryId: { queryId: 'delivery-jobs' } as never,
  });
  return Number(rows[0]!.n);
}

describe('the retry budget of a receiver', () => {
  it('is 16 attempts by default, 1 to 30, a bad value answered 400 naming the field and changing nothing', async () => {
    const made = await addReceiver(app, admin, orgA(), {});
    expect(made.deliveryAttempts).toBe(16);
    const path = `/v1/organisation/${orgA()}/receivers/${made.id}`;
    // (A number in a string is read as the number, decision 0023: not refused here.)
    for (const bad of [0, 31, 2.5, -3, 'many']) {
      const res = await http<Answer<Receiver>>(app.url, 'PUT', path, {
        token: admin,
        body: { deliveryAttempts: bad },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.meta?.fields?.map((f) => f.field)).toContain('body/deliveryAttempts');
    }
    const kept = await http<Receiver[]>(app.url, 'GET', `/v1/organisation/${orgA()}/receivers`, {
      token: admin,
    });
    expect(kept.body.find((r) => r.id === made.id)?.deliveryAttempts).toBe(16);
    const set = await http<Receiver>(app.url, 'PUT', path, { token: admin, body: { deliveryAttempts: 30 } });
    expect(set.status).toBe(200);
    expect(set.body.deliveryAttempts).toBe(30);
    const created = await http<Answer<Receiver>>(app.url, 'POST', `/v1/organisation/${orgA()}/receivers`, {
      token: admin,
      body: { name: `R ${crypto.randomUUID()}`, deliveryAttempts: 0 },
    });
    expect(created.status).toBe(400);
  });

  it('a failed attempt plans the next with its time; the default schedule spans a working day', async () => {
    const gateway = await addReceiver(app, admin, orgA(), {
      transport: httpsTo(receiver, '/down'),
      deliveryAttempts: 30,
    });
    const res = await distribute(app, staff, {
      reportId: await readyCase(app, admin),
      resources: [gateway.id],
    });
    const id = res.body[0]!.reports[0]!.id;
    const waiting = await eventually(async () => {
      const r = (await readReport(id)).body;
      if (r.attempts < 1 || !r.nextAttemptAt) throw new Error('no attempt yet');
      return r;
    }, 10_000);
    expect(waiting).toMatchObject({ status: 'NOT_SENT', maxAttempts: 30, httpStatus: 503 });
    expect(waiting.lastError).toMatch(/^Attempt \d+ of 30 failed \(HTTP 503\): Service unavailable$/);
    const inMs = Date.parse(waiting.nextAttemptAt!) - Date.now();
    expect(inMs).toBeLessThan(3_000);
    // Stop it: set by hand, it plans nothing more.
    await http(app.url, 'PUT', `/v1/submissions/reports/${id}/receiver-status`, {
      token: staff,
      body: { status: 'FAILED', reason: 'Gave up on it' },
    });
    expect((await readReport(id)).body.nextAttemptAt).toBeNull();

    // The defaults (30 s doubled up to an hour): 16 attempts from the first to the last, written by hand:
    // 30 + 60 + 120 + 240 + 480 + 960 + 1920 + 8 × 3600 = 32 610 s, 9 h 3.5 min, each wait ±10 %.
    const defaults = { submissionRetryDelaySeconds: 30, submissionRetryMaxDelaySeconds: 3600 } as never;
    const at = (random: number) =>
      Array.from({ length: 15 }, (_, i) => nextDelaySeconds(defaults, i + 1, random)).reduce((a, b) => a + b);
    expect(at(0.5)).toBe(32_610);
    expect(at(0)).toBe(29_349);
    expect(at(1)).toBe(35_871);
  });
});
