import type { Acknowledgement, ReportCase, SubmissionReport, SubmissionResponse } from '@vigilo/contract';
import { buildAcknowledgement } from '@vigilo/e2b';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestReceiver } from '../../../test/e2b-receiver.ts';
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
 * An acknowledgement names messages by id; it is matched to the submissions of the
 * organisation it is recorded for, never to another's (issue 27). A caller whose scope covers
 * both organisations (a user of A and B, a platform administrator) is where only the matcher's
 * own organisation clause stands between the id and the neighbour's submission: broken on
 * purpose, only an AS2 test noticed. Outside AS2, these do; the answers are written by hand.
 */
const receiver = useTestReceiver();
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost' });
let home: TestTenant;
let two: Awaited<ReturnType<typeof signedInToTwo>>;
let platformAdmin: string;

beforeAll(async () => {
  home = await createTenant(app.db);
  two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
  platformAdmin = (await signedIn(app, home, 'platform_admin')).token;
});

const [A, B] = [0, 1] as const;
const NOW = '2026-12-02T10:00:00+00:00';

/** An acknowledgement rejecting (CR) each message named, one report part each. */
const rejecting = (...messageIds: string[]) =>
  buildAcknowledgement({
    batchNumber: `ACK-${crypto.randomUUID()}`,
    batchSender: 'ZZFDA',
    batchReceiver: 'VIGILO',
    transmissionTime: NOW,
    icsrBatchNumber: messageIds[0]!,
    icsrBatchTransmissionTime: NOW,
    code: 'AE',
    batchError: 'Some reports were rejected.',
    reports: messageIds.map((id) => ({
      icsrMessageNumber: id,
      localReportNumber: `FDA-${id.slice(-8)}`,
      receiver: 'VIGILO',
      sender: 'CDER',
      creationTime: NOW,
      code: 'CR' as const,
      detail: 'Patient age is missing',
    })),
  });

/** A case of organisation `org` sent by the user of two to the test receiver, accepted there. */
async function accepted(org: typeof A | typeof B) {
  const to = await addReceiver(app, two.token, home.organisationIds[org]!, {
    transport: httpsTo(receiver, '/accept'),
  });
  const reportId = await readyCase(app, two.token, home.organisationIds[org]);
  const res = await distribute(app, two.token, { reportId, resources: [to.id] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const sent = res.body[0]!.reports[0]!;
  await deliverSubmissionReport(
    { db: app.db, config: app.config, mailer: mailerFor(app.config, app.db, app.jobs), jobs: app.jobs },
    { submissionReportId: sent.id },
  );
  return { reportId, sent };
}

const state = async (c: { reportId: string; sent: { id: string } }) => {
  const message = await http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${c.sent.id}`, {
    token: two.token,
  });
  const kase = await http<ReportCase>(app.url, 'GET', `/v1/reports/${c.reportId}`, { token: two.token });
  return [message.body.status, message.body.ackCode, kase.body.status];
};

describe('an acknowledgement naming the message of the organisation next door', () => {
  it('posted for A by a user of A and B (and by a platform administrator) is kept unmatched; B’s submission is untouched', async () => {
    const ofB = await accepted(B);
    expect(await state(ofB)).toEqual(['ACCEPTED', 'CA', 'submitted']);
    for (const [token, body] of [
      [two.token, { organisationId: home.organisationIds[A] }],
      [two.token, {}], // the organisation signed in to
      [platformAdmin, { organisationId: home.organisationIds[A] }],
    ] as const) {
      const res = await http<SubmissionResponse>(app.url, 'POST', '/v1/submissions/responses', {
        token,
        body: { ack: rejecting(ofB.sent.messageId), ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        organisationId: home.organisationIds[A],
        matched: false,
        problem: `It names messages Vigilo did not send for this organisation: ${ofB.sent.messageId}`,
      });
      expect(res.body.results).toEqual([
        { messageId: ofB.sent.messageId, submissionReportId: null, status: null, errors: [] },
      ]);
    }
    expect(await state(ofB)).toEqual(['ACCEPTED', 'CA', 'submitted']);
    const kept = await app.db
      .selectFrom('submission_responses')
      .select('organisation_id')
      .where(sql<boolean>`${ofB.sent.messageId} = any(message_ids)`)
      .execute();
    expect(kept.map((r) => r.organisation_id)).toEqual(Array(3).fill(home.organisationIds[A]));
  });

  it('recorded on a case of A that names B’s message too moves A’s submission only', async () => {
    const [ofA, ofB] = [await accepted(A), await accepted(B)];
    const res = await http<Acknowledgement>(app.url, 'POST', '/v1/acknowledgements', {
      token: two.token,
      body: { reportId: ofA.reportId, ack: rejecting(ofA.sent.messageId, ofB.sent.messageId) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect([res.body.organisationId, res.body.reportCode]).toEqual([home.organisationIds[A], 'CR']);
    expect(await state(ofA)).toEqual(['REJECTED', 'CR', 'in_triage']);
    expect(await state(ofB)).toEqual(['ACCEPTED', 'CA', 'submitted']);
    const [kept] = await app.db
      .selectFrom('submission_responses')
      .select(['organisation_id', 'matched', 'submission_report_id'])
      .where(sql<boolean>`${ofA.sent.messageId} = any(message_ids)`)
      .execute();
    expect(kept).toEqual({
      organisation_id: home.organisationIds[A],
      matched: false,
      submission_report_id: ofA.sent.id,
    });
  });
});
