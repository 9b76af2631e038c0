import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2bImportResult, Receiver, Submission, SubmissionReport } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ackFor, startTestReceiver, type TestReceiver } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  eventually,
  http,
  signedIn,
  signedInToTwo,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { readyCase } from '../../../test/submissions.ts';
import { enableTotp, totpCode } from '../../../test/totp.ts';
import { repoRoot } from '../../config.ts';
import { mailerFor } from '../../platform/mail.ts';
import { submissionsArea } from './submissions.area.ts';
import { deliverSubmissionReport } from './submissions.delivery.ts';
import { httpsTransport } from './submissions.transport.ts';

/**
 * Submissions through HTTP against a real HTTPS receiver (issue 15, decisions 0170–0171):
 * distribute, the delivery job with its retries, acknowledgements answered at once, statuses
 * by hand, lists, the summary, tenancy.
 */
const example = (name: string) => readFileSync(join(repoRoot, 'e2b', 'test', 'examples', name), 'utf8');
const TOKEN = 'fda-gateway-token-7c1e';

let app: TestApp;
let receiver: TestReceiver;
let home: TestTenant;
let foreign: TestTenant;
let admin: string;
let staff: string;

beforeAll(async () => {
  receiver = await startTestReceiver();
  app = await startTestApp({
    OUTBOUND_ALLOWED_HOSTS: 'localhost',
    SUBMISSION_DELIVERY_ATTEMPTS: '3',
    SUBMISSION_RETRY_DELAY_SECONDS: '1',
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
  staff = (await signedIn(app, home, 'organisation_staff')).token;
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

type Answer<T> = T & { code?: string; meta?: { fields?: { field: string }[]; current?: string } };

/** A receiver of `tenant`'s organisation `org`, made by its administrator. */
async function addReceiver(body: Record<string, unknown>, tenant = home, token = admin, org: 0 | 1 = 0) {
  const res = await http<Receiver>(
    app.url,
    'POST',
    `/v1/organisation/${tenant.organisationIds[org]}/receivers`,
    {
      token,
      // FDA takes messages from the sender ids it approved only (decision 0230).
      body: {
        name: `Receiver ${crypto.randomUUID()}`,
        ...(body.profile === 'fda' ? { batchSender: 'VIGILO-FDA-1' } : {}),
        ...body,
      },
    },
  );
  if (res.status !== 201) throw new Error(`receiver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const https = (path: string, auth: Record<string, unknown> = { auth: 'none' }) => ({
  type: 'https',
  url: `${receiver.url}${path}`,
  caCertificate: receiver.certificate,
  ...auth,
});

const distribute = (token: string, body: unknown, headers?: Record<string, string>) =>
  http<Answer<Submission[]>>(app.url, 'POST', '/v1/submissions/distribute', { token, body, headers });

const readReport = (id: string, token = staff) =>
  http<Answer<SubmissionReport>>(app.url, 'GET', `/v1/submissions/reports/${id}`, { token });

/** Waits until the job has settled the submission report (anything but NOT_SENT with no attempt). */
const settled = (id: string, status: string, timeoutMs = 10_000) =>
  eventually(async () => {
    const res = await readReport(id);
    if (res.body.status !== status) throw new Error(`still ${res.body.status}`);
    return res.body;
  }, timeoutMs);

describe('POST /v1/submissions/distribute', () => {
  it('checks each message against its receiver: one with errors stops the distribution (409), the valid one alone is sent', async () => {
    const fda = await addReceiver({
      name: 'FDA ESG',
      batchSender: 'VIGILO-NPC',
      batchReceiver: 'ZZFDA',
      messageReceiver: 'CDER',
      profile: 'fda',
      maskPersonalData: true,
      transport: https('/accept', { auth: 'bearer', credentials: { token: TOKEN } }),
    });
    const eu = await addReceiver({ name: 'EudraVigilance', profile: 'eu', transport: https('/accept') });
    const reportId = await readyCase(app, admin);
    // The EU profile wants EDQM terms FDA scenario 1 does not have: nothing is stored or sent.
    const refused = await distribute(staff, { reportId, resources: [fda.id, eu.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MESSAGE_INVALID');
    const messages = (
      refused.body.meta as { messages: { receiverName: string; findings: { rule: string }[] }[] }
    ).messages;
    expect(messages.map((m) => m.receiverName)).toEqual(['EudraVigilance']);
    expect(messages[0]!.findings.map((f) => f.rule)).toContain('EU-EDQM-DOSE-FORM');
    expect(
      await app.db.selectFrom('submissions').select('id').where('report_id', '=', reportId).execute(),
    ).toEqual([]);
    const res = await distribute(staff, { reportId, resources: [fda.id] });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(1);
    const [submission] = res.body;
    expect(submission!.reportId).toBe(reportId);
    const byName = Object.fromEntries(submission!.reports.map((r) => [r.receiverName, r]));
    expect(byName['FDA ESG']).toMatchObject({
      profile: 'fda',
      masked: true,
      valid: true,
      findings: [],
      status: 'NOT_SENT',
      serious: true,
      // C.1.4 of the example is 2022-06-14; a serious case is due 15 days later.
      dayZero: '2022-06-14',
      dueDate: '2022-06-29',
    });
    expect(Object.keys(byName)).toEqual(['FDA ESG']);

    const case_ = await http<{ status: string }>(app.url, 'GET', `/v1/reports/${reportId}`, { token: staff });
    expect(case_.body.status).toBe('submitted');

    const done = await settled(byName['FDA ESG']!.id, 'ACCEPTED');
    expect(done).toMatchObject({ ackCode: 'CA', ackErrors: [], attempts: 1, httpStatus: 200 });
    expect(done.sentAt).not.toBeNull();
    const got = receiver.requests.filter((r) => r.messageId === done.messageId);
    expect(got).toHaveLength(1);
    expect(got[0]!.authorization).toBe(`Bearer ${TOKEN}`);

    const sent = await http<{ xml: string; report: { D: { name?: unknown } }; masked: boolean }>(
      app.url,
      'GET',
      `/v1/reports/anonymised/${done.id}`,
      { token: staff },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.xml).toBe(got[0]!.body);
    expect(sent.body.masked).toBe(true);
    expect(sent.body.report.D.name).toEqual({ nullFlavor: 'MSK' });
    expect(sent.body.xml).toContain('<name nullFlavor="MSK"/>');
    expect(sent.body.xml).not.toContain('<name>JD</name>');
    expect(sent.body.xml).toContain('VIGILO-NPC');

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity_id', 'in', [submission!.id, reportId])
      .where('action', 'in', ['submission.created', 'report.status_changed'])
      .orderBy('id')
      .execute();
    expect(audit.slice(-2).map((a) => a.action)).toEqual(['submission.created', 'report.status_changed']);
  });

  it("a negative acknowledgement makes the report REJECTED with the receiver's sentences", async () => {
    const fda = await addReceiver({ profile: 'fda', transport: https('/reject') });
    const res = await distribute(staff, { reportId: await readyCase(app, admin), resources: [fda.id] });
    const done = await settled(res.body[0]!.reports[0]!.id, 'REJECTED');
    expect(done).toMatchObject({
      ackCode: 'CR',
      ackErrors: ['Patient age is missing', 'Drug role is missing'],
    });
  });

  it('a receiver that is down is tried 3 times with backoff, then FAILED, and staff are emailed', async () => {
    const down = await addReceiver({ name: 'Partner down', profile: 'ich', transport: https('/down') });
    const res = await distribute(staff, { reportId: await readyCase(app, admin), resources: [down.id] });
    const report = res.body[0]!.reports[0]!;
    const done = await settled(report.id, 'FAILED', 30_000);
    expect(done.attempts).toBe(3);
    expect(done.httpStatus).toBe(503);
    expect(done.lastError).toBe('Attempt 3 of 3 failed (HTTP 503): Service unavailable');
    expect(receiver.requests.filter((r) => r.messageId === report.messageId)).toHaveLength(3);
    const mail = await app.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject'])
      .where('organisation_id', '=', home.organisationIds[0])
      .where('subject', '=', `Submission failed: ${report.messageId} to Partner down`)
      .execute();
    expect(mail.length).toBeGreaterThanOrEqual(2);
  }, 40_000);

  it('a refusal (HTTP 400) is FAILED at once: sending it again would only repeat it', async () => {
    const refusing = await addReceiver({ transport: https('/refuse') });
    const res = await distribute(staff, { reportId: await readyCase(app, admin), resources: [refusing.id] });
    const done = await settled(res.body[0]!.reports[0]!.id, 'FAILED');
    expect(done.attempts).toBe(1);
    expect(done.lastError).toBe('The receiver refused it (HTTP 400): Not an E2B message we take');
  });

  it('only a case ready to submit is distributed: 409 naming its status, and not twice', async () => {
    const r = await addReceiver({ transport: https('/accept') });
    const form = new FormData();
    form.append('file', new Blob([example('FAERS2022Scenario1.xml')], { type: 'application/xml' }), 'c.xml');
    const load = await http<E2bImportResult>(app.url, 'POST', '/v1/report/load', { token: admin, form });
    const early = await distribute(staff, { reportId: load.body.created[0]!.id, resources: [r.id] });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'INVALID_TRANSITION', meta: { current: 'received' } });
    const reportId = await readyCase(app, admin);
    expect((await distribute(staff, { reportId, resources: [r.id] })).status).toBe(201);
    const again = await distribute(staff, { reportId, resources: [r.id] });
    expect(again.status).toBe(409);
    expect(again.body.meta?.current).toBe('submitted');
  });

  it('refuses a receiver of another organisation, naming it; an assessor may not distribute', async () => {
    const theirs = await addReceiver({}, home, (await signedIn(app, home, 'organisation_admin', 1)).token, 1);
    const reportId = await readyCase(app, admin);
    const res = await distribute(staff, { reportId, resources: [theirs.id] });
    expect(res.status).toBe(400);
    expect(res.body.meta?.fields?.[0]?.field).toBe('body/resources/0');
    const assessor = (await signedIn(app, home, 'assessor')).token;
    expect((await distribute(assessor, { reportId, resources: [theirs.id] })).status).toBe(403);
  });

  it('Idempotency-Key: ten racing retries make one submission and answer it each time', async () => {
    const r = await addReceiver({ profile: 'ich', transport: https('/accept') });
    const reportId = await readyCase(app, admin);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        distribute(staff, { reportId, resources: [r.id] }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body[0]!.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    const rows = await app.db
      .selectFrom('submissions')
      .select('id')
      .where('report_id', '=', reportId)
      .execute();
    expect(rows).toHaveLength(1);
    const reused = await distribute(staff, { reportId, resources: [] }, { 'idempotency-key': key });
    expect(reused.status).toBe(400);
  });
});

describe('delivery at most once per message id', () => {
  const context = () => ({
    db: app.db,
    config: app.config,
    mailer: mailerFor(app.config, app.db, app.jobs),
    jobs: app.jobs,
  });

  it('two workers running the same delivery at once send it once', async () => {
    // The worker started in beforeAll takes the job too: three racers for one message.
    const r = await addReceiver({ transport: https('/accept') });
    const reportId = await readyCase(app, admin);
    const res = await distribute(staff, { reportId, resources: [r.id] });
    const id = res.body[0]!.reports[0]!.id;
    await Promise.allSettled([
      deliverSubmissionReport(context(), { submissionReportId: id }),
      deliverSubmissionReport(context(), { submissionReportId: id }),
    ]);
    const done = await settled(id, 'ACCEPTED');
    expect(receiver.requests.filter((q) => q.messageId === done.messageId)).toHaveLength(1);
    const claims = await app.db
      .selectFrom('submission_deliveries')
      .select(['state', 'attempts'])
      .where('submission_report_id', '=', id)
      .execute();
    expect(claims).toEqual([{ state: 'delivered', attempts: 1 }]);
  });

  it('after a worker died mid-send, the retry sends the same message id, which the receiver counts once', async () => {
    const r = await addReceiver({ transport: https('/accept') });
    const reportId = await readyCase(app, admin);
    const res = await distribute(staff, { reportId, resources: [r.id] });
    const report = res.body[0]!.reports[0]!;
    await settled(report.id, 'ACCEPTED');
    // The state a kill -9 after the send leaves: the claim still "sending", its lease run out,
    // the submission report not yet told.
    await app.db
      .updateTable('submission_deliveries')
      .set({ state: 'sending', lease_until: new Date(Date.now() - 1000) })
      .where('submission_report_id', '=', report.id)
      .execute();
    await app.db
      .updateTable('submission_reports')
      .set({ status: 'NOT_SENT' })
      .where('id', '=', report.id)
      .execute();
    await deliverSubmissionReport(context(), { submissionReportId: report.id });
    const sends = receiver.requests.filter((q) => q.messageId === report.messageId);
    expect(sends).toHaveLength(2);
    expect(sends[1]!.body).toBe(sends[0]!.body);
    expect([...receiver.accepted].filter((m) => m === report.messageId)).toHaveLength(1);
    expect((await readReport(report.id)).body.status).toBe('ACCEPTED');
  });

  it('a receiver that never answers is a failed attempt after the time-out', async () => {
    const transport = httpsTransport(
      app.config,
      { url: `${receiver.url}/silent`, auth: 'none', ca_certificate: receiver.certificate },
      {},
      300,
    );
    const outcome = await transport.deliver({ messageId: 'M-silent-1', xml: '<x/>' });
    expect(outcome).toEqual({ status: 'failed', httpStatus: null, body: 'No answer within 0.3 seconds' });
  });

  it('a certificate it was not told to trust is a failed attempt, nothing sent in clear', async () => {
    const transport = httpsTransport(
      app.config,
      { url: `${receiver.url}/accept`, auth: 'none', ca_certificate: null },
      {},
    );
    const outcome = await transport.deliver({ messageId: 'M-untrusted-1', xml: '<x/>' });
    expect(outcome.status).toBe('failed');
    expect(outcome.body).toMatch(/^The connection failed: self[- ]signed certificate/);
    expect(receiver.requests.filter((q) => q.messageId === 'M-untrusted-1')).toEqual([]);
  });
});

describe('reading and correcting submissions', () => {
  let fdaId: string;
  let euReport: SubmissionReport;
  let fdaReport: SubmissionReport;
  let submissionId: string;

  beforeAll(async () => {
    const fda = await addReceiver({ name: 'List FDA', profile: 'fda', transport: https('/accept') });
    fdaId = fda.id;
    // A receiver with no transport: its message is kept NOT_SENT, for staff to send by hand.
    const eu = await addReceiver({ name: 'List EU', profile: 'ich' });
    const res = await distribute(staff, {
      reportId: await readyCase(app, admin),
      resources: [fda.id, eu.id],
    });
    submissionId = res.body[0]!.id;
    euReport = res.body[0]!.reports.find((r) => r.receiverName === 'List EU')!;
    fdaReport = await settled(
      res.body[0]!.reports.find((r) => r.receiverName === 'List FDA')!.id,
      'ACCEPTED',
    );
  });

  it('lists submission reports overdue first, filtered by status, receiver and overdue, paged at 1 and 50', async () => {
    const all = await http<{ items: SubmissionReport[]; page: number; size: number; total: number }>(
      app.url,
      'GET',
      '/v1/submissions/reports',
      { token: staff },
    );
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, size: 50 });
    const flags = all.body.items.map((r) => r.overdue);
    expect(flags.indexOf(false)).toBeGreaterThan(flags.lastIndexOf(true));
    // The EU one was never sent and was due on 2022-06-29: overdue.
    const eu = all.body.items.find((r) => r.id === euReport.id)!;
    expect(eu).toMatchObject({ overdue: true, dueSoon: false, status: 'NOT_SENT' });
    expect(all.body.items.find((r) => r.id === fdaReport.id)!.overdue).toBe(false);

    const byReceiver = await http<{ items: SubmissionReport[]; total: number }>(
      app.url,
      'GET',
      `/v1/submissions/reports?receiverId=${fdaId}`,
      { token: staff },
    );
    expect(byReceiver.body.items.map((r) => r.id)).toEqual([fdaReport.id]);
    expect(byReceiver.body.total).toBe(1);
    const accepted = await http<{ items: SubmissionReport[] }>(
      app.url,
      'GET',
      `/v1/submissions/reports?status=ACCEPTED&overdue=true`,
      { token: staff },
    );
    expect(accepted.body.items).toEqual([]);

    const subs = await http<{ items: Submission[]; total: number }>(
      app.url,
      'GET',
      `/v1/submissions?receiverId=${fdaId}`,
      { token: staff },
    );
    expect(subs.body.items.map((s) => s.id)).toEqual([submissionId]);
    expect(subs.body.items[0]!.reports).toHaveLength(2);
    const one = await http<Submission>(app.url, 'GET', `/v1/submissions/${submissionId}`, { token: staff });
    expect(one.body.reports.map((r) => r.receiverName)).toEqual(['List EU', 'List FDA']);
    expect((await http(app.url, 'GET', '/v1/submissions/reports?size=501', { token: staff })).status).toBe(
      400,
    );
  });

  it('staff set a receiver status by hand with a reason, audited; an accepted one is final (409)', async () => {
    const path = `/v1/submissions/reports/${euReport.id}/receiver-status`;
    const noReason = await http(app.url, 'PUT', path, { token: staff, body: { status: 'IN_REVIEW' } });
    expect(noReason.status).toBe(400);
    const res = await http<SubmissionReport>(app.url, 'PUT', path, {
      token: staff,
      body: { status: 'IN_REVIEW', reason: 'Sent through the EMA web form by hand' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'IN_REVIEW',
      statusReason: 'Sent through the EMA web form by hand',
    });
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('entity_id', '=', euReport.id)
      .execute();
    expect(audit).toEqual([
      { action: 'submission_report.status_set', reason: 'Sent through the EMA web form by hand' },
    ]);
    const assessor = (await signedIn(app, home, 'assessor')).token;
    expect(
      (await http(app.url, 'PUT', path, { token: assessor, body: { status: 'FAILED', reason: 'x' } })).status,
    ).toBe(403);
    const final = await http<Answer<unknown>>(
      app.url,
      'PUT',
      `/v1/submissions/reports/${fdaReport.id}/receiver-status`,
      {
        token: staff,
        body: { status: 'FAILED', reason: 'mistake' },
      },
    );
    expect(final.status).toBe(409);
    expect(final.body.code).toBe('INVALID_TRANSITION');
    const bad = await http(app.url, 'PUT', path, {
      token: staff,
      body: { status: 'ACCEPTED', reason: 'no' },
    });
    expect(bad.status).toBe(400);
  });

  it('records the manually-processed reason, audited', async () => {
    const res = await http<SubmissionReport>(
      app.url,
      'PUT',
      `/v1/submissions/reports/${euReport.id}/manually-processed-reason`,
      { token: staff, body: { manuallyProcessedReason: 'EU gateway down; posted on 27 November' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.manuallyProcessedReason).toBe('EU gateway down; posted on 27 November');
  });

  it("counts the caller's submission reports by status, overdue and due soon", async () => {
    const lone = await createTenant(app.db);
    const loneAdmin = (await signedIn(app, lone, 'organisation_admin')).token;
    // The ICH profile: the EU profile refuses FDA scenario 1 (no EDQM terms, decision 0232).
    const r = await addReceiver({ transport: https('/accept') }, lone, loneAdmin);
    const sent = await distribute(loneAdmin, {
      reportId: await readyCase(app, loneAdmin),
      resources: [r.id],
    });
    expect(sent.status).toBe(201);
    const res = await http(app.url, 'GET', '/v1/users/@me/submission-report-summary', { token: loneAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 1,
      byStatus: { NOT_SENT: 1, SENT: 0, IN_REVIEW: 0, ACCEPTED: 0, REJECTED: 0, FAILED: 0 },
      overdue: 1,
      dueSoon: 0,
    });
    const reporter = (await signedIn(app, lone, 'reporter')).token;
    expect(
      (await http(app.url, 'GET', '/v1/users/@me/submission-report-summary', { token: reporter })).status,
    ).toBe(403);
  });

  it("another organisation's or platform's submissions are not found; a two-organisation user sees its own", async () => {
    const other = (await signedIn(app, home, 'organisation_staff', 1)).token;
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    for (const token of [other, stranger]) {
      expect((await readReport(euReport.id, token)).status).toBe(404);
      expect((await http(app.url, 'GET', `/v1/submissions/${submissionId}`, { token })).status).toBe(404);
      expect((await http(app.url, 'GET', `/v1/reports/anonymised/${euReport.id}`, { token })).status).toBe(
        404,
      );
      const path = `/v1/submissions/reports/${euReport.id}/receiver-status`;
      expect(
        (await http(app.url, 'PUT', path, { token, body: { status: 'FAILED', reason: 'x' } })).status,
      ).toBe(404);
      const list = await http<{ items: SubmissionReport[] }>(app.url, 'GET', '/v1/submissions/reports', {
        token,
      });
      expect(list.body.items.map((r) => r.id)).not.toContain(euReport.id);
    }
    const two = await signedInToTwo(app, home, ['assessor', 'organisation_staff']);
    expect((await readReport(euReport.id, two.token)).status).toBe(200);
    const reportId = await readyCase(app, admin);
    const r = await addReceiver({ transport: https('/accept') });
    // Assessor in A: reads A's submissions but does not distribute A's cases.
    expect((await distribute(two.token, { reportId, resources: [r.id] })).status).toBe(403);
  });
});

describe('the review, signed', () => {
  let reportId: string;
  let assessor: { token: string; userId: string };

  beforeAll(async () => {
    const r = await addReceiver({ profile: 'ich' });
    const res = await distribute(staff, { reportId: await readyCase(app, admin), resources: [r.id] });
    reportId = res.body[0]!.reports[0]!.id;
    const made = await signedIn(app, home, 'assessor');
    assessor = { token: made.token, userId: made.user.id };
  });

  const review = (token: string, body: unknown) =>
    http<Answer<SubmissionReport>>(app.url, 'PUT', `/v1/submissions/reports/${reportId}/review`, {
      token,
      body,
    });

  it('a wrong password signs nothing and is audited', async () => {
    const res = await review(assessor.token, { reviewStatus: 'APPROVED', password: 'not my password' });
    expect(res.status).toBe(400);
    expect(res.body.meta?.fields?.[0]).toMatchObject({ field: 'body/password', reason: 'wrongPassword' });
    const read = await http<{ reviewStatus: string; signature: unknown }>(
      app.url,
      'GET',
      `/v1/submissions/reports/${reportId}/review`,
      { token: staff },
    );
    expect(read.body).toEqual({
      reviewStatus: 'PENDING',
      approvalComment: null,
      rejectionComment: null,
      signature: null,
    });
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details'])
      .where('entity_id', '=', reportId)
      .where('action', '=', 'submission_report.signature_refused')
      .execute();
    expect(audit).toEqual([
      {
        action: 'submission_report.signature_refused',
        actor_user_id: assessor.userId,
        details: { method: 'password', reviewStatus: 'APPROVED' },
      },
    ]);
  });

  it("the assessor's password signs: name, UTC time and meaning are kept and shown", async () => {
    const before = Date.now();
    const res = await review(assessor.token, {
      reviewStatus: 'APPROVED',
      approvalComment: 'Coding and narrative checked',
      password: 'correct horse battery staple',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reviewStatus: 'APPROVED',
      approvalComment: 'Coding and narrative checked',
    });
    expect(res.body.signature).toMatchObject({
      signerId: assessor.userId,
      signerName: 'Test assessor',
      meaning: 'approved for submission',
      method: 'password',
    });
    expect(res.body.signature!.signedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(res.body.signature!.signedAt)).toBeGreaterThanOrEqual(before - 5_000);
    const read = await http<{ signature: { meaning: string } }>(
      app.url,
      'GET',
      `/v1/submissions/reports/${reportId}/review`,
      { token: staff },
    );
    expect(read.body.signature.meaning).toBe('approved for submission');
  });

  it('an authenticator code signs too; a wrong one is refused and audited', async () => {
    const r = await addReceiver({ profile: 'ich' });
    const made = await distribute(staff, { reportId: await readyCase(app, admin), resources: [r.id] });
    const id = made.body[0]!.reports[0]!.id;
    // The platform offers authenticator apps (an administrator's setting; set here as a fixture).
    await app.db
      .updateTable('platforms')
      .set({ mfa_methods: ['totp'] })
      .where('id', '=', home.platformId)
      .execute();
    const signer = await signedIn(app, home, 'assessor');
    const secret = await enableTotp(app, signer.token, TEST_PASSWORD);
    const path = `/v1/submissions/reports/${id}/review`;
    const wrong = await http<Answer<unknown>>(app.url, 'PUT', path, {
      token: signer.token,
      body: {
        reviewStatus: 'REJECTED',
        rejectionComment: 'Narrative contradicts the dates',
        totpCode: '000000',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta?.fields?.[0]?.field).toBe('body/code');
    const res = await http<SubmissionReport>(app.url, 'PUT', path, {
      token: signer.token,
      body: {
        reviewStatus: 'REJECTED',
        rejectionComment: 'Narrative contradicts the dates',
        totpCode: await totpCode(secret, 1),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reviewStatus: 'REJECTED',
      rejectionComment: 'Narrative contradicts the dates',
    });
    expect(res.body.signature).toMatchObject({ meaning: 'rejected for submission', method: 'totp' });
    const refused = await app.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', id)
      .where('action', '=', 'submission_report.signature_refused')
      .execute();
    expect(refused).toEqual([{ details: { method: 'totp', reviewStatus: 'REJECTED' } }]);
  });

  it('refuses what is not a signature: no proof, both proofs, a rejection without its comment; staff may not sign', async () => {
    for (const [body, field] of [
      [{ reviewStatus: 'APPROVED' }, 'body/password'],
      [{ reviewStatus: 'APPROVED', password: 'a', totpCode: '123456' }, 'body/password'],
      [{ reviewStatus: 'REJECTED', password: 'correct horse battery staple' }, 'body/rejectionComment'],
    ] as const) {
      const res = await review(assessor.token, body);
      expect(res.status).toBe(400);
      expect(res.body.meta?.fields?.[0]?.field).toBe(field);
    }
    expect(
      (await review(staff, { reviewStatus: 'APPROVED', password: 'correct horse battery staple' })).status,
    ).toBe(403);
    const stranger = (await signedIn(app, foreign, 'assessor')).token;
    expect((await review(stranger, { reviewStatus: 'APPROVED', password: 'x' })).status).toBe(404);
  });
});

describe('POST /v1/submissions/responses', () => {
  let messageId: string;
  let submissionReportId: string;

  beforeAll(async () => {
    // No transport: sent by hand (staff say so), its acknowledgement comes another way.
    const r = await addReceiver({ profile: 'ich' });
    const res = await distribute(staff, { reportId: await readyCase(app, admin), resources: [r.id] });
    messageId = res.body[0]!.reports[0]!.messageId;
    submissionReportId = res.body[0]!.reports[0]!.id;
    const byHand = await http(
      app.url,
      'PUT',
      `/v1/submissions/reports/${submissionReportId}/receiver-status`,
      {
        token: staff,
        body: { status: 'IN_REVIEW', reason: 'Sent through the FDA portal by hand; in review there' },
      },
    );
    expect(byHand.status).toBe(200);
  });

  it('an acknowledgement of a message not sent yet is kept unmatched and never makes it ACCEPTED', async () => {
    const r = await addReceiver({ profile: 'ich' });
    const res = await distribute(staff, { reportId: await readyCase(app, admin), resources: [r.id] });
    const unsent = res.body[0]!.reports[0]!;
    const answer = await post(staff, { ack: ackFor(unsent.messageId) });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      matched: false,
      problem: `It names messages that were never sent (not sent yet, or waiting for approval): ${unsent.messageId}`,
      results: [{ messageId: unsent.messageId, submissionReportId: null, status: null }],
    });
    expect((await readReport(unsent.id)).body).toMatchObject({
      status: 'NOT_SENT',
      ackCode: null,
      sentAt: null,
    });
  });

  const post = (token: string, body: unknown) =>
    http<
      Answer<{ id: string; matched: boolean; malformed: boolean; problem: string | null; results: unknown[] }>
    >(app.url, 'POST', '/v1/submissions/responses', { token, body });

  it('a negative acknowledgement naming the message makes its report REJECTED with the errors', async () => {
    const res = await post(staff, { ack: ackFor(messageId, 'Patient age is missing; Drug role is missing') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      matched: true,
      malformed: false,
      problem: null,
      results: [
        {
          messageId,
          submissionReportId,
          status: 'REJECTED',
          errors: ['Patient age is missing', 'Drug role is missing'],
        },
      ],
    });
    expect((await readReport(submissionReportId)).body).toMatchObject({ status: 'REJECTED', ackCode: 'CR' });
  });

  it('keeps and flags an acknowledgement naming no message of the organisation, and one that cannot be read', async () => {
    const unknown = await post(staff, { ack: ackFor('NOT-OURS-1') });
    expect(unknown.status).toBe(201);
    expect(unknown.body).toMatchObject({
      matched: false,
      malformed: false,
      problem: 'It names messages Vigilo did not send for this organisation: NOT-OURS-1',
    });
    const broken = await post(staff, { ack: '<MCCI_IN200101UV01 xmlns="urn:hl7-org:v3"><id' });
    expect(broken.status).toBe(201);
    expect(broken.body).toMatchObject({ matched: false, malformed: true });
    expect(broken.body.problem).toMatch(/^It cannot be read as an ICH acknowledgement: /);
    const kept = await app.db
      .selectFrom('submission_responses')
      .select(['matched', 'malformed'])
      .where('id', 'in', [unknown.body.id, broken.body.id])
      .orderBy('created_at')
      .execute();
    expect(kept).toEqual([
      { matched: false, malformed: false },
      { matched: false, malformed: true },
    ]);
  });

  it("another organisation's staff cannot touch this organisation's reports by naming their message id", async () => {
    const other = (await signedIn(app, home, 'organisation_staff', 1)).token;
    const res = await post(other, { ack: ackFor(messageId) });
    expect(res.body).toMatchObject({ matched: false, results: [{ messageId, submissionReportId: null }] });
    expect((await readReport(submissionReportId)).body.status).toBe('REJECTED');
    const stranger = (await signedIn(app, foreign, 'organisation_staff')).token;
    expect(
      (await post(stranger, { ack: ackFor(messageId), organisationId: home.organisationIds[0] })).status,
    ).toBe(404);
    const assessor = (await signedIn(app, home, 'assessor')).token;
    expect((await post(assessor, { ack: ackFor(messageId) })).status).toBe(403);
  });
});
