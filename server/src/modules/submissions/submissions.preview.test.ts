import type { Receiver, ReceiverTestResult, SubmissionPreview } from '@vigilo/contract';
import { exportBatch, validate } from '@vigilo/e2b';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  startTestApp,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { readyCase } from '../../../test/submissions.ts';
import { sampleCase } from './submissions.sample-case.ts';

/**
 * Before anything is submitted (decisions 0185–0186): a receiver's "send test message" against
 * a real HTTPS receiver, and the submit dialog's preview of each receiver's message.
 */
const TOKEN = 'gateway-token-3f9a-never-shown';

let app: TestApp;
let receiver: TestReceiver;
let home: TestTenant;
let foreign: TestTenant;
let admin: string;
let staff: string;

beforeAll(async () => {
  receiver = await startTestReceiver();
  app = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost' });
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  staff = (await signedIn(app, home, 'organisation_staff')).token;
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

type Answer<T> = T & { code?: string; meta?: { fields?: { field: string }[] } };

async function addReceiver(body: Record<string, unknown>, orgId = home.organisationIds[0], token = admin) {
  const res = await http<Receiver>(app.url, 'POST', `/v1/organisation/${orgId}/receivers`, {
    token,
    // FDA takes messages from the sender ids it approved only (decision 0230).
    body: {
      name: `Receiver ${crypto.randomUUID()}`,
      ...(body.profile === 'fda' ? { batchSender: 'VIGILO-FDA-1' } : {}),
      ...body,
    },
  });
  if (res.status !== 201) throw new Error(`receiver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const https = (path: string, auth: Record<string, unknown> = { auth: 'none' }, trusted = true) => ({
  type: 'https',
  url: `${receiver.url}${path}`,
  ...(trusted ? { caCertificate: receiver.certificate } : {}),
  ...auth,
});

const sendTest = (r: Pick<Receiver, 'id' | 'organisationId'>, token = admin, orgId = r.organisationId) =>
  http<Answer<ReceiverTestResult>>(app.url, 'POST', `/v1/organisation/${orgId}/receivers/${r.id}/test`, {
    token,
  });

describe('POST /v1/organisation/{id}/receivers/{receiverId}/test', () => {
  it("sends the receiver's own message of a synthetic case and answers its acknowledgement; the token is used, never shown", async () => {
    const fda = await addReceiver({
      batchSender: 'VIGILO-NPC',
      batchReceiver: 'ZZFDA',
      messageReceiver: 'CDER',
      profile: 'fda',
      maskPersonalData: true,
      transport: https('/accept', { auth: 'bearer', credentials: { token: TOKEN } }),
    });
    const res = await sendTest(fda);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      outcome: 'delivered',
      httpStatus: 200,
      ack: { code: 'CA', accepted: true, errors: [] },
      valid: true,
      findings: [],
    });
    expect(res.body.messageId).toMatch(/^TEST-\d{14}-[0-9a-f]{8}$/);
    const got = receiver.requests.filter((r) => r.messageId === res.body.messageId);
    expect(got).toHaveLength(1);
    expect(got[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(got[0]!.body).toContain('extension="VIGILO-NPC"/>');
    expect(got[0]!.body).toContain('TEST PRODUCT');
    // Masked as this receiver asks: the patient's initials are MSK.
    expect(got[0]!.body).toContain('<name nullFlavor="MSK"/>');
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);

    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', fda.id)
      .where('action', '=', 'receiver.tested')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      messageId: res.body.messageId,
      outcome: 'delivered',
      httpStatus: 200,
      ackCode: 'CA',
    });
    expect(JSON.stringify(audit[0])).not.toContain(TOKEN);
  });

  it('answers a negative acknowledgement, a refusal, a receiver down and an untrusted certificate in words', async () => {
    const rejecting = await sendTest(await addReceiver({ transport: https('/reject') }));
    expect(rejecting.body).toMatchObject({
      outcome: 'delivered',
      httpStatus: 200,
      ack: { code: 'CR', accepted: false, errors: ['Patient age is missing', 'Drug role is missing'] },
    });
    const refusing = await sendTest(await addReceiver({ transport: https('/refuse') }));
    expect(refusing.body).toMatchObject({
      outcome: 'refused',
      httpStatus: 400,
      body: 'Not an E2B message we take',
      ack: null,
    });
    const down = await sendTest(await addReceiver({ transport: https('/down') }));
    expect(down.body).toMatchObject({ outcome: 'failed', httpStatus: 503, body: 'Service unavailable' });
    const untrusted = await sendTest(await addReceiver({ transport: https('/accept', undefined, false) }));
    expect(untrusted.status).toBe(200);
    expect(untrusted.body.outcome).toBe('failed');
    expect(untrusted.body.httpStatus).toBeNull();
    expect(untrusted.body.body).toMatch(/^The connection failed: /);
  });

  it('sends a made-up case that passes the ICH, FDA and EU rules, so an answer is about the set-up', () => {
    const at = '2026-11-27T10:00:00+00:00';
    for (const [profile, receiverId, messageReceiver] of [
      ['ich', 'ICH', 'ICH'],
      ['fda', 'ZZFDA', 'CDER'],
      ['eu', 'EVHUMAN', 'EVHUMAN'],
    ] as const) {
      const xml = exportBatch(
        { batchNumber: 'TEST-1', batchSender: 'VIGILO', batchReceiver: receiverId, transmissionTime: at },
        [
          {
            header: {
              messageId: 'TEST-1',
              messageSender: 'VIGILO',
              messageReceiver,
              messageCreationTime: at,
            },
            document: sampleCase('TEST-1', '2026-11-27'),
          },
        ],
      );
      const report = validate(xml, profile);
      expect([...report.findings, ...report.cases.flatMap((c) => c.findings)], profile).toEqual([]);
    }
  });

  it('a receiver with no transport has nowhere to send: 409', async () => {
    const none = await addReceiver({ transport: { type: 'none' } });
    const res = await sendTest(none);
    expect(res.status).toBe(409);
    expect(res.body.meta?.fields?.[0]?.field).toBe('params/receiverId');
  });

  it("is for administrators; another organisation's or platform's receiver is 404; a two-organisation user tests where it administers", async () => {
    const r = await addReceiver({ transport: https('/accept') });
    const before = receiver.requests.length;
    expect((await sendTest(r, staff)).status).toBe(403);
    const otherOrg = (await signedIn(app, home, 'organisation_admin', 1)).token;
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    expect((await sendTest(r, otherOrg)).status).toBe(404);
    expect((await sendTest(r, otherOrg, home.organisationIds[1])).status).toBe(404);
    expect((await sendTest(r, stranger)).status).toBe(404);
    expect((await sendTest(r, stranger, foreign.organisationIds[0])).status).toBe(404);
    expect(receiver.requests.length).toBe(before);

    const two = await signedInToTwo(app, home, ['organisation_staff', 'organisation_admin']);
    expect((await sendTest(r, two.token)).status).toBe(403);
    const inB = await addReceiver({ transport: https('/accept') }, home.organisationIds[1], otherOrg);
    const res = await sendTest(inB, two.token);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('delivered');
  });
});

const preview = (token: string, reportId: string) =>
  http<Answer<SubmissionPreview>>(app.url, 'POST', '/v1/submissions/preview', { token, body: { reportId } });

describe('POST /v1/submissions/preview', () => {
  let tenant: TestTenant;
  let tenantStaff: { token: string; userId: string };
  let reportId: string;
  let fda: Receiver;
  let eu: Receiver;

  beforeAll(async () => {
    tenant = await createTenant(app.db);
    const a = await signedIn(app, tenant, 'organisation_admin');
    const s = await signedIn(app, tenant, 'organisation_staff');
    tenantStaff = { token: s.token, userId: s.user.id };
    const org = tenant.organisationIds[0];
    fda = await addReceiver({ name: 'FDA ESG', profile: 'fda', transport: https('/accept') }, org, a.token);
    eu = await addReceiver(
      { name: 'EudraVigilance', profile: 'eu', transport: { type: 'none' } },
      org,
      a.token,
    );
    // A receiver of the other organisation is never offered for this case.
    const b = (await signedIn(app, tenant, 'organisation_admin', 1)).token;
    await addReceiver({ name: 'Partner of B', profile: 'ich' }, tenant.organisationIds[1], b);
    reportId = await readyCase(app, a.token, org);
  });

  it("lists each receiver of the case's organisation with the validation of the message it would get, storing nothing", async () => {
    const res = await preview(tenantStaff.token, reportId);
    expect(res.status).toBe(200);
    expect(res.body.reportId).toBe(reportId);
    expect(res.body.organisationId).toBe(tenant.organisationIds[0]);
    expect(res.body.receivers.map((r) => r.name)).toEqual(['EudraVigilance', 'FDA ESG']);
    const [euPreview, fdaPreview] = res.body.receivers;
    expect(fdaPreview).toEqual({
      id: fda.id,
      name: 'FDA ESG',
      profile: 'fda',
      transport: 'https',
      picked: false,
      pickedBy: null,
      valid: true,
      findings: [],
    });
    expect(euPreview).toMatchObject({ id: eu.id, profile: 'eu', transport: 'none', valid: false });
    const dose = euPreview!.findings.find((f) => f.rule === 'EU-EDQM-DOSE-FORM');
    expect(dose).toMatchObject({ severity: 'error', dataElement: 'G.k.4.r.9.2b' });
    expect(dose!.field).toMatch(/^report\/G\/drugs\/0\/dosages\/0\//);

    const submissions = await http<{ items: unknown[] }>(
      app.url,
      'GET',
      `/v1/submissions?reportId=${reportId}`,
      {
        token: tenantStaff.token,
      },
    );
    expect(submissions.body.items).toEqual([]);
    const case_ = await http<{ status: string }>(app.url, 'GET', `/v1/reports/${reportId}`, {
      token: tenantStaff.token,
    });
    expect(case_.body.status).toBe('ready_to_submit');
  });

  it('words the findings in the caller’s language', async () => {
    // A new user, its language set before its first request (the actor cache would keep the old one).
    const french = await signedIn(app, tenant, 'organisation_staff');
    await app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', french.user.id).execute();
    const res = await preview(french.token, reportId);
    const dose = res.body.receivers
      .find((r) => r.id === eu.id)!
      .findings.find((f) => f.rule === 'EU-EDQM-DOSE-FORM');
    expect(dose!.message).toMatch(/manque/);
  });

  it("another organisation's or platform's case is 404; assessors do not submit; a two-organisation user previews where it is staff", async () => {
    const otherOrg = (await signedIn(app, tenant, 'organisation_staff', 1)).token;
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    for (const token of [otherOrg, stranger]) expect((await preview(token, reportId)).status).toBe(404);
    const assessor = (await signedIn(app, tenant, 'assessor')).token;
    expect((await preview(assessor, reportId)).status).toBe(403);
    expect((await preview(tenantStaff.token, crypto.randomUUID())).status).toBe(404);

    const two = await signedInToTwo(app, tenant, ['assessor', 'organisation_staff']);
    expect((await preview(two.token, reportId)).status).toBe(403);
    const b = (await signedIn(app, tenant, 'organisation_admin', 1)).token;
    const inB = await readyCase(app, b, tenant.organisationIds[1]);
    const res = await preview(two.token, inB);
    expect(res.status).toBe(200);
    expect(res.body.receivers.map((r) => r.name)).toEqual(['Partner of B']);
  });
});
