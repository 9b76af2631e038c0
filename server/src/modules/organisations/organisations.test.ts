import { type Contact, type Location, type Organisation, type RoleName, roleNames } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, login, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedInToTwo } from '../../../test/sessions.ts';
import { systemScope } from '../../platform/scope.ts';
import { insertCatalogueItem } from './organisations.repository.ts';

let home: TestTenant;
let foreign: TestTenant;
/** One signed-in user per role in home organisation A (platform-wide roles: the home platform). */
const tokens = {} as Record<RoleName, string>;
let otherOrgAdmin: string;
let otherPlatformAdmin: string;
let otherPlatformSysless: string;

const orgOf = (role: RoleName) => (role === 'platform_admin' || role === 'system_admin' ? null : 0);

async function tokenFor(tenant: TestTenant, role: RoleName, organisation: 0 | 1 | null) {
  const organisationId = organisation === null ? null : tenant.organisationIds[organisation];
  const user = await createUser(app.db, { platformId: tenant.platformId, organisationId, role });
  return (await login(app.url, user, role === 'assessor' ? '/v1/login/assessor' : '/v1/login')).token;
}

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  for (const role of roleNames) tokens[role] = await tokenFor(home, role, orgOf(role));
  otherOrgAdmin = await tokenFor(home, 'organisation_admin', 1);
  otherPlatformAdmin = await tokenFor(foreign, 'platform_admin', null);
  otherPlatformSysless = await tokenFor(foreign, 'organisation_admin', 0);
  const [a, b] = home.organisationIds;
  for (const [table, name] of [
    ['receivers', 'National regulator gateway'],
    ['sources', 'Hospital intake'],
    ['themes', 'Blue'],
    ['translations', 'English overrides'],
    ['hospitals', 'General Hospital'],
    ['profession_groups', 'Healthcare professional'],
    ['professions', 'Pharmacist'],
  ] as const) {
    await insertCatalogueItem(app.db, systemScope, table, {
      platformId: home.platformId,
      organisationId: a,
      name,
    });
    await insertCatalogueItem(app.db, systemScope, table, {
      platformId: home.platformId,
      organisationId: b,
      name: `${name} B`,
    });
  }
});

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT';
  path: (id: string) => string;
  body?: () => unknown;
  ok: number;
}

/** Every organisation route that takes an id (who may call each: docs/permissions.csv). */
const idRoutes: RouteCase[] = [
  { method: 'GET', path: (id) => `/v1/organisation/${id}`, ok: 200 },
  {
    method: 'PUT',
    path: (id) => `/v1/organisation/${id}`,

    body: () => ({ description: `Updated ${Date.now()}` }),
    ok: 200,
  },
  { method: 'GET', path: (id) => `/v1/organisation/${id}/contacts`, ok: 200 },
  {
    method: 'POST',
    path: (id) => `/v1/organisation/${id}/contacts`,

    body: () => ({ name: 'Duty desk', email: 'desk@example.test' }),
    ok: 201,
  },
  { method: 'GET', path: (id) => `/v1/organisation/${id}/locations`, ok: 200 },
  {
    method: 'POST',
    path: (id) => `/v1/organisation/${id}/locations`,

    body: () => ({ locations: [{ name: 'Ward 3' }] }),
    ok: 201,
  },
  { method: 'GET', path: (id) => `/v1/organisation/${id}/receivers`, ok: 200 },
  { method: 'GET', path: (id) => `/v1/organisation/${id}/sources`, ok: 200 },
  { method: 'GET', path: (id) => `/v1/organisation/${id}/themes`, ok: 200 },
  { method: 'GET', path: (id) => `/v1/organisation/${id}/translations`, ok: 200 },
  { method: 'GET', path: (id) => `/v1/organisation/${id}/health-check`, ok: 200 },
  { method: 'GET', path: (id) => `/v1/organisation/${id}/hospitals`, ok: 200 },
  {
    method: 'POST',
    path: (id) => `/v1/organisation/${id}/profession-groups`,

    body: () => ({}),
    ok: 200,
  },
  {
    method: 'POST',
    path: (id) => `/v1/organisation/${id}/professions`,

    body: () => ({ query: 'pharm' }),
    ok: 200,
  },
];

const call = (r: RouteCase, id: string, token: string) =>
  http(app.url, r.method, r.path(id), { token, body: r.body?.() });

// Which role may do what: docs/permissions.csv (test/permissions.test.ts).

describe('organisation routes: cross-tenant matrix', () => {
  for (const r of idRoutes) {
    it(`${r.method} ${r.path('{id}')}: another organisation and another platform get 404`, async () => {
      for (const [who, token] of [
        ['admin of another organisation', otherOrgAdmin],
        ['platform admin of another platform', otherPlatformAdmin],
        ['organisation admin of another platform', otherPlatformSysless],
      ] as const) {
        const res = await call(r, home.organisationIds[0], token);
        expect({ who, status: res.status }).toEqual({ who, status: 404 });
      }
      const missing = await call(r, '8d0c6d6e-0000-4000-8000-000000000000', tokens.system_admin);
      expect(missing.status).toBe(404);
    });
  }

  it('a user of two organisations reaches both; a third organisation of the platform and another platform are 404 on every route', async () => {
    // Its own tenant: the third organisation would change the counts the list tests expect of `home`.
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['organisation_admin', 'organisation_admin']);
    for (const r of idRoutes) {
      for (const id of [two.thirdOrganisationId, foreign.organisationIds[0]]) {
        const res = await call(r, id, two.token);
        expect({ route: `${r.method} ${r.path('{id}')}`, status: res.status }).toEqual({
          route: `${r.method} ${r.path('{id}')}`,
          status: 404,
        });
      }
    }
    const own = await http<Organisation>(app.url, 'GET', `/v1/organisation/${tenant.organisationIds[1]}`, {
      token: two.token,
    });
    expect(own.status).toBe(200);
    const listed = await http<Organisation[]>(app.url, 'GET', '/v1/organisations', { token: two.token });
    expect(listed.body.map((o) => o.id).sort()).toEqual([...tenant.organisationIds].sort());
  });

  it('GET /v1/organisations/workspace/{workspaceId}: another platform’s workspace is 404', async () => {
    const ws = await app.db
      .insertInto('workspaces')
      .values({ platform_id: home.platformId, name: 'North' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('organisations')
      .set({ workspace_id: ws.id })
      .where('id', '=', home.organisationIds[0])
      .execute();
    const mine = await http<Organisation[]>(app.url, 'GET', `/v1/organisations/workspace/${ws.id}`, {
      token: tokens.platform_admin,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.map((o) => o.id)).toEqual([home.organisationIds[0]]);
    const theirs = await http(app.url, 'GET', `/v1/organisations/workspace/${ws.id}`, {
      token: otherPlatformAdmin,
    });
    expect(theirs.status).toBe(404);
    const workspace = await http(app.url, 'GET', `/v1/organisation/${home.organisationIds[0]}/workspace`, {
      token: tokens.organisation_staff,
    });
    expect(workspace).toMatchObject({ status: 200, body: { id: ws.id, name: 'North' } });
    const none = await http(app.url, 'GET', `/v1/organisation/${home.organisationIds[1]}/workspace`, {
      token: tokens.platform_admin,
    });
    expect(none.status).toBe(404);
    const unassigned = await http<Organisation[]>(app.url, 'GET', '/v1/organisations/unassigned', {
      token: tokens.platform_admin,
    });
    expect(unassigned.body.map((o) => o.id)).toEqual([home.organisationIds[1]]);
    const staff = await http(app.url, 'GET', '/v1/organisations/unassigned', {
      token: tokens.organisation_admin,
    });
    expect(staff.status).toBe(403);
  });
});

describe('organisation lists', () => {
  const lists = ['/v1/organisations', '/v1/organisations/lookup', '/v1/organisations/search?query=Org'];

  it('never contain another platform’s organisations', async () => {
    for (const path of lists) {
      for (const token of [tokens.platform_admin, tokens.reporter, tokens.system_admin]) {
        const res = await http<{ id: string }[]>(app.url, 'GET', path, { token });
        expect(res.status).toBe(200);
        const ids = res.body.map((o) => o.id);
        expect(ids.filter((id) => foreign.organisationIds.includes(id))).toEqual([]);
      }
    }
  });

  it('show platform administrators every organisation, others only their own (lookup shows all names)', async () => {
    const all = await http<Organisation[]>(app.url, 'GET', '/v1/organisations', {
      token: tokens.platform_admin,
    });
    expect(all.body.map((o) => o.id).sort()).toEqual([...home.organisationIds].sort());
    const own = await http<Organisation[]>(app.url, 'GET', '/v1/organisations', {
      token: tokens.organisation_staff,
    });
    expect(own.body.map((o) => o.id)).toEqual([home.organisationIds[0]]);
    const lookup = await http<{ id: string; name: string }[]>(app.url, 'GET', '/v1/organisations/lookup', {
      token: tokens.reporter,
    });
    expect(lookup.body.map((o) => o.id).sort()).toEqual([...home.organisationIds].sort());
    expect(Object.keys(lookup.body[0]!).sort()).toEqual(['id', 'kind', 'name']);
  });

  it('page with a total, filter by name, and let a system admin look at another platform', async () => {
    const page1 = await http<{ items: Organisation[]; page: number; size: number; total: number }>(
      app.url,
      'GET',
      '/v1/organisations/paginated?page=1&size=1',
      { token: tokens.platform_admin },
    );
    expect(page1.body).toMatchObject({ page: 1, size: 1, total: 2 });
    expect(page1.body.items).toHaveLength(1);
    const page2 = await http<{ items: Organisation[] }>(
      app.url,
      'GET',
      '/v1/organisations/paginated?page=2&size=1',
      {
        token: tokens.platform_admin,
      },
    );
    expect(page2.body.items[0]!.id).not.toBe(page1.body.items[0]!.id);
    const search = await http<Organisation[]>(app.url, 'GET', '/v1/organisations/search?query=Org%20B', {
      token: tokens.platform_admin,
    });
    expect(search.body.map((o) => o.id)).toEqual([home.organisationIds[1]]);
    const wildcard = await http<Organisation[]>(app.url, 'GET', '/v1/organisations?query=%25', {
      token: tokens.platform_admin,
    });
    expect(wildcard.body).toEqual([]);
    const sys = await http<Organisation[]>(
      app.url,
      'GET',
      `/v1/organisations?platformId=${foreign.platformId}`,
      {
        token: tokens.system_admin,
      },
    );
    expect(sys.body.map((o) => o.id).sort()).toEqual([...foreign.organisationIds].sort());
    // Anyone else naming another platform still gets their own.
    const pa = await http<Organisation[]>(
      app.url,
      'GET',
      `/v1/organisations?platformId=${foreign.platformId}`,
      {
        token: tokens.platform_admin,
      },
    );
    expect(pa.body.every((o) => o.platformId === home.platformId)).toBe(true);
  });

  it('lookup and lists are open to every role', async () => {
    for (const role of roleNames) {
      for (const path of lists) {
        const res = await http(app.url, 'GET', path, { token: tokens[role] });
        expect({ role, path, status: res.status }).toEqual({ role, path, status: 200 });
      }
    }
  });
});

describe('POST /v1/organisation', () => {
  it('creates in the administrator’s own platform', async () => {
    for (const role of ['platform_admin', 'system_admin'] as const) {
      const res = await http<Organisation>(app.url, 'POST', '/v1/organisation', {
        token: tokens[role],
        body: { params: { name: `New org ${role}` } },
      });
      expect({ role, status: res.status, platformId: res.body.platformId }).toEqual({
        role,
        status: 201,
        platformId: home.platformId,
      });
    }
  });

  it('creates with locations and a location provider, audited', async () => {
    const res = await http<Organisation>(app.url, 'POST', '/v1/organisation', {
      token: tokens.platform_admin,
      body: {
        params: { name: 'Regional centre', kind: 'regulator', country: 'FR', email: 'crpv@example.test' },
        locations: [{ name: 'Lyon', code: 'LY' }, { name: 'Grenoble' }],
        locationProvider: 'insee',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Regional centre',
      kind: 'regulator',
      country: 'FR',
      locationProvider: 'insee',
    });
    const locations = await http<Location[]>(app.url, 'GET', `/v1/organisation/${res.body.id}/locations`, {
      token: tokens.platform_admin,
    });
    expect(locations.body.map((l) => [l.name, l.locationProvider])).toEqual([
      ['Grenoble', 'insee'],
      ['Lyon', 'insee'],
    ]);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', res.body.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('organisation.created');
  });

  it('a platform admin cannot create in another platform; a system admin can', async () => {
    const pa = await http<Organisation>(app.url, 'POST', '/v1/organisation', {
      token: tokens.platform_admin,
      body: { params: { name: 'Sneaky' }, platformId: foreign.platformId },
    });
    expect(pa.status).toBe(201);
    expect(pa.body.platformId).toBe(home.platformId);
    const sys = await http<Organisation>(app.url, 'POST', '/v1/organisation', {
      token: tokens.system_admin,
      body: { params: { name: 'Placed' }, platformId: foreign.platformId },
    });
    expect(sys.body.platformId).toBe(foreign.platformId);
  });

  it('refuses unknown fields (mass assignment) and changes nothing', async () => {
    for (const body of [
      { params: { name: 'X', organisationId: home.organisationIds[1] } },
      { params: { name: 'X' }, roleIds: ['a'] },
      { params: { name: 'X' }, organisationId: home.organisationIds[0] },
      JSON.parse('{"params": {"name": "X"}, "__proto__": {"admin": true}}'),
    ]) {
      const res = await http(app.url, 'POST', '/v1/organisation', { token: tokens.platform_admin, body });
      expect(res.status).toBe(400);
      // `__proto__` is refused by the JSON parser itself (BAD_REQUEST), the rest by the schema.
      expect(['VALIDATION_FAILED', 'BAD_REQUEST']).toContain((res.body as { code: string }).code);
    }
    const names = await app.db.selectFrom('organisations').select('id').where('name', '=', 'X').execute();
    expect(names).toEqual([]);
  });
});

describe('PUT /v1/organisation/{id} and sub-resources', () => {
  it('updates the fields given and keeps the others; refuses platformId and organisationId', async () => {
    const id = home.organisationIds[1];
    const admin = await tokenFor(home, 'organisation_admin', 1);
    const res = await http<Organisation>(app.url, 'PUT', `/v1/organisation/${id}`, {
      token: admin,
      body: { phone: '+44 20 0000 0000', address: '1 High Street' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      phone: '+44 20 0000 0000',
      address: '1 High Street',
      kind: 'other',
    });
    for (const body of [{ platformId: foreign.platformId }, { organisationId: id }, { roleIds: [] }, {}]) {
      const bad = await http(app.url, 'PUT', `/v1/organisation/${id}`, { token: admin, body });
      expect(bad.status).toBe(400);
    }
    const after = await http<Organisation>(app.url, 'GET', `/v1/organisation/${id}`, { token: admin });
    expect(after.body.platformId).toBe(home.platformId);
  });

  it('adds and lists contacts; lists show only the organisation’s own rows', async () => {
    const [a, b] = home.organisationIds;
    const made = await http<Contact>(app.url, 'POST', `/v1/organisation/${a}/contacts`, {
      token: tokens.organisation_admin,
      body: { name: 'Dr Ada Lovelace', title: 'QPPV', email: 'qppv@example.test', phone: '+44 1' },
    });
    expect(made.body).toMatchObject({ organisationId: a, name: 'Dr Ada Lovelace', title: 'QPPV' });
    const bad = await http(app.url, 'POST', `/v1/organisation/${a}/contacts`, {
      token: tokens.organisation_admin,
      body: { name: 'x', email: 'not an email' },
    });
    expect(bad.status).toBe(400);
    const list = await http<Contact[]>(app.url, 'GET', `/v1/organisation/${a}/contacts`, {
      token: tokens.organisation_staff,
    });
    expect(list.body.map((c) => c.name)).toContain('Dr Ada Lovelace');
    expect(list.body.every((c) => c.organisationId === a)).toBe(true);
    const other = await http<Contact[]>(app.url, 'GET', `/v1/organisation/${b}/contacts`, {
      token: tokens.platform_admin,
    });
    expect(other.body.map((c) => c.name)).not.toContain('Dr Ada Lovelace');
  });

  it('serves the later areas’ lists from their tables, only the organisation’s rows', async () => {
    const [a] = home.organisationIds;
    const receivers = await http<{ name: string; organisationId: string }[]>(
      app.url,
      'GET',
      `/v1/organisation/${a}/receivers`,
      { token: tokens.organisation_staff },
    );
    expect(receivers.body.map((r) => r.name)).toEqual(['National regulator gateway']);
    const professions = await http<{ name: string }[]>(app.url, 'POST', `/v1/organisation/${a}/professions`, {
      token: tokens.reporter,
      body: { query: 'nurse' },
    });
    expect(professions.body).toEqual([]);
    const groups = await http<{ name: string }[]>(
      app.url,
      'POST',
      `/v1/organisation/${a}/profession-groups`,
      {
        token: tokens.reporter,
      },
    );
    expect(groups.body.map((g) => g.name)).toEqual(['Healthcare professional']);
  });

  it('health check reports what is missing', async () => {
    const created = await http<Organisation>(app.url, 'POST', '/v1/organisation', {
      token: tokens.platform_admin,
      body: { params: { name: 'Empty org' } },
    });
    const res = await http<{ ok: boolean; checks: { name: string; ok: boolean }[] }>(
      app.url,
      'GET',
      `/v1/organisation/${created.body.id}/health-check`,
      { token: tokens.platform_admin },
    );
    expect(res.body.ok).toBe(false);
    expect(res.body.checks.map((c) => [c.name, c.ok])).toEqual([
      ['administrator', false],
      ['contact', false],
      ['location', false],
      ['receiver', false],
    ]);
    const a = await http<{ checks: { name: string; ok: boolean }[] }>(
      app.url,
      'GET',
      `/v1/organisation/${home.organisationIds[0]}/health-check`,
      { token: tokens.platform_admin },
    );
    expect(a.body.checks.find((c) => c.name === 'administrator')?.ok).toBe(true);
    expect(a.body.checks.find((c) => c.name === 'receiver')?.ok).toBe(true);
  });
});
