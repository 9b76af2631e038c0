import type { LocationChangeCheck, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  createTenant,
  createUser,
  http,
  sessionFor,
  signedIn,
  signedInToTwo,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';

/**
 * Decision 0131: GET /v1/report/{id}/location-change-check. Each tenant here is fresh, with
 * its groups written by hand, so who sees the case where is worked out in the test's own
 * words (decision 0014: no group, or the union of one's groups allows type and location).
 */
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  foreign = await createTenant(app.db);
});

type Answer = LocationChangeCheck & { code?: string; meta?: unknown; message?: string };
const check = async (token: string, id: string, locations: string[]) =>
  http<Answer>(
    app.url,
    'GET',
    `/v1/report/${id}/location-change-check?${locations.map((l) => `locations=${l}`).join('&')}`,
    { token },
  );

async function location(tenant: TestTenant, name: string, org: 0 | 1 = 0) {
  const row = await app.db
    .insertInto('locations')
    .values({ platform_id: tenant.platformId, organisation_id: tenant.organisationIds[org], name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function group(
  tenant: TestTenant,
  name: string,
  members: TestUser[],
  where: string[],
  types: string[] = [],
) {
  const row = await app.db
    .insertInto('user_groups')
    .values({
      platform_id: tenant.platformId,
      organisation_id: tenant.organisationIds[0],
      name,
      report_types: types,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const m of members)
    await app.db.insertInto('user_group_users').values({ group_id: row.id, user_id: m.id }).execute();
  for (const l of where)
    await app.db.insertInto('user_group_locations').values({ group_id: row.id, location_id: l }).execute();
  return row.id;
}
const member = (tenant: TestTenant, role: RoleName) =>
  createUser(app.db, { platformId: tenant.platformId, organisationId: tenant.organisationIds[0], role });

/** A case of the tenant's organisation A (report type 1, spontaneous) at `where`. */
async function caseAt(tenant: TestTenant, where: string | null) {
  const reporter = await signedIn(app, tenant, 'reporter');
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
    token: reporter.token,
    body: { report: adrCase(), organisationId: tenant.organisationIds[0] },
  });
  await app.db.updateTable('reports').set({ location_id: where }).where('id', '=', res.body.id).execute();
  return res.body.id;
}

describe('GET /v1/report/{id}/location-change-check', () => {
  it('names the groups and caseworkers that would lose or gain the case at each location, changing nothing', async () => {
    const home = await createTenant(app.db);
    const [ward1, ward2, ward3] = [
      await location(home, 'Ward 1'),
      await location(home, 'Ward 2'),
      await location(home, 'Ward 3'),
    ];
    const staff = await member(home, 'organisation_staff'); // group "Ward 1": sees it only at ward 1
    const assessor = await member(home, 'assessor'); // group "Ward 2": only at ward 2
    const _free = await member(home, 'assessor'); // in no group: everywhere (counted, never listed)
    const admin = await member(home, 'organisation_admin'); // in "Ward 1", but administrators are never narrowed
    const vaccines = await member(home, 'organisation_staff'); // group for report type 2 only: never this case
    await group(home, 'Ward 1', [staff, admin], [ward1]);
    const g2 = await group(home, 'Ward 2', [assessor], [ward2]);
    await group(home, 'Vaccine studies', [vaccines], [], ['2']);
    const g1 = (
      await app.db
        .selectFrom('user_groups')
        .select('id')
        .where('name', '=', 'Ward 1')
        .where('platform_id', '=', home.platformId)
        .executeTakeFirstOrThrow()
    ).id;
    const id = await caseAt(home, ward1);
    const { token } = await sessionFor(app, staff);

    const res = await check(token, id, [ward2, ward3]);
    expect(res.status).toBe(200);
    const who = (u: TestUser) => ({ id: u.id, email: u.email, name: expect.any(String) });
    expect(res.body).toEqual({
      reportId: id,
      currentLocationId: ward1,
      seeingNow: 3, // staff, free, admin
      locations: [
        {
          locationId: ward2,
          name: 'Ward 2',
          seeing: 3, // assessor, free, admin
          groups: { gain: [{ id: g2, name: 'Ward 2' }], lose: [{ id: g1, name: 'Ward 1' }] },
          users: { gain: [who(assessor)], lose: [who(staff)] },
          callerLoses: true,
        },
        {
          locationId: ward3,
          name: 'Ward 3',
          seeing: 2, // free, admin
          groups: { gain: [], lose: [{ id: g1, name: 'Ward 1' }] },
          users: { gain: [], lose: [who(staff)] },
          callerLoses: true,
        },
      ],
    });
    // Nothing moved.
    const after = await app.db
      .selectFrom('reports')
      .select('location_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.location_id).toBe(ward1);
    // The same location as now changes nothing; an administrator asks too.
    const same = await check((await sessionFor(app, admin)).token, id, [ward1]);
    expect(same.body.locations[0]).toMatchObject({
      seeing: 3,
      users: { gain: [], lose: [] },
      callerLoses: false,
    });
  });

  it('counts a case with no location as seen only by groups naming no location', async () => {
    const home = await createTenant(app.db);
    const ward = await location(home, 'Ward');
    const staff = await member(home, 'organisation_staff');
    const admin = await member(home, 'organisation_admin');
    await group(home, 'Ward', [staff], [ward]);
    const id = await caseAt(home, null);
    // The narrowed staff member does not see the case now, so cannot ask about it.
    expect((await check((await sessionFor(app, staff)).token, id, [ward])).status).toBe(404);
    const res = await check((await sessionFor(app, admin)).token, id, [ward]);
    expect(res.body).toMatchObject({
      currentLocationId: null,
      seeingNow: 1,
      locations: [{ seeing: 2, users: { gain: [{ id: staff.id }], lose: [] }, callerLoses: false }],
    });
  });

  it('refuses another organisation’s location (400), assessors and reporters (403), and foreign cases (404)', async () => {
    const home = await createTenant(app.db);
    const ward = await location(home, 'Ward');
    const elsewhere = await location(home, 'Other organisation’s ward', 1);
    const id = await caseAt(home, ward);
    const staff = (await signedIn(app, home, 'organisation_staff')).token;
    const refused = await check(staff, id, [ward, elsewhere]);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('query/locations');
    expect(
      (await http(app.url, 'GET', `/v1/report/${id}/location-change-check`, { token: staff })).status,
    ).toBe(400);
    expect((await check((await signedIn(app, home, 'assessor')).token, id, [ward])).status).toBe(403);
    expect((await check((await signedIn(app, home, 'reporter')).token, id, [ward])).status).toBe(403);
    expect((await check((await signedIn(app, home, 'organisation_staff', 1)).token, id, [ward])).status).toBe(
      404,
    );
    expect((await check((await signedIn(app, foreign, 'platform_admin')).token, id, [ward])).status).toBe(
      404,
    );
    expect((await check((await signedIn(app, home, 'platform_admin')).token, id, [ward])).status).toBe(200);
  });

  it('answers 404 to a user of two organisations asking about a third one’s case or another platform’s', async () => {
    const home = await createTenant(app.db);
    const two = await signedInToTwo(app, home, ['organisation_staff', 'organisation_staff']);
    const third = await caseAt(two.thirdTenant, null);
    const ward = await location(two.thirdTenant, 'Ward C');
    expect((await check(two.token, third, [ward])).status).toBe(404);
    const abroad = await caseAt(foreign, null);
    expect((await check(two.token, abroad, [ward])).status).toBe(404);
    // In its own organisation it may ask.
    const own = await caseAt(home, null);
    const wardA = await location(home, 'Ward A');
    expect((await check(two.token, own, [wardA])).status).toBe(200);
  });
});

describe('GET /v1/reports and user groups (decision 0133: the groups are looked up first)', () => {
  it('lists to a member in groups only the cases they allow, and everything to one in none', async () => {
    const home = await createTenant(app.db);
    const [ward1, ward2] = [await location(home, 'Ward 1'), await location(home, 'Ward 2')];
    const grouped = await member(home, 'organisation_staff');
    const free = await member(home, 'organisation_staff');
    await group(home, 'Ward 1', [grouped], [ward1]);
    const [at1, at2, nowhere] = [
      await caseAt(home, ward1),
      await caseAt(home, ward2),
      await caseAt(home, null),
    ];
    const list = async (user: TestUser, query = 'size=10') =>
      (
        await http<{ items: { id: string }[]; total: number; nextCursor: string }>(
          app.url,
          'GET',
          `/v1/reports?${query}`,
          { token: (await sessionFor(app, user)).token },
        )
      ).body;
    const seen = await list(grouped);
    expect(seen.items.map((c) => c.id)).toEqual([at1]);
    expect(seen.total).toBe(1);
    expect((await list(free)).items.map((c) => c.id).sort()).toEqual([at1, at2, nowhere].sort());
    expect((await list(grouped, 'size=10&stage=open')).total).toBe(1);
    // The total a first page counted travels in its cursor: the next page says the same.
    const first = await list(free, 'size=2');
    const next = await http<{ items: { id: string }[]; total: number }>(
      app.url,
      'GET',
      `/v1/reports?size=2&page=2&cursor=${first.nextCursor}`,
      { token: (await sessionFor(app, free)).token },
    );
    expect(next.body.total).toBe(3);
    expect(next.body.items).toHaveLength(1);
  });
});
