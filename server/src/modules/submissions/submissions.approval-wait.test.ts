import type {
  CaseAuditEntry,
  ReportCase,
  SubmissionReport,
  SubmissionReportStatusChange,
} from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestReceiver } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  TEST_PASSWORD,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { type Answer, addReceiver, distribute, httpsTo, readyCase } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { deliverSubmissionReport } from './submissions.delivery.ts';

/**
 * Issue 25 item 1 (decision 0251): a case whose message waits for an assessor's approval stays
 * ready to submit with its clock running; the first message actually sent makes it submitted.
 * The delivery is run here by hand, so nothing leaves between the steps.
 */
const receiver = useTestReceiver();
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost' });
let home: TestTenant;
let admin: string;
let assessor: string;

beforeAll(async () => {
  home = await createTenant(app.db);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  assessor = (await signedIn(app, home, 'assessor')).token;
});

const caseOf = (token: string, id: string) =>
  http<ReportCase>(app.url, 'GET', `/v1/reports/${id}`, { token });
const review = (token: string, id: string, body: Record<string, unknown>) =>
  http<Answer<SubmissionReport>>(app.url, 'PUT', `/v1/submissions/reports/${id}/review`, {
    token,
    body: { password: TEST_PASSWORD, ...body },
  });
const deliver = (submissionReportId: string) =>
  deliverSubmissionReport(
    { db: app.db, config: app.config, mailer: mailerFor(app.config, app.db, app.jobs), jobs: app.jobs },
    { submissionReportId },
  );

/** A case distributed to a receiver that asks for review; answers the case and its held message. */
async function heldCase(token = admin, organisationIndex: 0 | 1 = 0) {
  const gated = await addReceiver(app, token, home.organisationIds[organisationIndex]!, {
    requiresReview: true,
    transport: httpsTo(receiver, '/accept'),
  });
  const reportId = await readyCase(app, token, organisationIndex ? home.organisationIds[1] : undefined);
  const res = await distribute(app, token, { reportId, resources: [gated.id] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { reportId, message: res.body[0]!.reports[0]! };
}

describe('a case waiting for an assessor’s approval', () => {
  it('stays ready to submit with its clock running until the approved message is actually sent', async () => {
    const { reportId, message } = await heldCase();
    expect(message).toMatchObject({ status: 'NOT_SENT', reasonCode: 'awaiting_approval', sentAt: null });

    const waiting = (await caseOf(admin, reportId)).body;
    expect(waiting.status).toBe('ready_to_submit');
    expect(waiting.awaitingApproval).toBe(true);
    expect(waiting.clock.running).toBe(true);
    expect(waiting.clock.daysLeft).not.toBeNull();

    // Signed: on its way, but not sent yet: still ready to submit, clock running.
    const signed = await review(assessor, message.id, { reviewStatus: 'APPROVED' });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.reasonCode).toBe('queued');
    const approved = (await caseOf(admin, reportId)).body;
    expect([approved.status, approved.awaitingApproval, approved.clock.running]).toEqual([
      'ready_to_submit',
      false,
      true,
    ]);

    await deliver(message.id);
    expect(receiver.requests.filter((r) => r.messageId === message.messageId)).toHaveLength(1);
    // The history's first step says why as a code too, for the reader's language (decision 0312).
    const steps = await http<SubmissionReportStatusChange[]>(
      app.url,
      'GET',
      `/v1/submissions/reports/${message.id}/history`,
      { token: admin },
    );
    expect(steps.body.map((h) => [h.status, h.source, h.reasonCode])).toEqual([
      ['NOT_SENT', 'distribution', 'awaiting_approval'],
      ['ACCEPTED', 'delivery', null],
    ]);
    const sent = (await caseOf(admin, reportId)).body;
    expect([sent.status, sent.clock.running]).toEqual(['submitted', false]);
    const history = await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${reportId}/audit`, {
      token: admin,
    });
    expect(history.body.at(-1)).toMatchObject({
      action: 'report.status_changed',
      summary: 'Status changed: ready to submit → submitted',
      actor: null,
    });
  });

  it('refuses a manual move to submitted while the message waits (409 AWAITING_APPROVAL), nothing changed', async () => {
    const { reportId } = await heldCase();
    const before = (await caseOf(admin, reportId)).body;
    // An organisation administrator on a case ready to submit: back to verified or nullified, not submitted.
    expect(before.allowedTransitions).toEqual(['verified', 'nullified']);
    const audit = (
      await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${reportId}/audit`, { token: admin })
    ).body;

    const res = await http<Answer<ReportCase>>(app.url, 'PUT', `/v1/reports/${reportId}/status`, {
      token: admin,
      body: { status: 'submitted' },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('AWAITING_APPROVAL');
    expect(res.body.message).toBe(
      "The case's message waits for an assessor's signed approval: it becomes submitted when the approved message is sent",
    );
    expect(res.body.meta).toEqual({
      current: 'ready_to_submit',
      requested: 'submitted',
      allowed: ['verified', 'nullified'],
    });

    const after = (await caseOf(admin, reportId)).body;
    expect([after.status, after.version, after.reportVersion, after.updatedAt, after.clock.running]).toEqual([
      'ready_to_submit',
      before.version,
      before.reportVersion,
      before.updatedAt,
      true,
    ]);
    const auditAfter = await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${reportId}/audit`, {
      token: admin,
    });
    expect(auditAfter.body).toHaveLength(audit.length);
  });

  it('a case distributed to a receiver without review is submitted at once, as before', async () => {
    const open = await addReceiver(app, admin, home.organisationIds[0]!, {
      transport: httpsTo(receiver, '/accept'),
    });
    const reportId = await readyCase(app, admin);
    expect((await distribute(app, admin, { reportId, resources: [open.id] })).status).toBe(201);
    expect((await caseOf(admin, reportId)).body.status).toBe('submitted');
  });

  it('refuses the approval (409, nothing signed) when the case has moved back since its message was written', async () => {
    const { reportId, message } = await heldCase();
    await http(app.url, 'PUT', `/v1/reports/${reportId}/status`, {
      token: admin,
      body: { status: 'verified' },
    });
    const res = await review(assessor, message.id, { reviewStatus: 'APPROVED' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    const read = await http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${message.id}`, {
      token: admin,
    });
    expect([read.body.reviewStatus, read.body.signature, read.body.reasonCode]).toEqual([
      'PENDING',
      null,
      'awaiting_approval',
    ]);
  });

  it('another organisation of the platform and another platform cannot approve: 404, nothing signed', async () => {
    const { message } = await heldCase();
    const elsewhere = await createTenant(app.db);
    for (const stranger of [
      await signedIn(app, home, 'assessor', 1),
      await signedIn(app, elsewhere, 'assessor'),
    ]) {
      expect((await review(stranger.token, message.id, { reviewStatus: 'APPROVED' })).status).toBe(404);
    }
    const read = await http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${message.id}`, {
      token: admin,
    });
    expect(read.body.reviewStatus).toBe('PENDING');
  });

  it('a user of two organisations sees the wait on the case of either, and nothing of a third', async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const { reportId } = await heldCase(two.token, 1);
    const c = await caseOf(two.token, reportId);
    expect([c.status, c.body.status, c.body.awaitingApproval]).toEqual([200, 'ready_to_submit', true]);
    const third = await signedIn(app, two.thirdTenant, 'organisation_admin');
    expect((await caseOf(third.token, reportId)).status).toBe(404);
  });
});
