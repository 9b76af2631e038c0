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
import {
  type Answer,
  addReceiver,
  distribute,
  httpsTo,
  readyCase,
  readyCaseOf,
  scenario1,
} from '../../../test/submissions.ts';
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
    submissionsArea.jobs({
      db: app.db,
      config: app.config,
      mailer: mailerFor(app.config, app.db, app.jobs),
      jobs: app.jobs,
    }),
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

  it("the gate checks EU routes against the server's EDQM list, as the E2B routes do", async () => {
    // A code written as EDQM writes its terms (ROA-…) but is no term the server holds: only the list
    // the server hands the profile can refuse it (decision 0232).
    const xml = scenario1.replace('routeCode code="001"', 'routeCode code="ROA-99999999"');
    const eu = await addReceiver(app, admin, home.organisationIds[0], {
      profile: 'eu',
      transport: httpsTo(receiver, '/accept'),
    });
    const { id: reportId } = await readyCaseOf(app, admin, undefined, xml);
    const refused = await distribute(app, admin, { reportId, resources: [eu.id] });
    expect(refused.status).toBe(409);
    const findings = (
      refused.body.meta as { messages: { findings: { rule: string; dataElement: string }[] }[] }
    ).messages[0]!.findings;
    expect(findings).toContainEqual(
      expect.objectContaining({ rule: 'EU-EDQM-ROUTE', dataElement: 'G.k.4.r.10.2b' }),
    );
  });

  it('an invalid message is never sent: not distributed (409), and not approved when one was stored', async () => {
    // The EU profile refuses FDA scenario 1 (EDQM terms missing): the distribution stops (decision 0244).
    const gated = await addReceiver(app, admin, home.organisationIds[0], {
      profile: 'eu',
      requiresReview: true,
      transport: httpsTo(receiver, '/accept'),
    });
    const reportId = await readyCase(app, admin);
    const refused = await distribute(app, admin, { reportId, resources: [gated.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MESSAGE_INVALID');
    // A message stored before the gate (decision 0244) with an error: the approval is refused,
    // the findings in words with their fields, and nothing is signed or enqueued.
    const review_ = await addReceiver(app, admin, home.organisationIds[0], {
      name: 'Partner with review, ICH',
      requiresReview: true,
      transport: httpsTo(receiver, '/accept'),
    });
    const res = await distribute(app, admin, { reportId, resources: [review_.id] });
    expect(res.status).toBe(201);
    const report = res.body[0]!.reports[0]!;
    const stored = await app.db
      .selectFrom('submission_reports')
      .select('xml')
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    // The stored message's C.1.1 taken out, as in a message written before the message case.
    const broken = stored.xml.replace(
      /(<investigationEvent[^>]*>\s*<id root="2\.16\.840\.1\.113883\.3\.989\.2\.1\.3\.1") extension="[^"]*"/,
      '$1',
    );
    expect(broken).not.toBe(stored.xml);
    await app.db.updateTable('submission_reports').set({ xml: broken }).where('id', '=', report.id).execute();
    const approval = await review(report.id, { reviewStatus: 'APPROVED' });
    expect(approval.status).toBe(409);
    expect(approval.body).toMatchObject({ code: 'MESSAGE_INVALID' });
    const [message] = (
      approval.body as unknown as {
        meta: { messages: { findings: { severity: string; message: string }[] }[] };
      }
    ).meta.messages;
    expect(message!.findings.filter((f) => f.severity === 'error').map((f) => f.message)).toEqual([
      'Sender’s (case) Safety Report Unique Identifier (C.1.1) is missing: it is required.',
    ]);
    expect(await jobsFor(report.id)).toBe(0);
    expect((await read(report.id)).body).toMatchObject({ reviewStatus: 'PENDING' });
  });

  it('ten approvals at once sign once: one wins, the nine others are 409 and write nothing (issue 28 item 8)', async () => {
    const gated = await addReceiver(app, admin, home.organisationIds[0], {
      requiresReview: true,
      transport: httpsTo(receiver, '/down'),
    });
    const reportId = await readyCase(app, admin);
    const held = (await distribute(app, admin, { reportId, resources: [gated.id] })).body[0]!.reports[0]!;
    // Ten assessors (one's own attempts are throttled), each signing with their password.
    const signers = await Promise.all(Array.from({ length: 10 }, () => signedIn(app, home, 'assessor')));
    const answers = await Promise.all(
      signers.map((signer, i) =>
        http<Answer<SubmissionReport>>(app.url, 'PUT', `/v1/submissions/reports/${held.id}/review`, {
          token: signer.token,
          body: { password: TEST_PASSWORD, reviewStatus: 'APPROVED', approvalComment: `Go ${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409))
      expect(lost.body).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    const won = answers.find((a) => a.status === 200)!;
    const signed = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', held.id)
      .where('action', '=', 'submission_report.reviewed')
      .execute();
    expect(signed).toHaveLength(1);
    expect((await read(held.id)).body.approvalComment).toBe(won.body.approvalComment);
    expect(await jobsFor(held.id)).toBe(1);
    // Read again, then signed again: an approval after the first one is still taken.
    expect((await review(held.id, { reviewStatus: 'APPROVED', approvalComment: 'Read it' })).status).toBe(
      200,
    );
  });
});
