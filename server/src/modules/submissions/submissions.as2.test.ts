import type { Receiver, StoredSubmissionResponse, Submission, SubmissionReport } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type As2TestReceiver, rsaCertificate, startAs2Receiver } from '../../../test/as2-receiver.ts';
import { selfSignedCertificate } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  eventually,
  http,
  signedIn,
  startTestApp,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { readyCase } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { submissionsArea } from './submissions.area.ts';
import { as2Transport } from './submissions.as2.ts';
import { deliverSubmissionReport } from './submissions.delivery.ts';

/**
 * AS2 receivers and deliveries (issue 15, decision 0195) against a real AS2 endpoint that
 * decrypts, verifies and signs with openssl: receivers checked when written, a message
 * delivered with its signed MDN checked, a negative MDN, a receiver down, a certificate that
 * does not match, an MDN signed by someone else, the same Message-ID on a resend.
 */
let app: TestApp;
let partner: As2TestReceiver;
let home: TestTenant;
let foreign: TestTenant;
let admin: string;
let staff: string;
const vigilo = rsaCertificate('vigilo-as2');

beforeAll(async () => {
  partner = await startAs2Receiver(vigilo.cert);
  app = await startTestApp({
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    SUBMISSION_DELIVERY_ATTEMPTS: '3',
    SUBMISSION_RETRY_DELAY_SECONDS: '1',
  });
  await app.jobs.work(
    submissionsArea.jobs({
      db: app.db,
      config: app.config,
      mailer: mailerFor(app.config, app.db, app.jobs),
      jobs: app.jobs,
    }),
  );
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  staff = (await signedIn(app, home, 'organisation_staff')).token;
});
afterAll(async () => {
  await app?.close();
  await partner?.close();
});

type Answer<T> = T & { code?: string; meta?: { fields?: { field: string }[] } };

const as2 = (path = '/as2', settings: Record<string, unknown> = {}, credentials: object | null = {}) => ({
  type: 'as2',
  url: `${partner.url}${path}`,
  as2: { from: 'VIGILO-NPC', to: 'ZZFDA', partnerCertificate: partner.certificate, ...settings },
  ...(credentials && { credentials: { certificate: vigilo.cert, privateKey: vigilo.key, ...credentials } }),
});
const body = (transport: object, name = `FDA ESG ${crypto.randomUUID().slice(0, 8)}`) => ({
  name,
  batchSender: 'VIGILO-NPC',
  batchReceiver: 'ZZFDA',
  messageReceiver: 'CDER',
  profile: 'fda',
  transport,
});
const receiversPath = (tenant = home, id?: string) =>
  `/v1/organisation/${tenant.organisationIds[0]}/receivers${id ? `/${id}` : ''}`;
const create = (payload: unknown, token = admin) =>
  http<Answer<Receiver>>(app.url, 'POST', receiversPath(), { token, body: payload });

async function addAs2Receiver(transport: object) {
  const res = await create(body(transport));
  if (res.status !== 201) throw new Error(`receiver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function distributeTo(receiverId: string): Promise<SubmissionReport> {
  const res = await http<Submission[]>(app.url, 'POST', '/v1/submissions/distribute', {
    token: staff,
    body: { reportId: await readyCase(app, admin), resources: [receiverId] },
  });
  if (res.status !== 201) throw new Error(`distribute: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0]!.reports[0]!;
}

const settled = (id: string, status: string, timeoutMs = 15_000) =>
  eventually(async () => {
    const res = await http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${id}`, {
      token: staff,
    });
    if (res.body.status !== status) throw new Error(`still ${res.body.status}`);
    return res.body;
  }, timeoutMs);

describe('AS2 receivers', () => {
  it('an administrator adds one; the signing key is sealed, never answered, never audited', async () => {
    const res = await create(body(as2(), 'EMA gateway AS2'));
    expect(res.status).toBe(201);
    expect(res.body.transport).toEqual({
      type: 'as2',
      url: `${partner.url}/as2`,
      auth: 'none',
      hasCredentials: true,
      caCertificate: null,
      as2: {
        from: 'VIGILO-NPC',
        to: 'ZZFDA',
        partnerCertificate: partner.certificate,
        encryption: 'aes256-cbc',
        signing: 'sha-256',
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('PRIVATE KEY');
    const row = await app.db
      .selectFrom('receivers')
      .select('credentials_sealed')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.credentials_sealed).toMatch(/^v2\./);
    expect(row.credentials_sealed).not.toContain('PRIVATE');
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', res.body.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['receiver.created']);
    expect(JSON.stringify(audit)).not.toContain('PRIVATE KEY');
  });

  it('certificates, keys and names are checked when written: 400 naming the field, nothing stored', async () => {
    const other = rsaCertificate('not-vigilo');
    const ec = selfSignedCertificate();
    const cases: [object, string][] = [
      [as2('/as2', { partnerCertificate: 'not a certificate' }), 'body/transport/as2/partnerCertificate'],
      [as2('/as2', { partnerCertificate: ec.cert }), 'body/transport/as2/partnerCertificate'],
      [as2('/as2', {}, { certificate: 'garbage' }), 'body/transport/credentials/certificate'],
      [as2('/as2', {}, { privateKey: other.key }), 'body/transport/credentials/privateKey'],
      [
        as2('/as2', {}, { privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' }),
        'body/transport/credentials/privateKey',
      ],
      [as2('/as2', {}, { token: 'x' }), 'body/transport/credentials/token'],
      [as2('/as2', {}, null), 'body/transport/credentials'],
      [as2('/as2', { from: 'VIGILO "NPC"' }), 'body/transport/as2/from'],
      [{ ...as2(), as2: undefined }, 'body/transport/as2'],
      [{ ...as2(), url: 'ftp://127.0.0.1/as2' }, 'body/transport/url'],
      [{ ...as2(), url: 'http://10.1.2.3/as2' }, 'body/transport/url'],
      [{ ...as2(), auth: 'bearer' }, 'body/transport/auth'],
      [{ type: 'https', url: `https://localhost:9/e2b`, as2: as2().as2 }, 'body/transport/as2'],
    ];
    const before = await app.db
      .selectFrom('receivers')
      .select((eb) => eb.fn.countAll().as('n'))
      // This file's platform only: other files add receivers of their own meanwhile.
      .where('platform_id', '=', home.platformId)
      .executeTakeFirstOrThrow();
    for (const [transport, field] of cases) {
      const res = await create(body(transport));
      expect([res.status, res.body.meta?.fields?.[0]?.field], field).toEqual([400, field]);
    }
    const after = await app.db
      .selectFrom('receivers')
      .select((eb) => eb.fn.countAll().as('n'))
      // This file's platform only: other files add receivers of their own meanwhile.
      .where('platform_id', '=', home.platformId)
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('a PUT without credentials keeps the signing key; a receiver moved from HTTPS to AS2 needs one', async () => {
    const made = await addAs2Receiver(as2());
    const kept = await http<Answer<Receiver>>(app.url, 'PUT', receiversPath(home, made.id), {
      token: admin,
      body: body(as2('/as2', { encryption: '3des', signing: 'sha-512' }, null), made.name),
    });
    expect(kept.status).toBe(200);
    expect(kept.body.transport).toMatchObject({
      hasCredentials: true,
      as2: { encryption: '3des', signing: 'sha-512' },
    });

    const https = await create(
      body({ type: 'https', url: 'https://localhost:9/e2b', auth: 'bearer', credentials: { token: 't' } }),
    );
    const moved = await http<Answer<Receiver>>(app.url, 'PUT', receiversPath(home, https.body.id), {
      token: admin,
      body: body(as2('/as2', {}, null), https.body.name),
    });
    expect([moved.status, moved.body.meta?.fields?.[0]?.field]).toEqual([400, 'body/transport/credentials']);
  });

  it('a PUT merges the AS2 settings (decision 0202): one sent replaces, the rest and the signing key are kept', async () => {
    const made = await addAs2Receiver(as2('/as2', { encryption: '3des' }));
    const signing = await http<Answer<Receiver>>(app.url, 'PUT', receiversPath(home, made.id), {
      token: admin,
      body: { transport: { as2: { signing: 'sha-512' } } },
    });
    expect(signing.status).toBe(200);
    expect(signing.body.transport).toEqual({
      type: 'as2',
      url: `${partner.url}/as2`,
      auth: 'none',
      hasCredentials: true,
      caCertificate: null,
      as2: {
        from: 'VIGILO-NPC',
        to: 'ZZFDA',
        partnerCertificate: partner.certificate,
        encryption: '3des',
        signing: 'sha-512',
      },
    });
    // The key kept is the one that signs: the partner verifies the message, its MDN says processed.
    await settled((await distributeTo(made.id)).id, 'SENT');
    const renamed = await http<Answer<Receiver>>(app.url, 'PUT', receiversPath(home, made.id), {
      token: admin,
      body: { name: `${made.name} renamed`, transport: { as2: { to: 'EMA' } } },
    });
    expect(renamed.body.name).toBe(`${made.name} renamed`);
    expect(renamed.body.transport.as2).toEqual({
      from: 'VIGILO-NPC',
      to: 'EMA',
      partnerCertificate: partner.certificate,
      encryption: '3des',
      signing: 'sha-512',
    });
    expect(renamed.body.transport.hasCredentials).toBe(true);
    // Moved to HTTPS, nothing of AS2 stays: no AS2 settings, no signing key.
    const https = await http<Answer<Receiver>>(app.url, 'PUT', receiversPath(home, made.id), {
      token: admin,
      body: { transport: { type: 'https', url: 'https://localhost:9/e2b' } },
    });
    expect(https.body.transport).toEqual({
      type: 'https',
      url: 'https://localhost:9/e2b',
      auth: 'none',
      hasCredentials: false,
      caCertificate: null,
      as2: null,
    });
  });

  it("another organisation's administrator neither sees nor changes it (404)", async () => {
    const made = await addAs2Receiver(as2());
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    const list = await http<Receiver[]>(app.url, 'GET', '/v1/receivers', { token: stranger });
    expect(list.body.map((r) => r.id)).not.toContain(made.id);
    const put = await http(
      app.url,
      'PUT',
      `/v1/organisation/${foreign.organisationIds[0]}/receivers/${made.id}`,
      {
        token: stranger,
        body: body(as2(), 'taken over'),
      },
    );
    expect(put.status).toBe(404);
  });
});

describe('delivery over AS2', () => {
  it('a case is delivered signed and encrypted, its signed MDN checked: SENT, the partner got the very message', async () => {
    const r = await addAs2Receiver(as2());
    const report = await distributeTo(r.id);
    const done = await settled(report.id, 'SENT');
    expect(done).toMatchObject({ attempts: 1, httpStatus: 200, lastError: null, statusReason: null });
    const messageId = `<${report.messageId}@vigilo>`;
    expect(partner.processed.get(messageId)).toBe(1);
    const got = partner.messages.find((m) => m.messageId === messageId)!;
    expect([got.as2From, got.as2To]).toEqual(['VIGILO-NPC', 'ZZFDA']);
    const sent = await http<{ xml: string }>(app.url, 'GET', `/v1/reports/anonymised/${report.id}`, {
      token: staff,
    });
    expect(got.xml).toBe(sent.body.xml);
    const row = await app.db
      .selectFrom('submission_reports')
      .select('response_body')
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(row.response_body).toContain('Disposition: processed');
    expect(row.response_body).toContain(`Original-Message-ID: ${messageId}`);
    // The MDN is also kept with the acknowledgements, linked to its report (decision 0196).
    const list = await http<{ items: StoredSubmissionResponse[] }>(
      app.url,
      'GET',
      '/v1/submissions/responses',
      {
        token: staff,
      },
    );
    const mdn = list.body.items.find((i) => i.submissionReportId === report.id);
    expect(mdn).toMatchObject({ via: 'as2', kind: 'mdn', matched: true, receiverId: r.id, problem: null });
    const detail = await http<{ xml: string }>(app.url, 'GET', `/v1/submissions/responses/${mdn!.id}`, {
      token: staff,
    });
    expect(detail.body.xml).toContain(`Original-Message-ID: ${messageId}`);
  });

  it("a negative MDN is FAILED at once with the receiver's words, not retried", async () => {
    const r = await addAs2Receiver(as2('/as2/negative'));
    const report = await distributeTo(r.id);
    const done = await settled(report.id, 'FAILED');
    expect(done.attempts).toBe(1);
    expect(done.statusReason).toBe(
      'The receiver refused it (HTTP 200): The receiver did not process the message: ' +
        'processed/error: unexpected-processing-error. The E2B batch was refused: N.1.4 is not ours.',
    );
    const kept = await app.db
      .selectFrom('submission_responses')
      .select(['kind', 'problem'])
      .where('submission_report_id', '=', report.id)
      .execute();
    expect(kept).toEqual([
      { kind: 'mdn', problem: done.statusReason!.replace('The receiver refused it (HTTP 200): ', '') },
    ]);
  });

  it('a receiver that is down is tried again with backoff, then FAILED', async () => {
    const r = await addAs2Receiver(as2('/as2/down'));
    const report = await distributeTo(r.id);
    const done = await settled(report.id, 'FAILED', 40_000);
    expect(done.attempts).toBe(3);
    expect(done.statusReason).toBe('Attempt 3 of 3 failed (HTTP 503): Service unavailable');
    expect(partner.seen.filter((id) => id === `<${report.messageId}@vigilo>`)).toHaveLength(3);
  });

  it("a partner certificate that is not the receiver's: it cannot decrypt, the MDN does not verify, FAILED", async () => {
    const r = await addAs2Receiver(as2('/as2', { partnerCertificate: rsaCertificate('impostor').cert }));
    const report = await distributeTo(r.id);
    const done = await settled(report.id, 'FAILED');
    expect(done.attempts).toBe(1);
    expect(done.statusReason).toBe(
      "The receiver refused it (HTTP 200): The MDN's signature does not match the partner's certificate",
    );
    expect(partner.processed.has(`<${report.messageId}@vigilo>`)).toBe(false);
  });

  it('an MDN signed by someone else than the partner is not taken as a receipt', async () => {
    const r = await addAs2Receiver(as2('/as2/bad-signature'));
    const report = await distributeTo(r.id);
    const done = await settled(report.id, 'FAILED');
    expect(done.statusReason).toContain("The MDN's signature does not match the partner's certificate");
  });

  it.each([
    [
      '/as2/wrong-mic',
      /^The receiver refused it \(HTTP 200\): The MDN's MIC \(.+\) is not that of the message sent \(.+\): it was altered on the way$/,
    ],
    [
      '/as2/unsigned',
      /^The receiver refused it \(HTTP 200\): The receiver answered an unsigned multipart\/report, not a signed MDN$/,
    ],
  ])('an MDN from %s is not a receipt', async (path, reason) => {
    const r = await addAs2Receiver(as2(path));
    const report = await distributeTo(r.id);
    const done = await settled(report.id, 'FAILED');
    expect(done.statusReason).toMatch(reason);
  });

  it('a resend after a crash carries the same Message-ID and X-Message-Id', async () => {
    const r = await addAs2Receiver(as2());
    const report = await distributeTo(r.id);
    await settled(report.id, 'SENT');
    await app.db
      .updateTable('submission_deliveries')
      .set({ state: 'sending', lease_until: new Date(Date.now() - 1000) })
      .where('submission_report_id', '=', report.id)
      .execute();
    await app.db
      .updateTable('submission_reports')
      .set({ status: 'NOT_SENT' })
      .where('id', '=', report.id)
      .execute();
    const ctx = {
      db: app.db,
      config: app.config,
      mailer: mailerFor(app.config, app.db, app.jobs),
      jobs: app.jobs,
    };
    await deliverSubmissionReport(ctx, { submissionReportId: report.id });
    const sends = partner.messages.filter((m) => m.messageId === `<${report.messageId}@vigilo>`);
    expect(sends).toHaveLength(2);
    expect(sends[1]!.xml).toBe(sends[0]!.xml);
    expect(sends.map((s) => s.xMessageId)).toEqual([report.messageId, report.messageId]);
    expect((await settled(report.id, 'SENT')).attempts).toBe(2);
  });

  it.each([
    ['aes128-cbc', 'sha-1'],
    ['aes192-cbc', 'sha-384'],
    ['3des', 'sha-512'],
  ])('%s with %s: openssl decrypts and verifies it, its MDN MIC matches', async (encryption, signing) => {
    const transport = as2Transport(
      app.config,
      {
        url: `${partner.url}/as2`,
        ca_certificate: null,
        as2_from: 'VIGILO NPC',
        as2_to: 'ZZFDA',
        as2_partner_certificate: partner.certificate,
        as2_encryption: encryption,
        as2_signing: signing,
      },
      { certificate: vigilo.cert, privateKey: vigilo.key },
    );
    const messageId = `M-as2-${encryption}-${signing}`;
    const outcome = await transport.deliver({ messageId, xml: '<ichicsr>é</ichicsr>\n' });
    expect(outcome.status, outcome.body ?? '').toBe('delivered');
    expect(outcome.body).toContain(`, ${signing}`);
    const got = partner.messages.find((m) => m.xMessageId === messageId)!;
    expect([got.as2From, got.xml]).toEqual(['"VIGILO NPC"', '<ichicsr>é</ichicsr>\n']);
  });

  it('the send-test button goes through AS2 and shows the MDN', async () => {
    const r = await addAs2Receiver(as2());
    const res = await http<{ outcome: string; httpStatus: number; body: string }>(
      app.url,
      'POST',
      `${receiversPath(home, r.id)}/test`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'delivered', httpStatus: 200 });
    expect(res.body.body).toMatch(/^Disposition: processed\. The message was received and decrypted/);
  });

  it('a receiver that never answers is a failed attempt after the time-out', async () => {
    const transport = as2Transport(
      app.config,
      {
        url: `${partner.url}/as2/silent`,
        ca_certificate: null,
        as2_from: 'VIGILO-NPC',
        as2_to: 'ZZFDA',
        as2_partner_certificate: partner.certificate,
        as2_encryption: 'aes128-cbc',
        as2_signing: 'sha-256',
      },
      { certificate: vigilo.cert, privateKey: vigilo.key },
      300,
    );
    const outcome = await transport.deliver({ messageId: 'M-as2-silent-1', xml: '<x/>' });
    expect(outcome).toEqual({ status: 'failed', httpStatus: null, body: 'No answer within 0.3 seconds' });
  });
});
