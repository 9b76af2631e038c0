import type {
  Acknowledgement,
  CaseAuditEntry,
  ReportCase,
  SubmissionReport,
  SubmissionResponse,
} from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ackFor, useTestReceiver } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { addReceiver, distribute, httpsTo, readyCase } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { deliverSubmissionReport } from '../submissions/submissions.delivery.ts';

/**
 * Issue 25 item 2, issue 24 §4, issue 26 item 9 (decision 0252): one acknowledgement path.
 * Recorded on the case's E2B(R3) tab or on "Acknowledgements received", an acknowledgement is
 * matched by message id and sets the submission's status; a rejection brings the case back to
 * the inbox; a message never sent is never acknowledged; one naming another case is not
 * recorded against the chosen case unless the user confirms.
 */
const receiver = useTestReceiver();
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost' });
let home: TestTenant;
let foreign: TestTenant;
let admin: string;

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
});

const deliver = (submissionReportId: string) =>
  deliverSubmissionReport(
    { db: app.db, config: app.config, mailer: mailerFor(app.config, app.db, app.jobs), jobs: app.jobs },
    { submissionReportId },
  );
const caseOf = (id: string, token = admin) =>
  http<ReportCase>(app.url, 'GET', `/v1/reports/${id}`, { token });
const message = (id: string, token = admin) =>
  http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${id}`, { token });
const onCase = (token: string, body: Record<string, unknown>) =>
  http<Acknowledgement & { code?: string; meta?: { messageIds?: string[] } }>(
    app.url,
    'POST',
    '/v1/acknowledgements',
    { token, body },
  );
const received = (token: string, ack: string, organisationId?: string) =>
  http<SubmissionResponse>(app.url, 'POST', '/v1/submissions/responses', {
    token,
    body: { ack, ...(organisationId ? { organisationId } : {}) },
  });

/** A case sent to the test receiver at `path`, delivered; answers the case and its message. */
async function sentCase(
  path: string,
  options: { requiresReview?: boolean; token?: string; org?: 0 | 1 } = {},
) {
  const token = options.token ?? admin;
  const org = options.org ?? 0;
  const to = await addReceiver(app, token, home.organisationIds[org]!, {
    transport: httpsTo(receiver, path),
    ...(options.requiresReview ? { requiresReview: true } : {}),
  });
  const reportId = await readyCase(app, token, org ? home.organisationIds[1] : undefined);
  const res = await distribute(app, token, { reportId, resources: [to.id] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const sent = res.body[0]!.reports[0]!;
  if (!options.requiresReview) await deliver(sent.id);
  return { reportId, sent };
}

describe('one acknowledgement path', () => {
  it("a rejection answered at delivery brings the case back to the inbox as 'rejected: needs correction'", async () => {
    const { reportId, sent } = await sentCase('/reject');
    expect((await message(sent.id)).body.status).toBe('REJECTED');
    const c = (await caseOf(reportId)).body;
    expect([c.status, c.attention?.kind, c.clock.running]).toEqual(['in_triage', 'rejected', true]);
    const audit = await http<CaseAuditEntry[]>(app.url, 'GET', `/v1/reports/${reportId}/audit`, {
      token: admin,
    });
    expect(audit.body.at(-1)).toMatchObject({
      action: 'report.status_changed',
      reason: 'Rejected by the receiver (CR): needs correction',
      // The reason as a code too, for the web to say in the reader's language (decision 0312).
      reasonCode: 'receiver_rejected',
      acknowledgementCode: 'CR',
    });
    expect(audit.body[0]).toMatchObject({ reasonCode: null, acknowledgementCode: null });
  });

  it("recorded on the case's tab, a later rejection sets the submission REJECTED and the case back in triage", async () => {
    const { reportId, sent } = await sentCase('/accept');
    expect((await message(sent.id)).body.status).toBe('ACCEPTED');
    expect((await caseOf(reportId)).body.status).toBe('submitted');

    const res = await onCase(admin, { reportId, ack: ackFor(sent.messageId, 'Patient age is missing') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.reportCode).toBe('CR');
    const now = (await message(sent.id)).body;
    expect([now.status, now.ackCode, now.ackErrors]).toEqual(['REJECTED', 'CR', ['Patient age is missing']]);
    const c = (await caseOf(reportId)).body;
    expect([c.status, c.attention?.kind]).toEqual(['in_triage', 'rejected']);
    // Kept among the organisation's responses too, matched.
    const kept = await app.db
      .selectFrom('submission_responses')
      .select(['matched', 'submission_report_id'])
      .where('organisation_id', '=', home.organisationIds[0]!)
      .where('submission_report_id', '=', sent.id)
      .execute();
    expect(kept).toEqual([{ matched: true, submission_report_id: sent.id }]);
  });

  it('recorded on "Acknowledgements received", the same rejection does the same', async () => {
    const { reportId, sent } = await sentCase('/accept');
    const res = await received(
      admin,
      ackFor(sent.messageId, 'Drug role is missing'),
      home.organisationIds[0],
    );
    expect(res.status).toBe(201);
    expect(res.body.matched).toBe(true);
    expect((await message(sent.id)).body.status).toBe('REJECTED');
    const c = (await caseOf(reportId)).body;
    expect([c.status, c.attention?.kind]).toEqual(['in_triage', 'rejected']);
  });

  it('an acknowledgement of a message never sent (waiting for approval) is kept unmatched and accepts nothing', async () => {
    const { reportId, sent } = await sentCase('/accept', { requiresReview: true });
    const res = await received(admin, ackFor(sent.messageId), home.organisationIds[0]);
    expect(res.status).toBe(201);
    expect(res.body.matched).toBe(false);
    expect(res.body.problem).toBe(
      `It names messages that were never sent (not sent yet, or waiting for approval): ${sent.messageId}`,
    );
    const now = (await message(sent.id)).body;
    expect([now.status, now.sentAt, now.ackCode]).toEqual(['NOT_SENT', null, null]);
    // On the case's tab the same: recorded on the case (it names it), the submission untouched.
    const tab = await onCase(admin, { reportId, ack: ackFor(sent.messageId) });
    expect(tab.status).toBe(201);
    expect((await message(sent.id)).body.status).toBe('NOT_SENT');
    expect((await caseOf(reportId)).body.status).toBe('ready_to_submit');
  });

  it("an acknowledgement naming another case's message warns (409) and records nothing unless confirmed", async () => {
    const first = await sentCase('/accept');
    const other = await readyCase(app, admin);
    const warned = await onCase(admin, { reportId: other, ack: ackFor(first.sent.messageId, 'Wrong') });
    expect(warned.status).toBe(409);
    expect(warned.body.code).toBe('ACK_OTHER_MESSAGE');
    expect(warned.body.meta?.messageIds).toEqual([first.sent.messageId]);
    expect((await message(first.sent.id)).body.status).toBe('ACCEPTED');
    const listed = await http<Acknowledgement[]>(app.url, 'GET', `/v1/acknowledgements/report/${other}`, {
      token: admin,
    });
    expect(listed.body).toEqual([]);
    // Confirmed: recorded against the chosen case, no submission changed.
    const confirmed = await onCase(admin, {
      reportId: other,
      ack: ackFor(first.sent.messageId, 'Wrong'),
      confirm: true,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.reportCode).toBeNull();
    expect((await message(first.sent.id)).body.status).toBe('ACCEPTED');
    expect((await caseOf(first.reportId)).body.status).toBe('submitted');
  });

  it('the organisation next door and another platform change nothing of ours', async () => {
    const { reportId, sent } = await sentCase('/accept');
    const neighbour = (await signedIn(app, home, 'organisation_admin', 1)).token;
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    for (const token of [neighbour, stranger])
      expect(
        (await onCase(token, { reportId, ack: ackFor(sent.messageId, 'x'), confirm: true })).status,
      ).toBe(404);
    // Posted as their own organisation's response, our message id is no message of theirs.
    const next = await received(neighbour, ackFor(sent.messageId, 'x'), home.organisationIds[1]);
    expect([next.status, next.body.matched]).toEqual([201, false]);
    expect((await received(stranger, ackFor(sent.messageId, 'x'), home.organisationIds[0])).status).toBe(404);
    expect((await message(sent.id)).body.status).toBe('ACCEPTED');
    expect((await caseOf(reportId)).body.status).toBe('submitted');
  });

  it('a user of two organisations records on the case of the second, and it moves that case only', async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const { reportId, sent } = await sentCase('/accept', { token: two.token, org: 1 });
    const res = await onCase(two.token, { reportId, ack: ackFor(sent.messageId, 'Missing age') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await message(sent.id, two.token)).body.status).toBe('REJECTED');
    expect((await caseOf(reportId, two.token)).body.status).toBe('in_triage');
    const third = (await signedIn(app, two.thirdTenant, 'organisation_admin')).token;
    expect((await onCase(third, { reportId, ack: ackFor(sent.messageId) })).status).toBe(404);
  });
});
