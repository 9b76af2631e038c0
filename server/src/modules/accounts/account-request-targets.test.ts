import { request as httpRequest } from 'node:http';
import { type AccountRequestTarget, type Organisation, type RoleName, roleNames } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, openEmailLink, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedIn } from '../../../test/sessions.ts';

let home: TestTenant;
let foreign: TestTenant;

const setAccepts = (organisationId: string, value: boolean) =>
  app.db
    .updateTable('organisations')
    .set({ accepts_account_requests: value })
    .where('id', '=', organisationId)
    .execute();

const targets = (platformId: string) =>
  http<AccountRequestTarget[]>(app.url, 'GET', `/v1/account/request/organisations?platformId=${platformId}`);

/** The look-up with a chosen Host header (fetch does not let one set it). */
function targetsForHost(host: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${app.url}/v1/account/request/organisations`,
      { headers: { host } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve(JSON.parse(body)));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const requestBody = (organisationId: string, email = `applicant-${crypto.randomUUID()}@example.test`) => ({
  email,
  firstName: 'Ana',
  lastName: 'Applicant',
  password: 'a long enough password',
  organisationId,
});

const changeRequestsFor = (email: string) =>
  app.db
    .selectFrom('change_requests')
    .select('id')
    .where((eb) => eb(eb.ref('changes', '->>').key('email'), '=', email))
    .execute();

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  await setAccepts(home.organisationIds[0]!, true);
  await setAccepts(foreign.organisationIds[0]!, true);
});

describe('GET /v1/account/request/organisations', () => {
  it("lists only the platform's organisations that take requests, with id and name only", async () => {
    const res = await targets(home.platformId);
    expect(res.status).toBe(200);
    const name = await app.db
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', home.organisationIds[0]!)
      .executeTakeFirstOrThrow();
    expect(res.body).toEqual([{ id: home.organisationIds[0], name: name.name }]);
    expect(res.body.flatMap((o) => Object.keys(o)).sort()).toEqual(['id', 'name']);
    // Zero foreign rows, and never the closed organisation of the same platform.
    const ids = res.body.map((o) => o.id);
    expect(ids.filter((id) => foreign.organisationIds.includes(id))).toEqual([]);
    expect(ids).not.toContain(home.organisationIds[1]);
  });

  it("finds the platform from the request's host when platformId is absent", async () => {
    const domain = `register-${crypto.randomUUID()}.example.test`;
    await app.db.updateTable('platforms').set({ domain }).where('id', '=', home.platformId).execute();
    try {
      expect(await targetsForHost(domain)).toEqual([
        expect.objectContaining({ id: home.organisationIds[0] }),
      ]);
      expect(await targetsForHost(`unknown-${crypto.randomUUID()}.example.test`)).toEqual([]);
    } finally {
      await app.db.updateTable('platforms').set({ domain: null }).where('id', '=', home.platformId).execute();
    }
  });

  it('lists nothing when the platform does not take account requests, or for an unknown platform', async () => {
    const closed = await createTenant(app.db);
    await setAccepts(closed.organisationIds[0]!, true);
    await app.db
      .insertInto('platform_account_rules')
      .values({ platform_id: closed.platformId, account_requests: false })
      .execute();
    expect((await targets(closed.platformId)).body).toEqual([]);
    expect((await targets(crypto.randomUUID())).body).toEqual([]);
    expect((await targets('not-an-id')).status).toBe(400);
  });
});

describe('POST /v1/account/request and closed organisations', () => {
  it('refuses an organisation that does not take requests with 400 on organisationId, storing nothing', async () => {
    const email = `closed-${crypto.randomUUID()}@example.test`;
    const res = await http<{ code: string; meta: { fields: { field: string }[] } }>(
      app.url,
      'POST',
      '/v1/account/request',
      { body: requestBody(home.organisationIds[1]!, email) },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.meta.fields.map((f) => f.field)).toEqual(['body/organisationId']);
    expect(await changeRequestsFor(email)).toEqual([]);
    // The same answer for an unknown organisation, and for a known email: it tells nothing about either.
    const unknown = await http(app.url, 'POST', '/v1/account/request', {
      body: requestBody(crypto.randomUUID(), email),
    });
    expect(unknown.body).toEqual(res.body);
    const admin = await signedIn(app, home, 'organisation_admin', 1);
    const known = await http(app.url, 'POST', '/v1/account/request', {
      body: requestBody(home.organisationIds[1]!, admin.user.email),
    });
    expect(known.body).toEqual(res.body);
  });

  it('takes the request once the organisation is open', async () => {
    const email = `open-${crypto.randomUUID()}@example.test`;
    const res = await http(app.url, 'POST', '/v1/account/request', {
      body: requestBody(home.organisationIds[0]!, email),
    });
    expect(res.status).toBe(202);
    expect(await changeRequestsFor(email)).toEqual([]);
    await openEmailLink(app, email, 'account-request-verify');
    expect(await changeRequestsFor(email)).toHaveLength(1);
  });
});

describe('PUT /v1/organisation/{id} acceptsAccountRequests', () => {
  it('its administrators switch it; staff, assessors and reporters are refused and change nothing', async () => {
    const tenant = await createTenant(app.db);
    const id = tenant.organisationIds[0]!;
    const administrators: readonly RoleName[] = ['organisation_admin', 'platform_admin', 'system_admin'];
    for (const role of roleNames) {
      await setAccepts(id, false);
      const { token } = await signedIn(app, tenant, role, 0);
      const res = await http<Organisation>(app.url, 'PUT', `/v1/organisation/${id}`, {
        token,
        body: { acceptsAccountRequests: true },
      });
      const allowed = administrators.includes(role);
      const listed = (await targets(tenant.platformId)).body.map((o) => o.id);
      if (allowed) {
        expect({ role, status: res.status }).toEqual({ role, status: 200 });
        expect(res.body.acceptsAccountRequests).toBe(true);
        expect(listed).toEqual([id]);
      } else {
        expect({ role, denied: [403, 404].includes(res.status) }).toEqual({ role, denied: true });
        expect(listed).toEqual([]);
      }
    }
  });

  it("another organisation's or platform's administrator gets 404 and changes nothing", async () => {
    const id = home.organisationIds[1]!;
    for (const admin of [
      await signedIn(app, home, 'organisation_admin', 0),
      await signedIn(app, foreign, 'platform_admin', 0),
    ]) {
      const res = await http(app.url, 'PUT', `/v1/organisation/${id}`, {
        token: admin.token,
        body: { acceptsAccountRequests: true },
      });
      expect(res.status).toBe(404);
    }
    expect((await targets(home.platformId)).body.map((o) => o.id)).not.toContain(id);
  });
});
