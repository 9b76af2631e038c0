import { adrCase } from '../case-documents.ts';
import { ackFor } from '../e2b-receiver.ts';
import { TEST_PASSWORD } from '../factories.ts';
import { http } from '../http.ts';
import { signedIn } from '../sessions.ts';
import type { Fixture, World } from './fixtures.ts';

/** The rows of docs/permissions.csv for submissions (issue 15): how to call each. */
const orgA = (w: World) => w.tenant.organisationIds[0];

async function made<T>(w: World, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await http<T>(w.app.url, method, path, { token, body });
  if (res.status >= 300)
    throw new Error(`fixture ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A case of organisation A sent by a reporter, moved to ready_to_submit by its administrator, and a receiver. */
async function readyToSubmit(w: World) {
  const { token } = await signedIn(w.app, w.tenant, 'reporter', 0);
  const { id } = await made<{ id: string }>(w, token, 'POST', '/v1/report', {
    report: adrCase(),
    organisationId: orgA(w),
  });
  await made(w, w.orgAdmin, 'PUT', `/v1/report/${id}/assign/user/@me`);
  for (const status of ['coded', 'verified', 'ready_to_submit'])
    await made(w, w.orgAdmin, 'PUT', `/v1/reports/${id}/status`, { status });
  const receiver = await made<{ id: string }>(
    w,
    w.orgAdmin,
    'POST',
    `/v1/organisation/${orgA(w)}/receivers`,
    {
      name: `Receiver ${crypto.randomUUID()}`,
    },
  );
  return { reportId: id, receiverId: receiver.id };
}

/** A submission of organisation A to one receiver (with no transport: stored, not sent). */
async function submission(w: World) {
  const ready = await readyToSubmit(w);
  const [made_] = await made<{ id: string; reports: { id: string; messageId: string }[] }[]>(
    w,
    w.orgAdmin,
    'POST',
    '/v1/submissions/distribute',
    { reportId: ready.reportId, resources: [ready.receiverId] },
  );
  return made_!;
}

const ofReport: Fixture = async (w) => ({ params: { id: (await submission(w)).reports[0]!.id } });

export const submissionFixtures: Record<string, Fixture> = {
  'POST /v1/submissions/distribute|a case of your organisation ready to submit': async (w) => {
    const ready = await readyToSubmit(w);
    return { body: { reportId: ready.reportId, resources: [ready.receiverId] } };
  },
  'POST /v1/submissions/preview|a case of your organisation ready to submit': async (w) => ({
    body: { reportId: (await readyToSubmit(w)).reportId },
  }),
  // Nothing listens on port 1: the test is answered (200) with the connection's failure in words.
  'POST /v1/organisation/{id}/receivers/{receiverId}/test|a receiver of your organisation with an HTTPS transport':
    async (w) => {
      const receiver = await made<{ id: string }>(
        w,
        w.orgAdmin,
        'POST',
        `/v1/organisation/${orgA(w)}/receivers`,
        {
          name: `Receiver ${crypto.randomUUID()}`,
          transport: { type: 'https', url: 'https://127.0.0.1:1/e2b' },
        },
      );
      return { params: { id: orgA(w), receiverId: receiver.id } };
    },
  'GET /v1/submissions|-': async () => ({}),
  'GET /v1/submissions/reports|-': async () => ({}),
  'GET /v1/submissions/{id}|a submission of your organisation': async (w) => ({
    params: { id: (await submission(w)).id },
  }),
  'GET /v1/submissions/reports/{id}|a submission report of your organisation': ofReport,
  'GET /v1/submissions/reports/{id}/history|a submission report of your organisation': ofReport,
  'PUT /v1/submissions/reports/{id}/receiver-status|a submission report of your organisation': async (w) => ({
    ...(await ofReport(w, { column: 'anonymous' })),
    body: { status: 'IN_REVIEW', reason: 'Sent by hand through the web form' },
  }),
  // Sent to a receiver with a transport (nothing listens on port 1; no worker runs here) and set FAILED by hand.
  'POST /v1/submissions/reports/{id}/resend|a failed submission report of your organisation': async (w) => {
    const ready = await readyToSubmit(w);
    const receiver = await made<{ id: string }>(
      w,
      w.orgAdmin,
      'POST',
      `/v1/organisation/${orgA(w)}/receivers`,
      {
        name: `Gateway ${crypto.randomUUID()}`,
        transport: { type: 'https', url: 'https://127.0.0.1:1/e2b' },
      },
    );
    const [sent] = await made<{ reports: { id: string }[] }[]>(
      w,
      w.orgAdmin,
      'POST',
      '/v1/submissions/distribute',
      {
        reportId: ready.reportId,
        resources: [receiver.id],
      },
    );
    const id = sent!.reports[0]!.id;
    await made(w, w.orgAdmin, 'PUT', `/v1/submissions/reports/${id}/receiver-status`, {
      status: 'FAILED',
      reason: 'The gateway was down',
    });
    return { params: { id } };
  },
  'PUT /v1/submissions/reports/{id}/manually-processed-reason|a submission report of your organisation':
    async (w) => ({
      ...(await ofReport(w, { column: 'anonymous' })),
      body: { manuallyProcessedReason: 'Posted on paper' },
    }),
  'GET /v1/reports/anonymised/{submissionReportId}|a submission report of your organisation': async (w) => ({
    params: { submissionReportId: (await submission(w)).reports[0]!.id },
  }),
  'GET /v1/users/@me/submission-report-summary|-': async () => ({}),
  'PUT /v1/submissions/reports/{id}/review|a submission report of your organisation, signed with your password':
    async (w) => ({
      ...(await ofReport(w, { column: 'anonymous' })),
      body: { reviewStatus: 'APPROVED', approvalComment: 'Checked', password: TEST_PASSWORD },
    }),
  'GET /v1/submissions/reports/{id}/review|a submission report of your organisation': ofReport,
  'POST /v1/submissions/responses|an acknowledgement for your organisation': async (w) => {
    const made_ = await submission(w);
    return { body: { ack: ackFor(made_.reports[0]!.messageId), organisationId: orgA(w) } };
  },
  'GET /v1/submissions/responses|-': async () => ({}),
  'GET /v1/submissions/responses/{id}|an acknowledgement kept for your organisation': async (w) => {
    const kept = await made<{ id: string }>(w, w.orgAdmin, 'POST', '/v1/submissions/responses', {
      ack: ackFor('NOT-A-MESSAGE-OF-OURS'),
      organisationId: orgA(w),
    });
    return { params: { id: kept.id } };
  },
};
