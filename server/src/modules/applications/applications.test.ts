import type { Application, CreatedApiKey, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedSessions, createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedIn, signedInToTwo } from '../../../test/sessions.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

async function createApplication(
  tenant: TestTenant,
  body: Record<string, unknown> = {},
  organisation: 0 | 1 = 0,
): Promise<Application> {
  const res = await http<Application>(app.url, 'POST', '/v1/applications', {
    token: await tokenFor(tenant, 'organisation_admin', organisation),
    body: { application: `App ${Math.random().toString(36).slice(2, 8)}`, ...body },
  });
  if (res.status !== 201) throw new Error(`create application: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function createKey(tenant: TestTenant, applicationId?: string): Promise<CreatedApiKey> {
  const res = await http<CreatedApiKey>(app.url, 'POST', '/v1/api-keys', {
    token: await tokenFor(tenant, 'organisation_admin'),
    body: { name: 'integration', ...(applicationId ? { applicationId } : {}) },
  });
  if (res.status !== 201) throw new Error(`create key: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('applications', () => {
  it('creates (the first is the default), lists, renames, switches the default and deletes', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const first = await createApplication(tenant, { application: 'Hospital feed' });
    expect(first).toMatchObject({
      organisationId: tenant.organisationIds[0],
      platformId: tenant.platformId,
      application: 'Hospital feed',
      submissionServiceUser: false,
      isDefault: true,
      activeKeys: 0,
    });
    const second = await createApplication(tenant, {
      application: 'E2B gateway',
      submissionServiceUser: true,
    });
    expect(second).toMatchObject({ isDefault: false, submissionServiceUser: true });

    const list = await http<Application[]>(app.url, 'GET', '/v1/applications', { token });
    expect(list.body.map((a) => [a.application, a.isDefault])).toEqual([
      ['Hospital feed', true],
      ['E2B gateway', false],
    ]);
    const byOrganisation = await http<Application[]>(
      app.url,
      'GET',
      `/v1/applications?organisationId=${tenant.organisationIds[0]}`,
      { token },
    );
    expect(byOrganisation.body).toEqual(list.body);

    const def = await http<Application>(app.url, 'GET', '/v1/applications/default', { token });
    expect(def.body.id).toBe(first.id);
    const switched = await http<Application>(app.url, 'POST', '/v1/applications/default', {
      token,
      body: { organisationId: tenant.organisationIds[0], id: second.id },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.isDefault).toBe(true);
    expect((await http<Application>(app.url, 'GET', '/v1/applications/default', { token })).body.id).toBe(
      second.id,
    );

    const renamed = await http<Application>(app.url, 'PUT', `/v1/applications/${first.id}`, {
      token,
      body: {
        organisationId: tenant.organisationIds[0],
        application: 'Hospital feed v2',
        submissionServiceUser: true,
      },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      application: 'Hospital feed v2',
      submissionServiceUser: true,
      isDefault: false,
    });

    const key = await createKey(tenant, first.id);
    expect((await http(app.url, 'GET', '/v1/applications', { token: key.key })).status).toBe(200);
    const removed = await http(app.url, 'DELETE', `/v1/applications/${first.id}`, { token });
    expect(removed.status).toBe(204);
    // Its keys went with it.
    const refused = await http(app.url, 'GET', '/v1/applications', { token: key.key });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TOKEN_INVALID' });
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', first.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'application.created',
      'application.updated',
      'application.deleted',
    ]);
  });

  it('answers 404 for the default of an organisation that has none', async () => {
    const tenant = await createTenant(app.db);
    const res = await http(app.url, 'GET', '/v1/applications/default', {
      token: await tokenFor(tenant, 'organisation_admin'),
    });
    expect(res.status).toBe(404);
  });

  it('refuses moves and unknown fields (mass assignment), changing nothing', async () => {
    const application = await createApplication(home);
    const token = await tokenFor(home, 'organisation_admin');
    const move = await http(app.url, 'PUT', `/v1/applications/${application.id}`, {
      token,
      body: { organisationId: home.organisationIds[1], application: 'moved' },
    });
    expect(move.status).toBe(400);
    for (const extra of [{ roleIds: ['x'] }, { platformId: foreign.platformId }, { isDefault: true }]) {
      const create = await http(app.url, 'POST', '/v1/applications', {
        token,
        body: { application: 'x', ...extra },
      });
      expect(create.status).toBe(400);
      const update = await http(app.url, 'PUT', `/v1/applications/${application.id}`, { token, body: extra });
      expect(update.status).toBe(400);
    }
    const proto = await http(app.url, 'PUT', `/v1/applications/${application.id}`, {
      token,
      raw: '{"application":"x","__proto__":{"submissionServiceUser":true}}',
    });
    expect(proto.status).toBe(400);
    const row = await app.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: application.application, organisation_id: home.organisationIds[0] });
  });

  // Which role may do what: docs/permissions.csv (test/permissions.test.ts).

  it("hides another organisation's and another platform's applications (404), lists none of them", async () => {
    const application = await createApplication(home);
    const outsiders = [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'organisation_admin'),
      await tokenFor(foreign, 'platform_admin'),
    ];
    for (const token of outsiders) {
      const calls = [
        http(app.url, 'PUT', `/v1/applications/${application.id}`, { token, body: { application: 'x' } }),
        http(app.url, 'DELETE', `/v1/applications/${application.id}`, { token }),
        http(app.url, 'POST', '/v1/applications/default', { token, body: { id: application.id } }),
        http(app.url, 'GET', `/v1/applications?organisationId=${home.organisationIds[0]}`, { token }),
        http(app.url, 'GET', `/v1/applications/default?organisationId=${home.organisationIds[0]}`, { token }),
        http(app.url, 'POST', '/v1/applications', {
          token,
          body: { organisationId: home.organisationIds[0], application: 'intruder' },
        }),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    }
    const own = await http<Application[]>(app.url, 'GET', '/v1/applications', { token: outsiders[1] });
    expect(own.status).toBe(200);
    expect(own.body.filter((a) => a.organisationId !== foreign.organisationIds[0])).toEqual([]);
    expect((await http(app.url, 'GET', `/v1/applications/default`, { token: outsiders[0] })).status).not.toBe(
      200,
    );
  });

  it("lets an API key read its own organisation's applications, nothing else", async () => {
    const application = await createApplication(home);
    const key = await createKey(home, application.id);
    const own = await http<Application[]>(app.url, 'GET', '/v1/applications', { token: key.key });
    expect(own.status).toBe(200);
    expect(own.body.map((a) => a.id)).toContain(application.id);
    expect(own.body.every((a) => a.organisationId === home.organisationIds[0])).toBe(true);
    const other = await http(app.url, 'GET', `/v1/applications?organisationId=${home.organisationIds[1]}`, {
      token: key.key,
    });
    expect(other.status).toBe(404);
    // Routes that do not accept keys refuse them as a token error.
    for (const [method, path] of [
      ['PUT', `/v1/applications/${application.id}`],
      ['DELETE', `/v1/applications/${application.id}`],
      ['GET', '/v1/applications/default'],
    ] as const) {
      const res = await http(app.url, method, path, {
        token: key.key,
        body: method === 'PUT' ? { application: 'x' } : undefined,
      });
      expect({ method, path, status: res.status, code: (res.body as { code: string }).code }).toEqual({
        method,
        path,
        status: 403,
        code: 'TOKEN_INVALID',
      });
    }
  });

  it("gives a user of two organisations both of theirs, and a third organisation's or another platform's applications as not found (404)", async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const own = [await createApplication(home, {}, 0), await createApplication(home, {}, 1)];
    const thirdAdmin = await signedIn(app, two.thirdTenant, 'organisation_admin');
    const third = await http<Application>(app.url, 'POST', '/v1/applications', {
      token: thirdAdmin.token,
      body: { application: 'Third' },
    });
    expect(third.status).toBe(201);
    const elsewhere = await createApplication(foreign);
    const token = two.token;
    for (const application of own) {
      const res = await http(app.url, 'PUT', `/v1/applications/${application.id}`, {
        token,
        body: { application: 'Renamed by a two-organisation admin' },
      });
      expect(res.status).toBe(200);
    }
    for (const id of [third.body.id, elsewhere.id]) {
      const calls = await Promise.all([
        http(app.url, 'PUT', `/v1/applications/${id}`, { token, body: { application: 'x' } }),
        http(app.url, 'DELETE', `/v1/applications/${id}`, { token }),
        http(app.url, 'POST', '/v1/applications/default', { token, body: { id } }),
        http(app.url, 'POST', '/v1/api-keys', { token, body: { name: 'k', applicationId: id } }),
      ]);
      expect(calls.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    }
    const listed = await http<Application[]>(
      app.url,
      'GET',
      `/v1/applications?organisationId=${two.thirdOrganisationId}`,
      { token },
    );
    expect(listed.status).toBe(404);
  });
});
