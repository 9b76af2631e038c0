import type { Receiver, Submission, SubmissionReport } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type As2TestReceiver, rsaCertificate, startAs2Receiver } from '../../../test/as2-receiver.ts';
import { createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import { readyCase } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { deliverSubmissionReport } from './submissions.delivery.ts';

/**
 * A signed MDN altered after signing is no receipt (issue 27): the partner refuses the
 * message (processed/error), signs its MDN with its own key, and someone on the way turns the
 * disposition into `processed`. The signature over the signed attributes still holds; only
 * the content's digest tells. Broken on purpose (an MDN refused for a foreign signature only),
 * the case was SENT and no test noticed. The expected answers are written by hand.
 */
let partner: As2TestReceiver;
const vigilo = rsaCertificate('vigilo-as2');
beforeAll(async () => {
  partner = await startAs2Receiver(vigilo.cert);
});
afterAll(() => partner?.close());
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', SUBMISSION_DELIVERY_ATTEMPTS: '1' });
let home: TestTenant;
let admin: string;

beforeAll(async () => {
  home = await createTenant(app.db);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
});

/** A case delivered once to the AS2 partner at `path`; answers its submission report as it then is. */
async function deliveredTo(path: string): Promise<SubmissionReport> {
  const receiver = await http<Receiver>(
    app.url,
    'POST',
    `/v1/organisation/${home.organisationIds[0]}/receivers`,
    {
      token: admin,
      body: {
        name: `FDA ESG ${crypto.randomUUID().slice(0, 8)}`,
        batchSender: 'VIGILO-NPC',
        batchReceiver: 'ZZFDA',
        messageReceiver: 'CDER',
        profile: 'fda',
        transport: {
          type: 'as2',
          url: `${partner.url}${path}`,
          as2: { from: 'VIGILO-NPC', to: 'ZZFDA', partnerCertificate: partner.certificate },
          credentials: { certificate: vigilo.cert, privateKey: vigilo.key },
        },
      },
    },
  );
  expect(receiver.status, JSON.stringify(receiver.body)).toBe(201);
  const sent = await http<Submission[]>(app.url, 'POST', '/v1/submissions/distribute', {
    token: admin,
    body: { reportId: await readyCase(app, admin), resources: [receiver.body.id] },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const report = sent.body[0]!.reports[0]!;
  await deliverSubmissionReport(
    { db: app.db, config: app.config, mailer: mailerFor(app.config, app.db, app.jobs), jobs: app.jobs },
    { submissionReportId: report.id },
  );
  return (
    await http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${report.id}`, { token: admin })
  ).body;
}

describe('an AS2 MDN altered after signing', () => {
  it('is refused: FAILED, not SENT, and nothing of it is taken as the receiver’s answer', async () => {
    const done = await deliveredTo('/as2/altered');
    expect([done.status, done.sentAt]).toEqual(['FAILED', null]);
    expect(done.statusReason).toBe(
      "The receiver refused it (HTTP 200): The MDN's signature does not match the partner's certificate",
    );
    const kept = await app.db
      .selectFrom('submission_responses')
      .select(['kind', 'matched'])
      .where('submission_report_id', '=', done.id)
      .execute();
    expect(kept.filter((k) => k.matched)).toEqual([]);
  });

  it('unaltered, the same refusal is the receiver’s own: FAILED with its words (the test partner signs what it says)', async () => {
    const done = await deliveredTo('/as2/negative');
    expect(done.status).toBe('FAILED');
    expect(done.statusReason).toBe(
      'The receiver refused it (HTTP 200): The receiver did not process the message: ' +
        'processed/error: unexpected-processing-error. The E2B batch was refused: N.1.4 is not ours.',
    );
  });
});
