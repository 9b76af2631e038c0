import {
  type GroupLocation,
  type GroupUser,
  type RoleName,
  roleNames,
  type UserGroup,
} from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  login,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';
import { signedIn, signedInToTwo } from '../../../test/sessions.ts';
import { systemScope } from '../../platform/scope.ts';
import { insertLocations } from '../organisations/organisations.repository.ts';
import { groupScopeFor } from './user-groups.repository.ts';

let home: TestTenant;
let foreign: TestTenant;
const tokens = {} as Record<RoleName, string>;
let otherOrgAdmin: string;
let otherPlatformAdmin: string;
let staff: TestUser[];
let locations: { id: string; name: string }[];
let foreignUser: TestUser;
let foreignLocation: string;

async function tokenFor(tenant: TestTenant, role: RoleName, organisation: 0 | 1 | null) {
  const organisationId = organisation === null ? null : tenant.organisationIds[organisation];
  const user = await createUser(app.db, { platformId: tenant.platformId, organisationId, role });
  return (await login(app.url, user, role === 'assessor' ? '/v1/login/assessor' : '/v1/login')).token;
}

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  for (const role of roleNames)
    tokens[role] = await tokenFor(
      home,
      role,
      role === 'platform_admin' || role === 'system_admin' ? null : 0,
    );
  otherOrgAdmin = await tokenFor(home, 'organisation_admin', 1);
  otherPlatformAdmin = await tokenFor(foreign, 'platform_admin', null);
  const [a, b] = home.organisationIds;
  staff = [];
  for (let i = 0; i < 3; i++)
    staff.push(
      await createUser(app.db, {
        platformId: home.platformId,
        organisationId: a,
        role: 'organisation_staff',
      }),
    );
  foreignUser = await createUser(app.db, {
    platformId: home.platformId,
    organisationId: b,
    role: 'organisation_staff',
  });
  locations = await insertLocations(
    app.db,
    systemScope,
    { platformId: home.platformId, organisationId: a },
    [{ name: 'North ward', code: 'N' }, { name: 'South ward', code: 'S' }, { name: 'East clinic' }],
    'manual',
  );
  const [other] = await insertLocations(
    app.db,
    systemScope,
    { platformId: home.platformId, organisationId: b },
    [{ name: 'Other site' }],
    'manual',
  );
  foreignLocation = other!.id;
});

async function newGroup(
  name = `Group ${Math.random().toString(36).slice(2, 7)}`,
  reportTypes: string[] = [],
) {
  const res = await http<UserGroup>(app.url, 'POST', '/v1/user-groups', {
    token: tokens.organisation_admin,
    body: { name, description: 'Vaccine team', reportTypes },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('user groups', () => {
  it('create, read, update and delete, audited', async () => {
    const group = await newGroup('Vaccines', ['aefi']);
    expect(group).toMatchObject({
      organisationId: home.organisationIds[0],
      name: 'Vaccines',
      reportTypes: ['aefi'],
      userCount: 0,
      locationCount: 0,
    });
    const put = await http<UserGroup>(app.url, 'PUT', `/v1/user-groups/${group.id}`, {
      token: tokens.organisation_admin,
      body: { description: 'AEFI reports only', reportTypes: ['aefi', 'device'] },
    });
    expect(put.body).toMatchObject({
      name: 'Vaccines',
      description: 'AEFI reports only',
      reportTypes: ['aefi', 'device'],
    });
    const byOrg = await http<UserGroup[]>(
      app.url,
      'GET',
      `/v1/user-groups/organisation/${home.organisationIds[0]}`,
      {
        token: tokens.organisation_admin,
      },
    );
    expect(byOrg.body.map((g) => g.id)).toContain(group.id);
    const del = await http(app.url, 'DELETE', `/v1/user-groups/${group.id}`, {
      token: tokens.organisation_admin,
    });
    expect(del.status).toBe(204);
    const gone = await http(app.url, 'GET', `/v1/user-groups/${group.id}`, {
      token: tokens.organisation_admin,
    });
    expect(gone.status).toBe(404);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', group.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'user_group.created',
      'user_group.deleted',
      'user_group.updated',
    ]);
  });

  it('refuses extra fields (mass assignment) and a group in another tenant’s organisation', async () => {
    for (const body of [
      { name: 'X', roleIds: [] },
      { name: 'X', platformId: foreign.platformId },
      JSON.parse('{"name": "X", "__proto__": {"x": 1}}'),
    ]) {
      const res = await http(app.url, 'POST', '/v1/user-groups', { token: tokens.organisation_admin, body });
      expect(res.status).toBe(400);
    }
    const intoOther = await http(app.url, 'POST', '/v1/user-groups', {
      token: tokens.organisation_admin,
      body: { name: 'X', organisationId: home.organisationIds[1] },
    });
    expect(intoOther.status).toBe(404);
    const group = await newGroup();
    const put = await http(app.url, 'PUT', `/v1/user-groups/${group.id}`, {
      token: tokens.organisation_admin,
      body: { organisationId: home.organisationIds[1] },
    });
    expect(put.status).toBe(400);
  });

  it('assigns users and locations, lists them with search and paging, with and without the unassigned', async () => {
    const group = await newGroup();
    const [s0, s1] = staff;
    const put = await http(app.url, 'PUT', `/v1/user-groups/${group.id}/users`, {
      token: tokens.organisation_admin,
      body: { assigned: [s0!.id, s1!.id], unassigned: [] },
    });
    expect(put.status).toBe(204);
    const assigned = await http<GroupUser[]>(app.url, 'GET', `/v1/user-groups/${group.id}/users`, {
      token: tokens.organisation_admin,
    });
    expect(assigned.body.map((u) => u.id).sort()).toEqual([s0!.id, s1!.id].sort());
    expect(assigned.body.every((u) => u.assigned)).toBe(true);
    const all = await http<GroupUser[]>(
      app.url,
      'GET',
      `/v1/user-groups/${group.id}/users?includeUnassigned=true&limit=100`,
      {
        token: tokens.organisation_admin,
      },
    );
    expect(all.body.find((u) => u.id === staff[2]!.id)).toMatchObject({ assigned: false });
    expect(all.body.map((u) => u.id)).not.toContain(foreignUser.id);
    const paged = await http<GroupUser[]>(
      app.url,
      'GET',
      `/v1/user-groups/${group.id}/users?limit=1&offset=1`,
      {
        token: tokens.organisation_admin,
      },
    );
    expect(paged.body).toHaveLength(1);
    const search = await http<GroupUser[]>(
      app.url,
      'GET',
      `/v1/user-groups/${group.id}/users?query=${encodeURIComponent(s0!.email)}`,
      { token: tokens.organisation_admin },
    );
    expect(search.body.map((u) => u.id)).toEqual([s0!.id]);
    await http(app.url, 'PUT', `/v1/user-groups/${group.id}/users`, {
      token: tokens.organisation_admin,
      body: { assigned: [], unassigned: [s1!.id] },
    });
    const after = await http<UserGroup>(app.url, 'GET', `/v1/user-groups/${group.id}`, {
      token: tokens.organisation_admin,
    });
    expect(after.body.userCount).toBe(1);

    const [north] = locations;
    await http(app.url, 'PUT', `/v1/user-groups/${group.id}/locations`, {
      token: tokens.organisation_admin,
      body: { assigned: [north!.id] },
    });
    const locs = await http<GroupLocation[]>(
      app.url,
      'GET',
      `/v1/user-groups/${group.id}/locations?includeUnassigned=true&query=ward`,
      { token: tokens.organisation_admin },
    );
    expect(locs.body.map((l) => [l.name, l.assigned])).toEqual([
      ['North ward', true],
      ['South ward', false],
    ]);
  });

  it('refuses users and locations of another organisation, and changes nothing', async () => {
    const group = await newGroup();
    const users = await http(app.url, 'PUT', `/v1/user-groups/${group.id}/users`, {
      token: tokens.organisation_admin,
      body: { assigned: [staff[0]!.id, foreignUser.id] },
    });
    expect(users).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const locs = await http(app.url, 'PUT', `/v1/user-groups/${group.id}/locations`, {
      token: tokens.organisation_admin,
      body: { assigned: [foreignLocation] },
    });
    expect(locs.status).toBe(400);
    const after = await http<UserGroup>(app.url, 'GET', `/v1/user-groups/${group.id}`, {
      token: tokens.organisation_admin,
    });
    expect(after.body).toMatchObject({ userCount: 0, locationCount: 0 });
  });
});

describe('user groups: cross-tenant matrix', () => {
  interface RouteCase {
    method: string;
    path: (id: string) => string;
    body?: unknown;
    ok: number;
  }
  const idRoutes: RouteCase[] = [
    { method: 'GET', path: (id) => `/v1/user-groups/${id}`, ok: 200 },
    {
      method: 'PUT',
      path: (id) => `/v1/user-groups/${id}`,

      body: { description: 'x' },
      ok: 200,
    },
    { method: 'GET', path: (id) => `/v1/user-groups/${id}/users`, ok: 200 },
    {
      method: 'PUT',
      path: (id) => `/v1/user-groups/${id}/users`,

      body: { assigned: [] },
      ok: 204,
    },
    { method: 'GET', path: (id) => `/v1/user-groups/${id}/locations`, ok: 200 },
    {
      method: 'PUT',
      path: (id) => `/v1/user-groups/${id}/locations`,

      body: { unassigned: [] },
      ok: 204,
    },
    { method: 'DELETE', path: (id) => `/v1/user-groups/${id}`, ok: 204 },
  ];

  for (const r of idRoutes) {
    // Which role may do what: docs/permissions.csv. Here: the administrator's answer, and 404 outside.
    it(`${r.method} ${r.path('{id}')}`, async () => {
      const own = await http(app.url, r.method, r.path((await newGroup()).id), {
        token: tokens.organisation_admin,
        body: r.body,
      });
      expect(own.status).toBe(r.ok);
      const group = await newGroup();
      for (const token of [otherOrgAdmin, otherPlatformAdmin]) {
        const res = await http(app.url, r.method, r.path(group.id), { token, body: r.body });
        expect(res.status).toBe(404);
      }
    });
  }

  it('GET /v1/user-groups/organisation/{organisationId} and /platform/{platformId}', async () => {
    const group = await newGroup();
    const foreignOrg = await http(app.url, 'GET', `/v1/user-groups/organisation/${home.organisationIds[0]}`, {
      token: otherOrgAdmin,
    });
    expect(foreignOrg.status).toBe(404);
    const foreignPlatform = await http(app.url, 'GET', `/v1/user-groups/platform/${home.platformId}`, {
      token: otherPlatformAdmin,
    });
    expect(foreignPlatform.status).toBe(404);
    const own = await http<UserGroup[]>(app.url, 'GET', `/v1/user-groups/platform/${foreign.platformId}`, {
      token: otherPlatformAdmin,
    });
    expect(own.body.map((g) => g.id)).not.toContain(group.id);
    expect(own.body.filter((g) => g.platformId !== foreign.platformId)).toEqual([]);
    const mine = await http<UserGroup[]>(
      app.url,
      'GET',
      `/v1/user-groups/organisation/${home.organisationIds[1]}`,
      {
        token: otherOrgAdmin,
      },
    );
    expect(mine.body.filter((g) => g.organisationId !== home.organisationIds[1])).toEqual([]);
  });
});

describe('a user of two organisations', () => {
  it("manages both organisations' groups; a third organisation's and another platform's are not found (404)", async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const create = async (token: string, organisationId?: string) => {
      const res = await http<UserGroup>(app.url, 'POST', '/v1/user-groups', {
        token,
        body: {
          name: `G ${Math.random().toString(36).slice(2, 7)}`,
          ...(organisationId ? { organisationId } : {}),
        },
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    const inB = await create(two.token, home.organisationIds[1]);
    const third = await create((await signedIn(app, two.thirdTenant, 'organisation_admin')).token);
    const elsewhere = await create(otherPlatformAdmin, foreign.organisationIds[0]);
    expect((await http(app.url, 'GET', `/v1/user-groups/${inB.id}`, { token: two.token })).status).toBe(200);
    for (const group of [third, elsewhere]) {
      const statuses = await Promise.all([
        http(app.url, 'GET', `/v1/user-groups/${group.id}`, { token: two.token }),
        http(app.url, 'PUT', `/v1/user-groups/${group.id}`, { token: two.token, body: { name: 'x' } }),
        http(app.url, 'GET', `/v1/user-groups/${group.id}/users`, { token: two.token }),
        http(app.url, 'PUT', `/v1/user-groups/${group.id}/users`, {
          token: two.token,
          body: { assigned: [two.user.id] },
        }),
        http(app.url, 'DELETE', `/v1/user-groups/${group.id}`, { token: two.token }),
      ]);
      expect(statuses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    }
    const list = await http(app.url, 'GET', `/v1/user-groups/organisation/${two.thirdOrganisationId}`, {
      token: two.token,
    });
    expect(list.status).toBe(404);
  });
});

describe('groupScopeFor', () => {
  it('does not narrow a user in no group', async () => {
    const user = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'organisation_staff',
    });
    expect(await groupScopeFor(app.db, systemScope, user.id, home.organisationIds[0])).toEqual({
      restricted: false,
      reportTypes: null,
      locationIds: null,
    });
  });

  it('unions the report types and locations of the user’s groups in that organisation', async () => {
    const user = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'organisation_staff',
    });
    const vaccines = await newGroup('Vaccines', ['aefi']);
    const devices = await newGroup('Devices', ['device', 'aefi']);
    for (const g of [vaccines, devices])
      await http(app.url, 'PUT', `/v1/user-groups/${g.id}/users`, {
        token: tokens.organisation_admin,
        body: { assigned: [user.id] },
      });
    await http(app.url, 'PUT', `/v1/user-groups/${vaccines.id}/locations`, {
      token: tokens.organisation_admin,
      body: { assigned: [locations[0]!.id] },
    });
    await http(app.url, 'PUT', `/v1/user-groups/${devices.id}/locations`, {
      token: tokens.organisation_admin,
      body: { assigned: [locations[1]!.id] },
    });
    const scope = await groupScopeFor(app.db, systemScope, user.id, home.organisationIds[0]);
    expect(scope).toEqual({
      restricted: true,
      reportTypes: ['aefi', 'device'],
      locationIds: [locations[0]!.id, locations[1]!.id].sort(),
    });
    // Another organisation's groups do not apply.
    expect((await groupScopeFor(app.db, systemScope, user.id, home.organisationIds[1])).restricted).toBe(
      false,
    );
  });

  it('a group naming no report type or no location allows every one', async () => {
    const user = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'organisation_staff',
    });
    const narrow = await newGroup('Narrow', ['aefi']);
    const wide = await newGroup('Wide', []);
    await http(app.url, 'PUT', `/v1/user-groups/${narrow.id}/locations`, {
      token: tokens.organisation_admin,
      body: { assigned: [locations[2]!.id] },
    });
    await http(app.url, 'PUT', `/v1/user-groups/${narrow.id}/users`, {
      token: tokens.organisation_admin,
      body: { assigned: [user.id] },
    });
    expect(await groupScopeFor(app.db, systemScope, user.id, home.organisationIds[0])).toEqual({
      restricted: true,
      reportTypes: ['aefi'],
      locationIds: [locations[2]!.id],
    });
    await http(app.url, 'PUT', `/v1/user-groups/${wide.id}/users`, {
      token: tokens.organisation_admin,
      body: { assigned: [user.id] },
    });
    expect(await groupScopeFor(app.db, systemScope, user.id, home.organisationIds[0])).toEqual({
      restricted: false,
      reportTypes: null,
      locationIds: null,
    });
  });
});
