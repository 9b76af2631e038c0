import { type Platform, type RoleName, roleNames } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, login, type TestTenant, useTestApp } from '../../../test/index.ts';
import { systemScope } from '../../platform/scope.ts';
import { insertCatalogueItem } from '../organisations/organisations.repository.ts';

let home: TestTenant;
let foreign: TestTenant;
let homeDomain: string;
const tokens = {} as Record<RoleName, string>;
let foreignAdmin: string;
let foreignOrgAdmin: string;

async function tokenFor(tenant: TestTenant, role: RoleName) {
  const organisationId =
    role === 'platform_admin' || role === 'system_admin' ? null : tenant.organisationIds[0];
  const user = await createUser(app.db, { platformId: tenant.platformId, organisationId, role });
  return (await login(app.url, user, role === 'assessor' ? '/v1/login/assessor' : '/v1/login')).token;
}

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  for (const role of roleNames) tokens[role] = await tokenFor(home, role);
  foreignAdmin = await tokenFor(foreign, 'platform_admin');
  foreignOrgAdmin = await tokenFor(foreign, 'organisation_admin');
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp'], server_configuration: JSON.stringify({ supportPhone: '+44 secret' }) })
    .where('id', '=', home.platformId)
    .execute();
  homeDomain = (
    await app.db
      .selectFrom('platforms')
      .select('domain')
      .where('id', '=', home.platformId)
      .executeTakeFirstOrThrow()
  ).domain!;
  await insertCatalogueItem(app.db, systemScope, 'sources', {
    platformId: home.platformId,
    organisationId: null,
    name: 'Web form',
  });
  await insertCatalogueItem(app.db, systemScope, 'sources', {
    platformId: home.platformId,
    organisationId: home.organisationIds[0],
    name: 'Org-only source',
  });
  await insertCatalogueItem(app.db, systemScope, 'themes', {
    platformId: home.platformId,
    organisationId: null,
    name: 'Platform theme',
    code: 'default',
    data: { primaryColor: '#1d70b8' },
  });
});

interface RouteCase {
  method: 'GET' | 'PUT';
  path: (id: string) => string;
  body?: unknown;
}

const idRoutes: RouteCase[] = [
  { method: 'GET', path: (id) => `/v1/platforms/${id}` },
  { method: 'PUT', path: (id) => `/v1/platforms/${id}`, body: { mfaMethods: ['totp'] } },
  { method: 'GET', path: (id) => `/v1/platforms/${id}/organisations` },
  { method: 'GET', path: (id) => `/v1/platforms/${id}/sources` },
  {
    method: 'GET',
    path: (id) => `/v1/platforms/${id}/server-configuration`,
  },
];

describe('platform routes', () => {
  for (const r of idRoutes) {
    // Which role may do what: docs/permissions.csv (test/permissions.test.ts).
    it(`${r.method} ${r.path('{id}')}: another platform gets 404`, async () => {
      for (const token of [foreignAdmin, foreignOrgAdmin]) {
        const res = await http(app.url, r.method, r.path(home.platformId), { token, body: r.body });
        expect(res.status).toBe(404);
      }
      const missing = await http(app.url, r.method, r.path('8d0c6d6e-0000-4000-8000-000000000000'), {
        token: tokens.system_admin,
        body: r.body,
      });
      expect(missing.status).toBe(404);
    });
  }

  it('GET /v1/platforms lists the caller’s platform only; a system admin sees all', async () => {
    for (const role of roleNames.filter((r) => r !== 'system_admin')) {
      const res = await http<Platform[]>(app.url, 'GET', '/v1/platforms', { token: tokens[role] });
      expect({ role, ids: res.body.map((p) => p.id) }).toEqual({ role, ids: [home.platformId] });
    }
    const sys = await http<Platform[]>(app.url, 'GET', '/v1/platforms', { token: tokens.system_admin });
    expect(sys.body.map((p) => p.id)).toEqual(expect.arrayContaining([home.platformId, foreign.platformId]));
  });

  it('POST /v1/platforms: domains are unique', async () => {
    const domain = `p${Date.now()}.example.test`;
    const made = await http<Platform>(app.url, 'POST', '/v1/platforms', {
      token: tokens.system_admin,
      body: { name: 'Platform', domain },
    });
    expect(made.status).toBe(201);
    const again = await http(app.url, 'POST', '/v1/platforms', {
      token: tokens.system_admin,
      body: { name: 'Copy', domain },
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    const bad = await http(app.url, 'POST', '/v1/platforms', {
      token: tokens.system_admin,
      body: { name: 'X', organisationId: home.organisationIds[0] },
    });
    expect(bad.status).toBe(400);
  });

  it('PUT changes name and settings, audited; the server configuration shows them', async () => {
    const res = await http<Platform>(app.url, 'PUT', `/v1/platforms/${home.platformId}`, {
      token: tokens.platform_admin,
      body: { serverConfiguration: { supportPhone: '+44 secret', reportPrefix: 'VG' } },
    });
    expect(res.status).toBe(200);
    const conf = await http(app.url, 'GET', `/v1/platforms/${home.platformId}/server-configuration`, {
      token: tokens.platform_admin,
    });
    expect(conf.body).toMatchObject({
      platformId: home.platformId,
      mfaMethods: ['totp'],
      settings: { reportPrefix: 'VG' },
    });
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', home.platformId)
      .where('action', '=', 'platform.updated')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('platform organisations and sources show only the platform’s rows', async () => {
    const orgs = await http<{ id: string }[]>(
      app.url,
      'GET',
      `/v1/platforms/${home.platformId}/organisations`,
      {
        token: tokens.platform_admin,
      },
    );
    expect(orgs.body.map((o) => o.id).sort()).toEqual(expect.arrayContaining([...home.organisationIds]));
    expect(orgs.body.filter((o) => foreign.organisationIds.includes(o.id))).toEqual([]);
    const sources = await http<{ name: string }[]>(
      app.url,
      'GET',
      `/v1/platforms/${home.platformId}/sources`,
      {
        token: tokens.organisation_staff,
      },
    );
    expect(sources.body.map((s) => s.name)).toEqual(['Web form']);
    const foreignSources = await http<unknown[]>(
      app.url,
      'GET',
      `/v1/platforms/${foreign.platformId}/sources`,
      {
        token: foreignAdmin,
      },
    );
    expect(foreignSources.body).toEqual([]);
  });
});

describe('public platform look-ups', () => {
  it('GET /v1/platforms/domain/{domain} needs no sign-in and shows only id, name and domain', async () => {
    const res = await http<Record<string, unknown>>(
      app.url,
      'GET',
      `/v1/platforms/domain/${homeDomain.toUpperCase()}`,
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['domain', 'id', 'name']);
    expect(res.body.id).toBe(home.platformId);
    const text = JSON.stringify(res.body);
    for (const secret of ['+44 secret', 'totp', 'mfa', 'serverConfiguration', 'createdAt'])
      expect(text).not.toContain(secret);
    const withToken = await http<Record<string, unknown>>(
      app.url,
      'GET',
      `/v1/platforms/domain/${homeDomain}`,
      {
        token: tokens.system_admin,
      },
    );
    expect(Object.keys(withToken.body).sort()).toEqual(['domain', 'id', 'name']);
    const missing = await http(app.url, 'GET', '/v1/platforms/domain/nowhere.example.test');
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('GET /v1/platforms/{id}/theme is public and shows only the platform theme', async () => {
    const res = await http<Record<string, unknown>>(app.url, 'GET', `/v1/platforms/${home.platformId}/theme`);
    expect(res).toMatchObject({
      status: 200,
      body: {
        name: 'Platform theme',
        code: 'default',
        organisationId: null,
        data: { primaryColor: '#1d70b8' },
      },
    });
    expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'id', 'name', 'organisationId']);
    expect(JSON.stringify(res.body)).not.toContain('secret');
    const none = await http(app.url, 'GET', `/v1/platforms/${foreign.platformId}/theme`);
    expect(none.status).toBe(404);
  });

  it('GET /v1/platforms/{id}/reporting says whether the public may report, and to which organisations', async () => {
    const open = await createTenant(app.db);
    const [a, b] = open.organisationIds as [string, string];
    const names = await app.db
      .selectFrom('organisations')
      .select(['id', 'name', 'kind'])
      .where('platform_id', '=', open.platformId)
      .orderBy('name')
      .execute();
    const reporting = (query = '') =>
      http<{ anonymousReports: boolean; organisations: { id: string; name: string; kind: string }[] }>(
        app.url,
        'GET',
        `/v1/platforms/${open.platformId}/reporting${query}`,
      );
    // Anonymous reports off (the default, decision 0078): nothing to choose from.
    expect(await reporting()).toMatchObject({
      status: 200,
      body: { anonymousReports: false, organisations: [] },
    });
    await app.db
      .updateTable('platforms')
      .set({ server_configuration: JSON.stringify({ anonymousReports: true, supportPhone: '+44 secret' }) })
      .where('id', '=', open.platformId)
      .execute();
    // No regulator: every organisation, by name ("Org A …" before "Org B …"), id, name and kind only.
    const all = await reporting();
    expect(all.body).toEqual({ anonymousReports: true, organisations: names });
    expect(all.body.organisations.map((o) => o.id)).toEqual([a, b]);
    expect(JSON.stringify(all.body)).not.toContain('secret');
    // A regulator: only it.
    await app.db.updateTable('organisations').set({ kind: 'regulator' }).where('id', '=', b).execute();
    expect((await reporting()).body.organisations.map((o) => [o.id, o.kind])).toEqual([[b, 'regulator']]);
    // The organisation a link names, when it is one of this platform's; the neighbour's is not.
    expect((await reporting(`?organisationId=${a}`)).body.organisations.map((o) => o.id)).toEqual([a]);
    expect((await reporting(`?organisationId=${foreign.organisationIds[0]}`)).body.organisations).toEqual([]);
    expect((await reporting('?organisationId=not-an-id')).status).toBe(400);
    const missing = await http(app.url, 'GET', `/v1/platforms/${crypto.randomUUID()}/reporting`);
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});
