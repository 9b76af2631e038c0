import type { SubmissionReport } from '@vigilo/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestReceiver } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  eventually,
  http,
  signedIn,
  TEST_PASSWORD,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { type Answer, addReceiver, distribute, httpsTo, readyCase } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { systemScope } from '../../platform/scope.ts';
import { submissionsArea } from './submissions.area.ts';
import { claimDelivery, findSubmissionReport } from './submissions.repository.ts';

/**
 * An approval taken back (decision 0193): a receiver asks for review, an assessor approves
 * (which enqueues the delivery), then rejects before the job has run. The job, run then, sends
 * nothing: the real HTTPS test receiver counts no request, and the report says why. No worker
 * runs until the test starts it, so the job cannot slip in between the two signatures.
 */
const receiver = useTestReceiver();
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost', SUBMISSION_RETRY_DELAY_SECONDS: '1' });
let home: TestTenant;
let admin: string;
let assessor: string;

beforeAll(async () => {
  home = await createTenant(app.db);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  assessor = (await signedIn(app, home, 'assessor')).token;
});

const review = (id: string, body: Record<string, unknown>) =>
  http<Answer<SubmissionReport>>(app.url, 'PUT', `/v1/submissions/reports/${id}/review`, {
    token: assessor,
    body: { password: TEST_PASSWORD, ...body },
  });
const read = (id: string) =>
  http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${id}`, { token: admin });
/** The states of pg-boss's delivery jobs for a submission report. */
const jobStates = async (id: string) => {
  const { rows } = await sql<{ state: string }>`select state from pgboss.job
    where name like '%submissions.deliver' and data->>'submissionReportId' = ${id}`.execute(app.db);
  return rows.map((r) => r.state);
};

/** A message held for review, to the test receiver's accepting address. */
async function held(): Promise<SubmissionReport> {
  const gated = await addReceiver(app, admin, home.organisationIds[0]!, {
    requiresReview: true,
    transport: httpsTo(receiver, '/accept'),
  });
  const reportId = await readyCase(app, admin);
  const res = await distribute(app, admin, { reportId, resources: [gated.id] });
  expect(res.status).toBe(201);
  return res.body[0]!.reports[0]!;
}

describe('an approval taken back by a rejection', () => {
  it('the delivery job enqueued by the approval sends nothing; the report says the assessor rejected it', async () => {
    const report = await held();
    expect((await review(report.id, { reviewStatus: 'APPROVED' })).status).toBe(200);
    expect(await jobStates(report.id)).toEqual(['created']);
    const rejected = await review(report.id, {
      reviewStatus: 'REJECTED',
      rejectionComment: 'Causality not assessed',
    });
    expect(rejected.status).toBe(200);

    // Now the worker runs, and with it the job the approval left behind.
    await app.jobs.work(
      submissionsArea.jobs({
        db: app.db,
        config: app.config,
        mailer: mailerFor(app.config, app.db, app.jobs),
        jobs: app.jobs,
      }),
    );
    await eventually(async () => expect(await jobStates(report.id)).toEqual(['completed']), 15_000);

    expect(receiver.requests.filter((r) => r.messageId === report.messageId)).toHaveLength(0);
    const now = await read(report.id);
    expect(now.body).toMatchObject({
      status: 'NOT_SENT',
      reviewStatus: 'REJECTED',
      statusReason: 'Not sent: the assessor rejected it (Causality not assessed)',
      attempts: 0,
    });
    const claims = await app.db
      .selectFrom('submission_deliveries')
      .select('state')
      .where('submission_report_id', '=', report.id)
      .execute();
    expect(claims).toEqual([]);
  });

  it('a job that read the approval before the rejection committed cannot claim the message after it', async () => {
    const report = await held();
    expect((await review(report.id, { reviewStatus: 'APPROVED' })).status).toBe(200);
    // What the job read: the approved row.
    const approved = (await findSubmissionReport(app.db, systemScope, report.id))!;
    expect(approved.review_status).toBe('APPROVED');
    expect(
      (await review(report.id, { reviewStatus: 'REJECTED', rejectionComment: 'Wrong narrative' })).status,
    ).toBe(200);
    // Its claim comes after the rejection: refused, so nothing can be sent.
    expect(await claimDelivery(app.db, systemScope, approved, 90)).toBeNull();
    const claims = await app.db
      .selectFrom('submission_deliveries')
      .select('state')
      .where('submission_report_id', '=', report.id)
      .execute();
    expect(claims).toEqual([]);
  });
});
