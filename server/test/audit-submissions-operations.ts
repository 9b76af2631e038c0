import { rsaCertificate } from './as2-receiver.ts';
import { as2Message, entityOf } from './as2-sender.ts';
import type { Case, World } from './audit-operations.ts';
import { adrCase } from './case-documents.ts';
import { ackFor } from './e2b-receiver.ts';
import { TEST_PASSWORD } from './factories.ts';
import { http } from './http.ts';
import { signedIn } from './sessions.ts';

/** The audit record of each receiver and submission operation (issue 15), written by hand. */
export function submissionAuditCases(w: World): Record<string, Case> {
  const org = () => w.tenant.organisationIds[0];
  const admin = () => signedIn(w.app, w.tenant, 'organisation_admin', 0);
  const call = <T = unknown>(
    requestId: string,
    method: string,
    path: string,
    opts: { token: string; body?: unknown },
  ) => http<T>(w.app.url, method, path, { ...opts, headers: { 'x-request-id': requestId } });
  const receiver = async (token: string) => {
    const res = await http<{ id: string }>(w.app.url, 'POST', `/v1/organisation/${org()}/receivers`, {
      token,
      body: { name: `Receiver ${crypto.randomUUID()}` },
    });
    if (res.status !== 201) throw new Error(`POST receivers: ${res.status}`);
    return res.body.id;
  };
  /** A case of organisation A made ready to submit by its administrator, and a receiver (no transport). */
  const ready = async (token: string) => {
    const sent = await http<{ id: string }>(w.app.url, 'POST', '/v1/report', {
      token,
      body: { report: adrCase(), organisationId: org() },
    });
    if (sent.status !== 201) throw new Error(`POST /v1/report: ${sent.status}`);
    const id = sent.body.id;
    await http(w.app.url, 'PUT', `/v1/report/${id}/assign/user/@me`, { token });
    for (const status of ['coded', 'verified', 'ready_to_submit']) {
      const res = await http(w.app.url, 'PUT', `/v1/reports/${id}/status`, { token, body: { status } });
      if (res.status !== 200) throw new Error(`status ${status}: ${res.status}`);
    }
    return { reportId: id, receiverId: await receiver(token) };
  };
  const sentReport = async (token: string) => {
    const { reportId, receiverId } = await ready(token);
    const res = await http<{ reports: { id: string; messageId: string }[] }[]>(
      w.app.url,
      'POST',
      '/v1/submissions/distribute',
      { token, body: { reportId, resources: [receiverId] } },
    );
    if (res.status !== 201) throw new Error(`distribute: ${res.status}`);
    return res.body[0]!.reports[0]!;
  };
  const submissionReport = async (token: string) => {
    const { reportId, receiverId } = await ready(token);
    const res = await http<{ reports: { id: string }[] }[]>(w.app.url, 'POST', '/v1/submissions/distribute', {
      token,
      body: { reportId, resources: [receiverId] },
    });
    if (res.status !== 201) throw new Error(`distribute: ${res.status}`);
    return res.body[0]!.reports[0]!.id;
  };
  /** AS2 settings with made-up certificates: a transport that validates without a reachable host. */
  const as2Settings = () => {
    const [ours, gateway] = [rsaCertificate('vigilo'), rsaCertificate('gateway')];
    return {
      as2: { from: 'VIGILO', to: 'GATEWAY', partnerCertificate: gateway.cert },
      credentials: { certificate: ours.cert, privateKey: ours.key },
    };
  };
  return {
    'PUT /v1/submissions/reports/{id}/review': {
      action: 'submission_report.reviewed',
      async run(id) {
        const { token } = await admin();
        const reportId = await submissionReport(token);
        const res = await call(id, 'PUT', `/v1/submissions/reports/${reportId}/review`, {
          token,
          body: { reviewStatus: 'APPROVED', password: TEST_PASSWORD },
        });
        return { res, wrote: ['submission_reports', 'id', reportId, 'review_status', 'APPROVED'] };
      },
    },
    'POST /v1/submissions/responses': {
      action: 'submission_response.recorded',
      async run(id) {
        const { token } = await admin();
        const sent = await sentReport(token);
        const res = await call<{ id: string }>(id, 'POST', '/v1/submissions/responses', {
          token,
          body: { ack: ackFor(sent.messageId) },
        });
        return { res, wrote: ['submission_responses', 'id', res.body.id] };
      },
    },
    'POST /v1/organisation/{id}/receivers/{receiverId}/as2': {
      action: 'submission_response.recorded',
      async run(id) {
        // A gateway's acknowledgement by AS2 (decision 0196): openssl signs and encrypts it.
        const { token } = await admin();
        const [ours, gateway] = [rsaCertificate('vigilo'), rsaCertificate('gateway')];
        const made = await http<{ id: string }>(w.app.url, 'POST', `/v1/organisation/${org()}/receivers`, {
          token,
          body: {
            name: `AS2 ${crypto.randomUUID()}`,
            transport: {
              type: 'as2',
              url: 'http://127.0.0.1:9/as2',
              as2: { from: 'VIGILO', to: 'GATEWAY', partnerCertificate: gateway.cert },
              credentials: { certificate: ours.cert, privateKey: ours.key },
            },
          },
        });
        if (made.status !== 201) throw new Error(`AS2 receiver: ${made.status}`);
        const message = await as2Message({
          entity: entityOf(ackFor('ANY-1')),
          signer: gateway,
          recipient: ours.cert,
        });
        const messageId = `<${crypto.randomUUID()}@gateway>`;
        const res = await http(w.app.url, 'POST', `/v1/organisation/${org()}/receivers/${made.body.id}/as2`, {
          raw: message.body,
          headers: {
            'x-request-id': id,
            'content-type': message.contentType,
            'as2-from': 'GATEWAY',
            'as2-to': 'VIGILO',
            'message-id': messageId,
          },
        });
        return { res, wrote: ['submission_responses', 'as2_message_id', messageId] };
      },
    },
    'POST /v1/submissions/distribute': {
      action: 'submission.created',
      async run(id) {
        const { token } = await admin();
        const { reportId, receiverId } = await ready(token);
        const res = await call(id, 'POST', '/v1/submissions/distribute', {
          token,
          body: { reportId, resources: [receiverId] },
        });
        return { res, wrote: ['submissions', 'report_id', reportId] };
      },
    },
    'PUT /v1/submissions/reports/{id}/receiver-status': {
      action: 'submission_report.status_set',
      async run(id) {
        const { token } = await admin();
        const reportId = await submissionReport(token);
        const res = await call(id, 'PUT', `/v1/submissions/reports/${reportId}/receiver-status`, {
          token,
          body: { status: 'IN_REVIEW', reason: 'Sent through the regulator web form' },
        });
        return { res, wrote: ['submission_reports', 'id', reportId, 'status', 'IN_REVIEW'] };
      },
    },
    'POST /v1/submissions/reports/{id}/resend': {
      action: 'submission_report.resent',
      async run(id) {
        // A message to a receiver with a transport, set FAILED by hand (no worker runs here), sent again.
        const { token } = await admin();
        const { reportId } = await ready(token);
        const made = await http<{ id: string }>(w.app.url, 'POST', `/v1/organisation/${org()}/receivers`, {
          token,
          body: {
            name: `Gateway ${crypto.randomUUID()}`,
            transport: { type: 'as2', url: 'http://127.0.0.1:9/as2', ...as2Settings() },
          },
        });
        if (made.status !== 201) throw new Error(`receiver: ${made.status}`);
        const sent = await http<{ reports: { id: string }[] }[]>(
          w.app.url,
          'POST',
          '/v1/submissions/distribute',
          {
            token,
            body: { reportId, resources: [made.body.id] },
          },
        );
        if (sent.status !== 201) throw new Error(`distribute: ${sent.status}`);
        const reportIdSent = sent.body[0]!.reports[0]!.id;
        const failed = await http(
          w.app.url,
          'PUT',
          `/v1/submissions/reports/${reportIdSent}/receiver-status`,
          {
            token,
            body: { status: 'FAILED', reason: 'The gateway was down all morning' },
          },
        );
        if (failed.status !== 200) throw new Error(`FAILED by hand: ${failed.status}`);
        const res = await call(id, 'POST', `/v1/submissions/reports/${reportIdSent}/resend`, { token });
        return { res, wrote: ['submission_reports', 'id', reportIdSent, 'status', 'NOT_SENT'] };
      },
    },
    'PUT /v1/submissions/reports/{id}/manually-processed-reason': {
      action: 'submission_report.manually_processed',
      async run(id) {
        const { token } = await admin();
        const reportId = await submissionReport(token);
        const res = await call(id, 'PUT', `/v1/submissions/reports/${reportId}/manually-processed-reason`, {
          token,
          body: { manuallyProcessedReason: 'Posted on paper' },
        });
        return { res, wrote: ['submission_reports', 'id', reportId] };
      },
    },
    'POST /v1/organisation/{id}/receivers': {
      action: 'receiver.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', `/v1/organisation/${org()}/receivers`, {
          token,
          body: { name: `EudraVigilance ${crypto.randomUUID()}`, profile: 'eu' },
        });
        return { res, wrote: ['receivers', 'id', res.body.id] };
      },
    },
    'PUT /v1/organisation/{id}/receivers/{receiverId}': {
      action: 'receiver.updated',
      async run(id) {
        const { token } = await admin();
        const receiverId = await receiver(token);
        const res = await call(id, 'PUT', `/v1/organisation/${org()}/receivers/${receiverId}`, {
          token,
          body: { name: `Renamed ${crypto.randomUUID()}`, dueDaysSerious: 7 },
        });
        return { res, wrote: ['receivers', 'id', receiverId] };
      },
    },
    'POST /v1/submissions/preview': {
      action: null,
      why: 'validates the messages it would send; nothing is stored',
      async run(id) {
        const { token } = await admin();
        const { reportId } = await ready(token);
        return { res: await call(id, 'POST', '/v1/submissions/preview', { token, body: { reportId } }) };
      },
    },
    'POST /v1/organisation/{id}/receivers/{receiverId}/test': {
      action: 'receiver.tested',
      why: 'a test message changes nothing: the audit row, committed after the send, is its only record',
      async run(id) {
        const { token } = await admin();
        // Nothing listens on port 1: the answer is the connection's failure, and it is audited too.
        const made = await http<{ id: string }>(w.app.url, 'POST', `/v1/organisation/${org()}/receivers`, {
          token,
          body: {
            name: `Gateway ${crypto.randomUUID()}`,
            transport: { type: 'https', url: 'https://127.0.0.1:1/e2b' },
          },
        });
        const res = await call(id, 'POST', `/v1/organisation/${org()}/receivers/${made.body.id}/test`, {
          token,
        });
        return { res };
      },
    },
    'DELETE /v1/organisation/{id}/receivers/{receiverId}': {
      action: 'receiver.deleted',
      async run(id) {
        const { token } = await admin();
        const receiverId = await receiver(token);
        const res = await call(id, 'DELETE', `/v1/organisation/${org()}/receivers/${receiverId}`, { token });
        return { res, removed: ['receivers', 'id', receiverId] };
      },
    },
  };
}

/** Actions written on paths no successful operation call reaches: a refused signature. */
export function submissionAuditPaths(w: World): Record<string, Case> {
  return {
    'a review signed with a wrong password': {
      action: 'submission_report.signature_refused',
      why: 'a refused signature changes nothing: the audit row is its only record (committed on its own)',
      async run(id) {
        const { token } = await signedIn(w.app, w.tenant, 'organisation_admin', 0);
        const org = w.tenant.organisationIds[0];
        const receiver = await http<{ id: string }>(w.app.url, 'POST', `/v1/organisation/${org}/receivers`, {
          token,
          body: { name: `Receiver ${crypto.randomUUID()}` },
        });
        const sent = await http<{ id: string }>(w.app.url, 'POST', '/v1/report', {
          token,
          body: { report: adrCase(), organisationId: org },
        });
        await http(w.app.url, 'PUT', `/v1/report/${sent.body.id}/assign/user/@me`, { token });
        for (const status of ['coded', 'verified', 'ready_to_submit'])
          await http(w.app.url, 'PUT', `/v1/reports/${sent.body.id}/status`, { token, body: { status } });
        const made = await http<{ reports: { id: string }[] }[]>(
          w.app.url,
          'POST',
          '/v1/submissions/distribute',
          {
            token,
            body: { reportId: sent.body.id, resources: [receiver.body.id] },
          },
        );
        const reportId = made.body[0]!.reports[0]!.id;
        const res = await http(w.app.url, 'PUT', `/v1/submissions/reports/${reportId}/review`, {
          token,
          body: { reviewStatus: 'APPROVED', password: 'not the password' },
          headers: { 'x-request-id': id },
        });
        return { res };
      },
    },
  };
}
