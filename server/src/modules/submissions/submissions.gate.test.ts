import type { SubmissionReport } from '@vigilo/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  eventually,
  http,
  signedIn,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { type Answer, addReceiver, distribute, httpsTo, readyCase } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { submissionsArea } from './submissions.area.ts';

/**
 * A receiver that requires review (decision 0193): its message waits, NOT_SENT and with no
 * delivery job, until an assessor signs an approval; the approval enqueues the delivery in
 * its own transaction, once. A rejection keeps it unsent; a later approval sends it.
 */
let app: TestApp;
let receiver: TestReceiver;
let home: TestTenant;
let admin: string;
let assessor: string;

beforeAll(async () => {
  receiver = await startTestReceiver();
  app = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost', SUBMISSION_RETRY_DELAY_SECONDS: '1' });
  await app.jobs.work(
    submissionsArea.jobs({ db: app.db, config: app.config, mailer: mailerFor(app.config, app.db, app.jobs) }),
  );
  home = await createTenant(app.db);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  assessor = (await signedIn(app, home, 'assessor')).token;
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

/** The delivery jobs pg-boss holds for a submission report, whatever their state. */
const jobsFor = async (id: string) => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from pgboss.job
    where data->>'submissionReportId' = ${id}`.execute(app.db);
  return Number(rows[0]!.n);
};
const read = (id: string) =>
  http<Answer<SubmissionReport>>(app.url, 'GET', `/v1/submissions/reports/${id}`, { token: admin });
const review = (id: string, body: Record<string, unknown>) =>
  http<Answer<SubmissionReport>>(app.url, 'PUT', `/v1/submissions/reports/${id}/review`, {
    token: assessor,
    body: { password: TEST_PASSWORD, ...body },
  });

describe('a receiver that requires review', () => {
  it('holds the message until an assessor approves; the approval sends it once', async () => {
    const gated = await addReceiver(app, admin, home.organisationIds[0], {
      name: 'Partner with review',
      requiresReview: true,
      transport: httpsTo(receiver, '/accept'),
    });
    const open = await addReceiver(app, admin, home.organisationIds[0], {
      name: 'Partner without review',
      transport: httpsTo(receiver, '/accept'),
    });
    const reportId = await readyCase(app, admin);
    const res = await distribute(app, admin, { reportId, resources: [gated.id, open.id] });
    expect(res.status).toBe(201);
    const byName = Object.fromEntries(res.body[0]!.reports.map((r) => [r.receiverName, r]));
    const held = byName['Partner with review']!;
    expect(held).toMatchObject({
      status: 'NOT_SENT',
      reviewStatus: 'PENDING',
      reviewRequired: true,
      valid: true,
      statusReason:
        "Waiting for an assessor's signed approval: the receiver asks for one before anything is sent",
    });
    expect(byName['Partner without review']).toMatchObject({ reviewRequired: false, statusReason: null });
    // The case was submitted; the other receiver's message goes at once, this one has no job.
    const kase = await http<{ status: string }>(app.url, 'GET', `/v1/reports/${reportId}`, { token: admin });
    expect(kase.body.status).toBe('submitted');
    await eventually(async () => {
      expect((await read(byName['Partner without review']!.id)).body.status).toBe('ACCEPTED');
    }, 15_000);
    expect(await jobsFor(held.id)).toBe(0);

    // A wrong password signs nothing and sends nothing.
    const wrong = await review(held.id, { reviewStatus: 'APPROVED', password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(await jobsFor(held.id)).toBe(0);

    // A rejection keeps it unsent, saying why.
    const rejected = await review(held.id, {
      reviewStatus: 'REJECTED',
      rejectionComment: 'Narrative incomplete',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'NOT_SENT',
      reviewStatus: 'REJECTED',
      statusReason: 'Not sent: the assessor rejected it (Narrative incomplete)',
    });
    expect(await jobsFor(held.id)).toBe(0);

    // The approval enqueues the delivery in its transaction; the receiver gets it once.
    const approved = await review(held.id, { reviewStatus: 'APPROVED', approvalComment: 'Fixed' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ reviewStatus: 'APPROVED', statusReason: null });
    expect(await jobsFor(held.id)).toBe(1);
    const accepted = await eventually(async () => {
      const now = await read(held.id);
      expect(now.body.status).toBe('ACCEPTED');
      return now.body;
    }, 15_000);
    expect(accepted.signature).toMatchObject({ meaning: 'approved for submission', method: 'password' });
    expect(receiver.requests.filter((r) => r.messageId === held.messageId)).toHaveLength(1);
    // Approved again: nothing more is enqueued.
    expect((await review(held.id, { reviewStatus: 'APPROVED' })).status).toBe(200);
    expect(await jobsFor(held.id)).toBe(1);

    const audits = await app.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('entity_id', '=', held.id)
      .orderBy('at')
      .execute();
    expect(
      audits.map((a) => [a.action, (a.details as { deliveryQueued?: boolean } | null)?.deliveryQueued]),
    ).toEqual([
      ['submission_report.signature_refused', undefined],
      ['submission_report.reviewed', false],
      ['submission_report.reviewed', true],
      ['submission_report.reviewed', undefined],
    ]);
  });

  it('a second approval while the first one’s delivery is still trying enqueues nothing more', async () => {
    // The receiver is down: the message stays NOT_SENT while its job retries.
    const gated = await addReceiver(app, admin, home.organisationIds[0], {
      requiresReview: true,
      transport: httpsTo(receiver, '/down'),
    });
    const reportId = await readyCase(app, admin);
    const held = (await distribute(app, admin, { reportId, resources: [gated.id] })).body[0]!.reports[0]!;
    expect((await review(held.id, { reviewStatus: 'APPROVED' })).status).toBe(200);
    expect(await jobsFor(held.id)).toBe(1);
    const again = await review(held.id, { reviewStatus: 'APPROVED', approvalComment: 'Still fine' });
    expect(again.body.status).toBe('NOT_SENT');
    expect(await jobsFor(held.id)).toBe(1);
  });

  it('an invalid message is never sent, approved or not', async () => {
    // The EU profile refuses FDA scenario 1 as decision 0171's test shows; approval changes nothing.
    const gated = await addReceiver(app, admin, home.organisationIds[0], {
      profile: 'eu',
      requiresReview: true,
      transport: httpsTo(receiver, '/accept'),
    });
    const reportId = await readyCase(app, admin);
    const res = await distribute(app, admin, { reportId, resources: [gated.id] });
    const report = res.body[0]!.reports[0]!;
    expect(report).toMatchObject({ valid: false, reviewRequired: false, status: 'NOT_SENT' });
    expect((await review(report.id, { reviewStatus: 'APPROVED' })).status).toBe(200);
    expect(await jobsFor(report.id)).toBe(0);
  });
});
