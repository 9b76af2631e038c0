import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Receiver, StoredSubmissionResponse, SubmissionReport } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openssl, rsaCertificate } from '../../../test/as2-receiver.ts';
import { as2Message, entityOf, type SentMessage, verifyMdn } from '../../../test/as2-sender.ts';
import { ackFor } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  eventually,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { distribute, readyCase } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { submissionsArea } from './submissions.area.ts';
import { ASYNC_MDN_JOB } from './submissions.as2-mdn.ts';

/**
 * Receiving AS2 (decision 0196): a regulator's gateway, played by openssl (as2-sender.ts),
 * signs acknowledgements with its key and encrypts them for our certificate; Vigilo opens
 * them, records them as POST /v1/submissions/responses does, and answers a signed MDN that
 * openssl verifies, with a MIC the gateway computed itself.
 */
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let home: TestTenant;
let foreign: TestTenant;
let admin: string;
let staff: string;
let receiver: Receiver;
const vigilo = rsaCertificate('vigilo-as2');
const gateway = rsaCertificate('fda-esg');
const stray = rsaCertificate('someone-else');

beforeAll(async () => {
  // Only the asynchronous MDN's job: deliveries never run; sentReport records the message as sent.
  await app.jobs.work(
    submissionsArea
      .jobs({
        db: app.db,
        config: app.config,
        mailer: mailerFor(app.config, app.db, app.jobs),
        jobs: app.jobs,
      })
      .filter((job) => job.name === ASYNC_MDN_JOB),
  );
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  staff = (await signedIn(app, home, 'organisation_staff')).token;
  receiver = await addAs2Receiver(admin, home.organisationIds[0]);
});

async function addAs2Receiver(token: string, organisationId: string, transport: object = {}) {
  const res = await http<Receiver>(app.url, 'POST', `/v1/organisation/${organisationId}/receivers`, {
    token,
    body: {
      name: `FDA ESG ${crypto.randomUUID().slice(0, 8)}`,
      profile: 'fda',
      // The sender id FDA approved for the organisation (N.1.3); without it the message gate
      // refuses to send (FDA-SENDER-ID, decision 0230).
      batchSender: 'VIGILO-NPC',
      transport: {
        type: 'as2',
        // Where Vigilo would send; these tests only receive.
        url: 'http://127.0.0.1:9/as2',
        as2: { from: 'VIGILO NPC', to: 'ZZFDA', partnerCertificate: gateway.cert },
        credentials: { certificate: vigilo.cert, privateKey: vigilo.key },
        ...transport,
      },
    },
  });
  if (res.status !== 201) throw new Error(`receiver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const inboundPath = (r: Pick<Receiver, 'id' | 'organisationId'> = receiver) =>
  `/v1/organisation/${r.organisationId}/receivers/${r.id}/as2`;

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** POSTs an AS2 message as a gateway does: AS2 headers, a Message-ID, a signed MDN asked for. */
async function post(
  message: Pick<SentMessage, 'contentType' | 'body'>,
  options: { path?: string; headers?: Record<string, string>; messageId?: string } = {},
): Promise<Answer & { messageId: string }> {
  const messageId = options.messageId ?? `<${crypto.randomUUID()}@esg.fda.example>`;
  const res = await fetch(`${app.url}${options.path ?? inboundPath()}`, {
    method: 'POST',
    headers: {
      'AS2-Version': '1.2',
      'AS2-From': 'ZZFDA',
      'AS2-To': '"VIGILO NPC"',
      'Message-ID': messageId,
      'Content-Type': message.contentType,
      'Disposition-Notification-To': 'mdn@esg.fda.example',
      'Disposition-Notification-Options':
        'signed-receipt-protocol=optional, pkcs7-signature; signed-receipt-micalg=optional, sha-256',
      ...options.headers,
    },
    body: new Uint8Array(message.body),
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()), messageId };
}

const sealed = (entity: string, extra: Partial<Parameters<typeof as2Message>[0]> = {}) =>
  as2Message({ entity, signer: gateway, recipient: vigilo.cert, ...extra });

/** Our MDN, verified by openssl with our certificate. */
const mdnOf = (answer: Answer) =>
  verifyMdn(answer.headers.get('content-type') ?? '', answer.body, vigilo.cert);

async function sentReport(token = staff): Promise<SubmissionReport> {
  const res = await distribute(app, token, {
    reportId: await readyCase(app, admin),
    resources: [receiver.id],
  });
  if (res.status !== 201) throw new Error(`distribute: ${res.status} ${JSON.stringify(res.body)}`);
  const report = res.body[0]!.reports[0]!;
  // Sent as its delivery would record it (no worker runs here): only a message that left can be
  // acknowledged (decision 0252).
  await app.db
    .updateTable('submission_reports')
    .set({ status: 'SENT', sent_at: new Date() })
    .where('id', '=', report.id)
    .execute();
  return report;
}

const readReport = async (id: string, token = staff) =>
  (await http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${id}`, { token })).body;

const kept = (as2MessageId: string) =>
  app.db.selectFrom('submission_responses').selectAll().where('as2_message_id', '=', as2MessageId).execute();

describe('an acknowledgement that comes by AS2', () => {
  it('a positive one, signed and encrypted: the report is ACCEPTED and a signed MDN with the right MIC answers', async () => {
    const report = await sentReport();
    const message = await sealed(entityOf(ackFor(report.messageId)));
    const res = await post(message);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^multipart\/signed;/);
    expect(res.headers.get('as2-from')).toBe('"VIGILO NPC"');
    expect(res.headers.get('as2-to')).toBe('ZZFDA');
    const mdn = await mdnOf(res);
    expect(mdn.fields).toMatchObject({
      'original-message-id': res.messageId,
      disposition: 'automatic-action/MDN-sent-automatically; processed',
      'received-content-mic': `${message.mic}, sha-256`,
      'final-recipient': 'rfc822; "VIGILO NPC"',
    });
    expect(mdn.fields['reporting-ua']).toBeTruthy();
    expect(mdn.text).toContain('1 submission report(s) updated');
    expect(await readReport(report.id)).toMatchObject({ status: 'ACCEPTED', ackCode: 'CA' });
    const [row] = await kept(res.messageId);
    expect(row).toMatchObject({
      via: 'as2',
      kind: 'acknowledgement',
      receiver_id: receiver.id,
      matched: true,
      malformed: false,
      submission_report_id: report.id,
      created_by: null,
      xml: ackFor(report.messageId),
    });
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details'])
      .where('entity_id', '=', row!.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'submission_response.recorded',
        actor_user_id: null,
        details: {
          via: 'as2',
          kind: 'acknowledgement',
          receiverId: receiver.id,
          as2MessageId: res.messageId,
        },
      },
    ]);
    // Staff see it in the kept acknowledgements, with where it came from.
    const list = await http<{ items: StoredSubmissionResponse[] }>(
      app.url,
      'GET',
      '/v1/submissions/responses',
      {
        token: staff,
      },
    );
    expect(list.body.items.find((r) => r.id === row!.id)).toMatchObject({
      via: 'as2',
      kind: 'acknowledgement',
      receiverId: receiver.id,
      receiverName: receiver.name,
      as2MessageId: res.messageId,
    });
  });

  it('a negative one: REJECTED with the receiver’s sentences', async () => {
    const report = await sentReport();
    const res = await post(
      await sealed(entityOf(ackFor(report.messageId, 'Patient age is missing; Drug role is missing'))),
    );
    expect((await mdnOf(res)).fields.disposition).toBe('automatic-action/MDN-sent-automatically; processed');
    expect(await readReport(report.id)).toMatchObject({
      status: 'REJECTED',
      ackCode: 'CR',
      ackErrors: ['Patient age is missing', 'Drug role is missing'],
    });
  });

  it('signed but not encrypted is accepted; the MIC follows the algorithm asked', async () => {
    const report = await sentReport();
    const message = await sealed(entityOf(ackFor(report.messageId)), { recipient: null });
    expect(message.contentType).toMatch(/^multipart\/signed/);
    const res = await post(message, {
      headers: {
        'Disposition-Notification-Options':
          'signed-receipt-protocol=required, pkcs7-signature; signed-receipt-micalg=required, sha-512, sha-256',
      },
    });
    const mdn = await mdnOf(res);
    const entity = entityOf(ackFor(report.messageId));
    const sha512 = createHash('sha512').update(entity, 'latin1').digest('base64');
    expect(mdn.fields['received-content-mic']).toBe(`${sha512}, sha-512`);
    expect((await readReport(report.id)).status).toBe('ACCEPTED');
  });
});

describe('messages that must not count', () => {
  const refusedWith = async (res: Answer, failure: string) => {
    expect(res.status).toBe(200);
    const mdn = await mdnOf(res);
    expect(mdn.fields.disposition).toBe(
      `automatic-action/MDN-sent-automatically; processed/error: ${failure}`,
    );
    expect(mdn.fields['received-content-mic']).toBeUndefined();
    return mdn;
  };

  it('signed by a stray key: authentication-failed, nothing changed, nothing kept', async () => {
    const report = await sentReport();
    const res = await post(await sealed(entityOf(ackFor(report.messageId)), { signer: stray }));
    const mdn = await refusedWith(res, 'authentication-failed');
    expect(mdn.text).toContain("not the partner's");
    expect((await readReport(report.id)).status).toBe('SENT');
    expect(await kept(res.messageId)).toEqual([]);
  });

  it('encrypted for another certificate: decryption-failed', async () => {
    const report = await sentReport();
    const res = await post(await sealed(entityOf(ackFor(report.messageId)), { recipient: stray.cert }));
    await refusedWith(res, 'decryption-failed');
    expect((await readReport(report.id)).status).toBe('SENT');
  });

  it('altered after signing: integrity-check-failed; not signed at all: insufficient-message-security', async () => {
    const report = await sentReport();
    const altered = await post(await sealed(entityOf(ackFor(report.messageId)), { tamper: true }));
    await refusedWith(altered, 'integrity-check-failed');
    const unsigned = await post(await sealed(entityOf(ackFor(report.messageId)), { signer: null }));
    await refusedWith(unsigned, 'insufficient-message-security');
    expect((await readReport(report.id)).status).toBe('SENT');
  });

  it('a wrong AS2-To or AS2-From is refused (400 naming the header), nothing changed', async () => {
    const report = await sentReport();
    const message = await sealed(entityOf(ackFor(report.messageId)));
    for (const [headers, field] of [
      [{ 'AS2-To': 'SOMEONE' }, 'headers/as2-to'],
      [{ 'AS2-From': 'ZZEMA' }, 'headers/as2-from'],
    ] as const) {
      const res = await post(message, { headers });
      expect(res.status).toBe(400);
      const body = JSON.parse(res.body.toString());
      expect(body).toMatchObject({
        code: 'VALIDATION_FAILED',
        statusCode: 400,
        meta: { fields: [{ field }] },
      });
    }
    expect((await readReport(report.id)).status).toBe('SENT');
  });

  it('an unknown receiver, another organisation’s receiver and a receiver that is not AS2 get the same 404', async () => {
    const message = await sealed(entityOf(ackFor('ANY-1')));
    const foreignAdmin = (await signedIn(app, foreign, 'organisation_admin')).token;
    const theirs = await addAs2Receiver(foreignAdmin, foreign.organisationIds[0]);
    const manual = await http<Receiver>(
      app.url,
      'POST',
      `/v1/organisation/${home.organisationIds[0]}/receivers`,
      {
        token: admin,
        body: { name: `Manual ${crypto.randomUUID().slice(0, 8)}`, transport: { type: 'none' } },
      },
    );
    const answers = await Promise.all(
      [
        { id: crypto.randomUUID(), organisationId: home.organisationIds[0] },
        // Their receiver named under our organisation, and ours under theirs.
        { id: theirs.id, organisationId: home.organisationIds[0] },
        { id: receiver.id, organisationId: foreign.organisationIds[0] },
        { id: manual.body.id, organisationId: home.organisationIds[0] },
      ].map((r) => post(message, { path: inboundPath(r) })),
    );
    const bodies = answers.map((a) => {
      expect(a.status).toBe(404);
      const { requestId: _, ...body } = JSON.parse(a.body.toString()) as Record<string, unknown>;
      return body;
    });
    expect(bodies[0]).toMatchObject({ code: 'NOT_FOUND', statusCode: 404, message: 'Receiver not found' });
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it('garbage, empty and huge bodies get a clear answer, never a 500', async () => {
    const cases: [string, Buffer, string][] = [
      ['empty', Buffer.alloc(0), 'application/pkcs7-mime'],
      ['random bytes', randomBytes(4096), 'application/pkcs7-mime'],
      ['random bytes, no type', randomBytes(512), 'application/octet-stream'],
      ['text', Buffer.from('hello'), 'text/plain'],
      ['a broken multipart/signed', Buffer.from('--x\r\nabc'), 'multipart/signed; boundary=x'],
      ['a multipart/signed without a boundary', Buffer.from('--x\r\nabc'), 'multipart/signed'],
    ];
    for (const [what, body, contentType] of cases) {
      const res = await post({ contentType, body });
      expect(res.status, what).toBe(200);
      const mdn = await mdnOf(res);
      expect(mdn.fields.disposition, what).toMatch(/processed\/error: /);
      // Without an MDN asked: a 400 in the error shape.
      const bare = await post({ contentType, body }, { headers: { 'Disposition-Notification-To': '' } });
      expect(bare.status, what).toBe(400);
      expect(JSON.parse(bare.body.toString()), what).toMatchObject({ code: 'BAD_REQUEST', statusCode: 400 });
    }
    const huge = await post({
      contentType: 'application/pkcs7-mime',
      body: Buffer.alloc(2 * app.config.e2bMaxBytes + 128 * 1024, 0x41),
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body.toString())).toMatchObject({ statusCode: 413 });
    const noId = await post(await sealed(entityOf('x')), { headers: { 'Message-ID': '' } });
    expect(noId.status).toBe(400);
    // Bytes with no Content-Type at all: read as an envelope, refused as one.
    const untyped = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      const req = request(`${app.url}${inboundPath()}`, {
        method: 'POST',
        headers: {
          'as2-from': 'ZZFDA',
          'as2-to': 'VIGILO NPC',
          'message-id': '<u@x>',
          'disposition-notification-to': 'x',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) });
      });
      req.on('error', reject);
      req.end(randomBytes(64));
    });
    expect(untyped).toMatchObject({ status: 200, type: expect.stringMatching(/^multipart\/signed/) });
  });
});

describe('the same Message-ID', () => {
  it('twice, then five at once: processed once, each answered with its MDN', async () => {
    const report = await sentReport();
    const message = await sealed(entityOf(ackFor(report.messageId)));
    const messageId = `<${crypto.randomUUID()}@esg.fda.example>`;
    const first = await post(message, { messageId });
    const again = await post(message, { messageId });
    const burst = await Promise.all(Array.from({ length: 5 }, () => post(message, { messageId })));
    for (const res of [first, again, ...burst]) {
      expect(res.status).toBe(200);
      const mdn = await mdnOf(res);
      expect(mdn.fields.disposition).toBe('automatic-action/MDN-sent-automatically; processed');
      expect(mdn.fields['received-content-mic']).toBe(`${message.mic}, sha-256`);
    }
    expect((await mdnOf(again)).text).toContain('received before');
    expect(await kept(messageId)).toHaveLength(1);
    const history = await app.db
      .selectFrom('submission_report_statuses')
      .select('status')
      .where('submission_report_id', '=', report.id)
      .execute();
    expect(history.map((h) => h.status).filter((s) => s === 'ACCEPTED')).toHaveLength(1);
  });

  it('five different messages at once, each with its own id: five kept', async () => {
    const report = await sentReport();
    const message = await sealed(entityOf(ackFor(report.messageId)));
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(message)));
    for (const res of answers) expect(res.status).toBe(200);
    const rows = await Promise.all(answers.map((a) => kept(a.messageId)));
    expect(rows.map((r) => r.length)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('what is not an acknowledgement is kept and flagged', () => {
  it('an FDA ACK2 text receipt, an MDN naming one of our messages, and verified garbage', async () => {
    const report = await sentReport();
    const ack2 = await post(
      await sealed(
        entityOf('MessageId: <x@vigilo>\r\nReceived by the FDA ESG: 2026-11-29 10:00', 'text/plain'),
      ),
    );
    const mdnBody = [
      'Content-Type: multipart/report; report-type=disposition-notification; boundary="r"',
      '',
      '--r',
      'Content-Type: message/disposition-notification',
      '',
      `Original-Message-ID: <${report.messageId}@vigilo>`,
      'Disposition: automatic-action/MDN-sent-automatically; processed',
      '',
      '--r--',
      '',
    ].join('\r\n');
    const inboundMdn = await post(await sealed(mdnBody));
    const garbage = await post(await sealed(entityOf(randomBytes(300), 'application/octet-stream')));
    for (const res of [ack2, inboundMdn, garbage])
      expect((await mdnOf(res)).fields.disposition).toBe(
        'automatic-action/MDN-sent-automatically; processed',
      );
    const [a, m, g] = await Promise.all([
      kept(ack2.messageId),
      kept(inboundMdn.messageId),
      kept(garbage.messageId),
    ]);
    expect(a[0]).toMatchObject({ kind: 'other', matched: false, content_type: 'text/plain' });
    expect(a[0]!.xml).toContain('Received by the FDA ESG');
    expect(a[0]!.problem).toMatch(/^Not an ICH acknowledgement/);
    expect(m[0]).toMatchObject({ kind: 'mdn', matched: false, message_ids: [report.messageId] });
    expect(m[0]!.problem).toContain(report.messageId);
    expect(g[0]).toMatchObject({ kind: 'other', matched: false });
    expect(g[0]!.problem).toContain('base64');
    expect((await readReport(report.id)).status).toBe('SENT');
    const flagged = await http<{ items: StoredSubmissionResponse[] }>(
      app.url,
      'GET',
      '/v1/submissions/responses?matched=false&size=100',
      { token: staff },
    );
    const ids = flagged.body.items.map((r) => r.id);
    for (const row of [a[0]!, m[0]!, g[0]!]) expect(ids).toContain(row.id);
  });

  it('an acknowledgement naming another organisation’s message is kept unmatched; that report is untouched', async () => {
    // A user administering both organisations sends a case from the second one.
    const both = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const other = home.organisationIds[1];
    const theirs = await addAs2Receiver(both.token, other);
    const caseId = await readyCase(app, both.token, other);
    const sent = await distribute(app, both.token, { reportId: caseId, resources: [theirs.id] });
    expect(sent.status).toBe(201);
    const otherReport = sent.body[0]!.reports[0]!;
    // The first organisation's gateway names it.
    const res = await post(await sealed(entityOf(ackFor(otherReport.messageId))));
    expect((await mdnOf(res)).text).toContain('did not send for this organisation');
    const [row] = await kept(res.messageId);
    expect(row).toMatchObject({
      organisation_id: home.organisationIds[0],
      matched: false,
      submission_report_id: null,
    });
    expect((await readReport(otherReport.id, both.token)).status).toBe('NOT_SENT');
  });
});

describe('an asynchronous MDN', () => {
  it('is answered at once and POSTed to Receipt-Delivery-Option by a job, signed', async () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const report = await sentReport();
      const message = await sealed(entityOf(ackFor(report.messageId)));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mdn`;
      const res = await post(message, { headers: { 'Receipt-Delivery-Option': url } });
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(0);
      expect((await readReport(report.id)).status).toBe('ACCEPTED');
      // A message signed by a stranger names the same address: its refusal comes on the connection.
      const forged = await post(await sealed(entityOf(ackFor(report.messageId)), { signer: stray }), {
        headers: { 'Receipt-Delivery-Option': url },
      });
      expect((await mdnOf(forged)).fields.disposition).toMatch(/authentication-failed$/);
      const mdn = await eventually(async () => {
        if (!received[0]) throw new Error('no MDN yet');
        return received[0];
      }, 15_000);
      expect(mdn.headers['as2-to']).toBe('ZZFDA');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(received).toHaveLength(1);
      const read = await verifyMdn(String(mdn.headers['content-type']), mdn.body, vigilo.cert);
      expect(read.fields).toMatchObject({
        'original-message-id': res.messageId,
        disposition: 'automatic-action/MDN-sent-automatically; processed',
        'received-content-mic': `${message.mic}, sha-256`,
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

// openssl itself refuses an MDN signed by another key: the MDN check above can fail.
it('verifyMdn rejects an MDN that is not signed by our certificate', async () => {
  const report = await sentReport();
  const res = await post(await sealed(entityOf(ackFor(report.messageId))));
  await expect(verifyMdn(res.headers.get('content-type') ?? '', res.body, stray.cert)).rejects.toThrow();
  expect(openssl).toBeTypeOf('function');
});
