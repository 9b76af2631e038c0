import type { Receiver } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

/** Receivers through HTTP (decision 0170): settings, sealed credentials, tenancy, 409 on a taken name. */
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost' });
let home: TestTenant;
let foreign: TestTenant;
let admin: string;

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
});

type Answer<T> = T & { code?: string; meta?: { fields?: { field: string }[] } };
const path = (orgId: string, id?: string) => `/v1/organisation/${orgId}/receivers${id ? `/${id}` : ''}`;
const create = (token: string, orgId: string, body: unknown) =>
  http<Answer<Receiver>>(app.url, 'POST', path(orgId), { token, body });

const SECRET_TOKEN = 'gateway-token-d41d8cd98f00b204';
const fdaGateway = (name = `FDA ESG ${crypto.randomUUID().slice(0, 6)}`) => ({
  name,
  batchSender: 'VIGILO-NPC',
  batchReceiver: 'ZZFDA',
  messageReceiver: 'CDER',
  profile: 'fda',
  maskPersonalData: true,
  dueDaysSerious: 15,
  dueDaysNonSerious: 90,
  transport: {
    type: 'https',
    url: 'https://localhost:9443/e2b',
    auth: 'bearer',
    credentials: { token: SECRET_TOKEN },
  },
});

describe('receivers', () => {
  it('an administrator adds one; its credentials are sealed, never answered, never audited', async () => {
    const res = await create(admin, home.organisationIds[0], fdaGateway('FDA ESG test'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      organisationId: home.organisationIds[0],
      name: 'FDA ESG test',
      batchSender: 'VIGILO-NPC',
      batchReceiver: 'ZZFDA',
      messageSender: null,
      messageReceiver: 'CDER',
      profile: 'fda',
      maskPersonalData: true,
      fdaRoute: 'case',
      dueDaysSerious: 15,
      dueDaysNonSerious: 90,
      transport: {
        type: 'https',
        url: 'https://localhost:9443/e2b',
        auth: 'bearer',
        hasCredentials: true,
        caCertificate: null,
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(SECRET_TOKEN);
    const stored = await app.db
      .selectFrom('receivers')
      .select('credentials_sealed')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.credentials_sealed).toMatch(/^v2\./);
    expect(stored.credentials_sealed).not.toContain(SECRET_TOKEN);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'details'])
      .where('entity_id', '=', res.body.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['receiver.created']);
    expect(JSON.stringify(audit)).not.toContain(SECRET_TOKEN);

    const listed = await http<Receiver[]>(app.url, 'GET', '/v1/receivers', { token: admin });
    expect(listed.body.map((r) => r.name)).toContain('FDA ESG test');
    const names = await http<{ name: string }[]>(app.url, 'GET', path(home.organisationIds[0]), {
      token: admin,
    });
    expect(names.body.map((r) => r.name)).toContain('FDA ESG test');
  });

  it('GET /v1/organisation/{id}/receivers answers the full receivers of that organisation, never credentials', async () => {
    const [a, b] = home.organisationIds;
    const made = await create(admin, a, fdaGateway('Full object gateway'));
    const staff = (await signedIn(app, home, 'organisation_staff')).token;
    const res = await http<Receiver[]>(app.url, 'GET', path(a), { token: staff });
    expect(res.status).toBe(200);
    const found = res.body.find((r) => r.id === made.body.id);
    expect(found).toEqual({
      id: made.body.id,
      organisationId: a,
      name: 'Full object gateway',
      code: null,
      batchSender: 'VIGILO-NPC',
      batchReceiver: 'ZZFDA',
      messageSender: null,
      messageReceiver: 'CDER',
      profile: 'fda',
      maskPersonalData: true,
      fdaRoute: 'case',
      dueDaysSerious: 15,
      dueDaysNonSerious: 90,
      transport: {
        type: 'https',
        url: 'https://localhost:9443/e2b',
        auth: 'bearer',
        hasCredentials: true,
        caCertificate: null,
        as2: null,
      },
      isDefault: false,
      rule: null,
      requiresReview: false,
      deliveryAttempts: 16,
      createdAt: made.body.createdAt,
      updatedAt: made.body.updatedAt,
    });
    expect(JSON.stringify(res.body)).not.toContain(SECRET_TOKEN);
    expect(res.body.every((r) => r.organisationId === a)).toBe(true);
    // The other organisation's list does not hold it; a reporter reads no receivers.
    const adminB = (await signedIn(app, home, 'organisation_admin', 1)).token;
    const other = await http<Receiver[]>(app.url, 'GET', path(b), { token: adminB });
    expect(other.status).toBe(200);
    expect(other.body.map((r) => r.id)).not.toContain(made.body.id);
    const reporter = (await signedIn(app, home, 'reporter')).token;
    expect((await http(app.url, 'GET', path(a), { token: reporter })).status).toBe(403);
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    expect((await http(app.url, 'GET', path(a), { token: stranger })).status).toBe(404);
  });

  it('defaults: ICH profile, no masking, 15 and 90 days, no transport', async () => {
    const res = await create(admin, home.organisationIds[0], { name: `Partner ${crypto.randomUUID()}` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      profile: 'ich',
      maskPersonalData: false,
      fdaRoute: 'case',
      dueDaysSerious: 15,
      dueDaysNonSerious: 90,
      transport: { type: 'none', url: null, auth: 'none', hasCredentials: false },
    });
  });

  it('PUT replaces the settings and keeps the credentials it is not given', async () => {
    const made = await create(admin, home.organisationIds[0], fdaGateway());
    const { credentials: _c, ...transport } = fdaGateway().transport;
    const res = await http<Answer<Receiver>>(app.url, 'PUT', path(home.organisationIds[0], made.body.id), {
      token: admin,
      body: { ...fdaGateway(made.body.name), dueDaysSerious: 7, transport },
    });
    expect(res.status).toBe(200);
    expect(res.body.dueDaysSerious).toBe(7);
    expect(res.body.transport.hasCredentials).toBe(true);
    // Another authentication kind needs its own credentials.
    const basic = await http<Answer<Receiver>>(app.url, 'PUT', path(home.organisationIds[0], made.body.id), {
      token: admin,
      body: { ...fdaGateway(made.body.name), transport: { ...transport, auth: 'basic' } },
    });
    expect(basic.status).toBe(400);
    expect(basic.body.meta?.fields?.[0]?.field).toBe('body/transport/credentials');
  });

  it('refuses what it cannot use, naming the field', async () => {
    const cases: [unknown, string][] = [
      [
        { ...fdaGateway(), transport: { type: 'https', url: 'http://localhost/e2b', auth: 'none' } },
        'body/transport/url',
      ],
      [
        { ...fdaGateway(), transport: { type: 'https', url: 'https://10.0.0.7/e2b', auth: 'none' } },
        'body/transport/url',
      ],
      [{ ...fdaGateway(), transport: { type: 'https', auth: 'none' } }, 'body/transport/url'],
      [
        {
          ...fdaGateway(),
          transport: {
            type: 'https',
            url: 'https://localhost/e2b',
            auth: 'basic',
            credentials: { username: 'u' },
          },
        },
        'body/transport/credentials/password',
      ],
      [{ ...fdaGateway(), profile: 'pmda' }, 'body/profile'],
      [{ ...fdaGateway(), dueDaysSerious: 0 }, 'body/dueDaysSerious'],
    ];
    for (const [body, field] of cases) {
      const res = await create(admin, home.organisationIds[0], body);
      expect(res.status, field).toBe(400);
      expect(res.body.meta?.fields?.map((f) => f.field)).toContain(field);
    }
  });

  it('one name per organisation: twenty racing creates make one receiver, the rest answer 409', async () => {
    const name = `Race ${crypto.randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create(admin, home.organisationIds[0], { name })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(answers.find((a) => a.status === 409)?.body.meta?.fields?.[0]?.field).toBe('body/name');
  });

  it('staff and assessors read or nothing; only administrators change receivers', async () => {
    const staff = (await signedIn(app, home, 'organisation_staff')).token;
    const assessor = (await signedIn(app, home, 'assessor')).token;
    expect((await create(staff, home.organisationIds[0], { name: 'x' })).status).toBe(403);
    expect((await http(app.url, 'GET', '/v1/receivers', { token: staff })).status).toBe(200);
    expect((await http(app.url, 'GET', '/v1/receivers', { token: assessor })).status).toBe(403);
  });

  it("another organisation's or platform's receivers are not found (404); a two-organisation user acts where its role allows", async () => {
    const made = await create(admin, home.organisationIds[0], fdaGateway());
    const other = (await signedIn(app, home, 'organisation_admin', 1)).token;
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    for (const token of [other, stranger]) {
      const put = await http(app.url, 'PUT', path(home.organisationIds[0], made.body.id), {
        token,
        body: { name: 'taken over' },
      });
      expect(put.status).toBe(404);
      expect(
        (await http(app.url, 'DELETE', path(home.organisationIds[0], made.body.id), { token })).status,
      ).toBe(404);
      const listed = await http<Receiver[]>(app.url, 'GET', '/v1/receivers', { token });
      expect(listed.body.map((r) => r.id)).not.toContain(made.body.id);
    }
    expect(
      (
        await http(app.url, 'GET', `/v1/receivers?organisationId=${home.organisationIds[0]}`, {
          token: stranger,
        })
      ).status,
    ).toBe(404);
    // Staff in A, administrator in B: configures B's receivers only; C (no role) is not found.
    const two = await signedInToTwo(app, home, ['organisation_staff', 'organisation_admin']);
    expect(
      (await create(two.token, home.organisationIds[1], { name: `B ${crypto.randomUUID()}` })).status,
    ).toBe(201);
    expect(
      (await create(two.token, home.organisationIds[0], { name: `A ${crypto.randomUUID()}` })).status,
    ).toBe(403);
    expect((await create(two.token, two.thirdOrganisationId, { name: 'C' })).status).toBe(404);
  });

  it('DELETE removes a receiver nothing was sent to, audited', async () => {
    const made = await create(admin, home.organisationIds[0], fdaGateway());
    const res = await http(app.url, 'DELETE', path(home.organisationIds[0], made.body.id), { token: admin });
    expect(res.status).toBe(204);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', made.body.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['receiver.created', 'receiver.deleted']);
    expect(
      (await http(app.url, 'DELETE', path(home.organisationIds[0], made.body.id), { token: admin })).status,
    ).toBe(404);
  });
});
