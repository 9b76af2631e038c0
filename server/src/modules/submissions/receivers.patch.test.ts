import type { Receiver, ReceiverTestResult } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestReceiver } from '../../../test/e2b-receiver.ts';
import { createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import type { Answer } from '../../../test/submissions.ts';

/**
 * PUT of a receiver is a merge patch (decision 0202): each field left out keeps its stored
 * value, each field sent replaces it (null clears a nullable one). Every case starts from a
 * receiver with no field at its default and compares the whole answer with one written by hand.
 * Credentials are checked where they are used: the bearer token the test receiver is sent.
 */
const receiver = useTestReceiver();
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost' });
let home: TestTenant;
let admin: string;

beforeAll(async () => {
  home = await createTenant(app.db);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
});

const org = () => home.organisationIds[0]!;
const path = (id?: string) => `/v1/organisation/${org()}/receivers${id ? `/${id}` : ''}`;
const TOKEN = 'stored-token-6f1ed002ab5595859014ebf0951522d9';

/** A receiver with every field away from its default; `name` differs per case (names are unique). */
const body = (name: string) => ({
  name,
  code: 'FDA-1',
  batchSender: 'VIGILO-NPC',
  batchReceiver: 'ZZFDA',
  messageSender: 'VIGILO-MS',
  messageReceiver: 'CDER',
  profile: 'fda',
  maskPersonalData: true,
  fdaRoute: 'premarket',
  dueDaysSerious: 7,
  dueDaysNonSerious: 30,
  isDefault: true,
  rule: 'case.serious',
  requiresReview: true,
  deliveryAttempts: 12,
  transport: {
    type: 'https',
    url: `${receiver.url}/accept`,
    auth: 'bearer',
    caCertificate: receiver.certificate,
    credentials: { token: TOKEN },
  },
});

/** The answer for `body(name)`, written out field by field (ids and times aside). */
const answer = (name: string) => ({
  name,
  code: 'FDA-1',
  batchSender: 'VIGILO-NPC',
  batchReceiver: 'ZZFDA',
  messageSender: 'VIGILO-MS',
  messageReceiver: 'CDER',
  profile: 'fda',
  maskPersonalData: true,
  fdaRoute: 'premarket',
  dueDaysSerious: 7,
  dueDaysNonSerious: 30,
  isDefault: true,
  rule: 'case.serious',
  requiresReview: true,
  deliveryAttempts: 12,
  transport: {
    type: 'https',
    url: `${receiver.url}/accept`,
    auth: 'bearer',
    hasCredentials: true,
    caCertificate: receiver.certificate,
    as2: null,
  },
});

const settings = ({ id: _i, organisationId: _o, createdAt: _c, updatedAt: _u, ...rest }: Receiver) => rest;

async function made(): Promise<Receiver> {
  const res = await http<Answer<Receiver>>(app.url, 'POST', path(), {
    token: admin,
    body: body(`Patched ${crypto.randomUUID().slice(0, 8)}`),
  });
  if (res.status !== 201) throw new Error(`receiver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const put = (id: string, patch: unknown) =>
  http<Answer<Receiver>>(app.url, 'PUT', path(id), { token: admin, body: patch });
/** What the test receiver is sent as Authorization when the receiver's test button is pressed. */
async function authorizationSent(id: string): Promise<string | null> {
  const res = await http<ReceiverTestResult>(app.url, 'POST', `${path(id)}/test`, { token: admin });
  expect(res.body.outcome).toBe('delivered');
  return receiver.requests.find((r) => r.messageId === res.body.messageId)!.authorization;
}

describe('PUT of a receiver is a merge patch', () => {
  it('an empty body keeps every field, the credentials included', async () => {
    const r = await made();
    const res = await put(r.id, {});
    expect(res.status).toBe(200);
    expect(settings(res.body)).toEqual(answer(r.name));
    expect(await authorizationSent(r.id)).toBe(`Bearer ${TOKEN}`);
  });

  // Each row: what is sent, and what the answer then differs in (everything else is kept).
  const rows: [string, Record<string, unknown>, (name: string) => Record<string, unknown>][] = [
    ['name', { name: 'Renamed gateway' }, () => ({ name: 'Renamed gateway' })],
    ['code', { code: 'EMA-2' }, () => ({ code: 'EMA-2' })],
    ['code: null', { code: null }, () => ({ code: null })],
    ['batchSender: null', { batchSender: null }, () => ({ batchSender: null })],
    ['batchReceiver', { batchReceiver: 'EVHUMAN' }, () => ({ batchReceiver: 'EVHUMAN' })],
    ['messageSender: null', { messageSender: null }, () => ({ messageSender: null })],
    ['messageReceiver', { messageReceiver: 'EVTEST' }, () => ({ messageReceiver: 'EVTEST' })],
    ['profile', { profile: 'eu' }, () => ({ profile: 'eu' })],
    ['maskPersonalData', { maskPersonalData: false }, () => ({ maskPersonalData: false })],
    ['fdaRoute', { fdaRoute: 'case' }, () => ({ fdaRoute: 'case' })],
    ['dueDaysSerious', { dueDaysSerious: 5 }, () => ({ dueDaysSerious: 5 })],
    ['dueDaysNonSerious', { dueDaysNonSerious: 60 }, () => ({ dueDaysNonSerious: 60 })],
    ['isDefault', { isDefault: false }, () => ({ isDefault: false })],
    ['rule', { rule: 'case.country == "US"' }, () => ({ rule: 'case.country == "US"' })],
    ['rule: null', { rule: null }, () => ({ rule: null })],
    ['requiresReview', { requiresReview: false }, () => ({ requiresReview: false })],
    ['deliveryAttempts', { deliveryAttempts: 30 }, () => ({ deliveryAttempts: 30 })],
  ];
  for (const [what, patch, changed] of rows)
    it(`${what}: sent, it replaces; every other field is kept`, async () => {
      const r = await made();
      const res = await put(r.id, patch);
      expect(res.status).toBe(200);
      expect(settings(res.body)).toEqual({ ...answer(r.name), ...changed(r.name) });
      // Read back, not only answered.
      const listed = await http<Receiver[]>(app.url, 'GET', path(), { token: admin });
      expect(settings(listed.body.find((x) => x.id === r.id)!)).toEqual({
        ...answer(r.name),
        ...changed(r.name),
      });
    });

  it('inside the transport: the address sent replaces it, the authentication, CA and token are kept', async () => {
    const r = await made();
    const res = await put(r.id, { transport: { url: `${receiver.url}/accept/v2` } });
    expect(res.status).toBe(200);
    expect(res.body.transport).toEqual({
      type: 'https',
      url: `${receiver.url}/accept/v2`,
      auth: 'bearer',
      hasCredentials: true,
      caCertificate: receiver.certificate,
      as2: null,
    });
    expect(await authorizationSent(r.id)).toBe(`Bearer ${TOKEN}`);
  });

  it('credentials sent replace the stored ones; the same type named again keeps them', async () => {
    const r = await made();
    const replaced = await put(r.id, { transport: { credentials: { token: 'a-new-token' } } });
    expect(replaced.status).toBe(200);
    expect(await authorizationSent(r.id)).toBe('Bearer a-new-token');
    const same = await put(r.id, { transport: { type: 'https', auth: 'bearer' } });
    expect(same.body.transport.hasCredentials).toBe(true);
    expect(await authorizationSent(r.id)).toBe('Bearer a-new-token');
    const audits = await app.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', r.id)
      .where('action', '=', 'receiver.updated')
      .orderBy('at')
      .execute();
    expect(audits.map((a) => a.details)).toEqual([{ credentialsReplaced: true }, null]);
  });

  it('caCertificate: null clears it (the receiver’s own certificate is then untrusted)', async () => {
    const r = await made();
    const res = await put(r.id, { transport: { caCertificate: null } });
    expect(res.body.transport).toMatchObject({ caCertificate: null, auth: 'bearer', hasCredentials: true });
  });

  it('another authentication needs its own credentials; given, they replace the token', async () => {
    const r = await made();
    const refused = await put(r.id, { transport: { auth: 'basic' } });
    expect([refused.status, refused.body.meta?.fields?.[0]?.field]).toEqual([
      400,
      'body/transport/credentials',
    ]);
    const basic = await put(r.id, {
      transport: { auth: 'basic', credentials: { username: 'vigilo', password: 'pa55word' } },
    });
    expect(basic.body.transport).toMatchObject({ auth: 'basic', hasCredentials: true });
    // base64("vigilo:pa55word"), worked out by hand: "vigilo:pa55word" → dmlnaWxvOnBhNTV3b3Jk
    expect(await authorizationSent(r.id)).toBe('Basic dmlnaWxvOnBhNTV3b3Jk');
  });

  it('another transport type starts from nothing: none drops the address and the secrets', async () => {
    const r = await made();
    const none = await put(r.id, { transport: { type: 'none' } });
    expect(settings(none.body)).toEqual({
      ...answer(r.name),
      transport: {
        type: 'none',
        url: null,
        auth: 'none',
        hasCredentials: false,
        caCertificate: null,
        as2: null,
      },
    });
    const row = await app.db
      .selectFrom('receivers')
      .select('credentials_sealed')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(row.credentials_sealed).toBeNull();
    // Back to HTTPS: nothing of the old transport comes back; its address must be given.
    const bare = await put(r.id, { transport: { type: 'https' } });
    expect([bare.status, bare.body.meta?.fields?.[0]?.field]).toEqual([400, 'body/transport/url']);
    const bearer = await put(r.id, {
      transport: { type: 'https', url: `${receiver.url}/accept`, auth: 'bearer' },
    });
    expect([bearer.status, bearer.body.meta?.fields?.[0]?.field]).toEqual([
      400,
      'body/transport/credentials',
    ]);
  });

  // (A null boolean is read as false by the API's type coercion, decision 0023: not refused here.)
  it('null where null means nothing, or a bad value, is refused naming the field and changes nothing', async () => {
    const r = await made();
    const cases: [Record<string, unknown>, string][] = [
      [{ profile: null }, 'body/profile'],
      [{ fdaRoute: null }, 'body/fdaRoute'],
      [{ fdaRoute: 'ZZFDA_PREMKT' }, 'body/fdaRoute'],
      [{ name: null }, 'body/name'],
      [{ dueDaysSerious: 0 }, 'body/dueDaysSerious'],
      [{ deliveryAttempts: 31 }, 'body/deliveryAttempts'],
      [{ transport: { url: null } }, 'body/transport/url'],
      [{ transport: { url: 'https://10.0.0.7/e2b' } }, 'body/transport/url'],
      [{ rule: 'case.colour == "red"' }, 'body/rule'],
      [{ transport: { as2: { signing: 'sha-512' } } }, 'body/transport/as2'],
    ];
    for (const [patch, field] of cases) {
      const res = await put(r.id, patch);
      expect([res.status, res.body.meta?.fields?.map((f) => f.field)], field).toEqual([
        400,
        expect.arrayContaining([field]),
      ]);
    }
    const listed = await http<Receiver[]>(app.url, 'GET', path(), { token: admin });
    expect(settings(listed.body.find((x) => x.id === r.id)!)).toEqual(answer(r.name));
  });
});
