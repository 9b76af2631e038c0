import type { Hospital, HospitalLookup, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedSessions, createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedIn, signedInToTwo } from '../../../test/sessions.ts';

/** Hospitals per organisation (decision 0146), through HTTP against PostgreSQL. */
let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

const at = (path: string, query: Record<string, string | number | boolean>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

async function hospital(tenant: TestTenant, body: Record<string, unknown>, organisation: 0 | 1 = 0) {
  const res = await http<Hospital>(app.url, 'POST', '/v1/hospitals', {
    token: await tokenFor(tenant, 'organisation_admin', organisation),
    body,
  });
  if (res.status !== 201) throw new Error(`create hospital: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const auditOf = async (id: string) =>
  (
    await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).orderBy('id').execute()
  ).map((a) => a.action);

describe('hospitals', () => {
  it('creates, reads, merge-patches and deletes a hospital, each with its audit row', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const made = await hospital(tenant, {
      name: ' Hôpital Édouard Herriot ',
      code: '690781810',
      city: 'Lyon',
      country: 'FR',
    });
    expect(made).toMatchObject({
      organisationId: tenant.organisationIds[0],
      platformId: tenant.platformId,
      name: 'Hôpital Édouard Herriot',
      code: '690781810',
      city: 'Lyon',
      country: 'FR',
      active: true,
    });
    const read = await http<Hospital>(app.url, 'GET', `/v1/hospitals/${made.id}`, { token });
    expect(read.body).toEqual(made);

    const patched = await http<Hospital>(app.url, 'PATCH', `/v1/hospitals/${made.id}`, {
      token,
      headers: { 'content-type': 'application/merge-patch+json' },
      raw: JSON.stringify({ code: null, active: false }),
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Hôpital Édouard Herriot',
      code: null,
      city: 'Lyon',
      active: false,
    });

    const removed = await http(app.url, 'DELETE', `/v1/hospitals/${made.id}`, { token });
    expect(removed.status).toBe(204);
    expect((await http(app.url, 'GET', `/v1/hospitals/${made.id}`, { token })).status).toBe(404);
    expect(await auditOf(made.id)).toEqual(['hospital.created', 'hospital.updated', 'hospital.deleted']);
  });

  it('searches by word prefixes of name, city or code (accents and case ignored); the look-up offers active ones and resolves ids', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'reporter');
    const lyon = await hospital(tenant, { name: 'Hôpital de la Croix-Rousse', city: 'Lyon', code: 'HCR' });
    const leeds = await hospital(tenant, { name: 'St James’s University Hospital', city: 'Leeds' });
    const closed = await hospital(tenant, { name: 'Old Leeds Infirmary', city: 'Leeds', active: false });
    const list = async (query: Record<string, string | boolean>) =>
      (await http<Hospital[]>(app.url, 'GET', at('/v1/hospitals', query), { token })).body.map((h) => h.id);

    expect(await list({})).toEqual([lyon.id, closed.id, leeds.id]);
    expect(await list({ query: 'HOPITAL croix' })).toEqual([lyon.id]);
    expect(await list({ query: 'rousse' })).toEqual([lyon.id]);
    expect(await list({ query: 'lyo' })).toEqual([lyon.id]);
    expect(await list({ query: 'hcr' })).toEqual([lyon.id]);
    expect(await list({ query: 'leeds' })).toEqual([closed.id, leeds.id]);
    expect(await list({ query: 'leeds', includeInactive: false })).toEqual([leeds.id]);
    expect(await list({ query: 'ital' })).toEqual([]);

    const picker = await http<HospitalLookup[]>(
      app.url,
      'GET',
      at('/v1/hospitals/lookup', { query: 'leeds' }),
      {
        token,
      },
    );
    expect(picker.body).toEqual([
      { id: leeds.id, name: 'St James’s University Hospital', code: null, city: 'Leeds', active: true },
    ]);
    const resolved = await http<HospitalLookup[]>(
      app.url,
      'GET',
      at('/v1/hospitals/lookup', { ids: `${closed.id},${lyon.id}` }),
      { token },
    );
    expect(resolved.body.map((h) => [h.name, h.active])).toEqual([
      ['Old Leeds Infirmary', false],
      ['Hôpital de la Croix-Rousse', true],
    ]);
    const badIds = await http<{ meta: { fields: { field: string }[] } }>(
      app.url,
      'GET',
      at('/v1/hospitals/lookup', { ids: 'not-an-id' }),
      { token },
    );
    expect(badIds.status).toBe(400);
    expect(badIds.body.meta.fields[0]!.field).toBe('querystring/ids');

    // The organisation's own route answers the same list.
    const byOrganisation = await http<Hospital[]>(
      app.url,
      'GET',
      at(`/v1/organisation/${tenant.organisationIds[0]}/hospitals`, { query: 'croix' }),
      { token },
    );
    expect(byOrganisation.status).toBe(200);
    expect(byOrganisation.body.map((h) => h.name)).toEqual(['Hôpital de la Croix-Rousse']);
  });

  it('refuses a duplicate code (409), an unknown country, an empty name and unknown fields (400), changing nothing', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const first = await hospital(tenant, { name: 'General', code: 'G1' });
    const post = (body: unknown) =>
      http<{ code: string; meta: { fields: { field: string; reason: string }[] } }>(
        app.url,
        'POST',
        '/v1/hospitals',
        {
          token,
          body,
        },
      );
    const duplicate = await post({ name: 'Another', code: 'G1' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.meta.fields[0]!.field).toBe('body/code');
    const country = await post({ name: 'Nowhere', country: 'ZZ' });
    expect(country.status).toBe(400);
    expect(country.body.meta.fields).toEqual([
      {
        field: 'body/country',
        message: 'is not an ISO 3166 country code (for example FR)',
        reason: 'choice',
      },
    ]);
    expect((await post({ name: '' })).status).toBe(400);
    expect((await post({ name: 'X', colour: 'red' })).status).toBe(400);
    const renamedToTaken = await http(
      app.url,
      'PATCH',
      `/v1/hospitals/${(await hospital(tenant, { name: 'Second', code: 'G2' })).id}`,
      {
        token,
        body: { code: 'G1' },
      },
    );
    expect(renamedToTaken.status).toBe(409);
    const list = await http<Hospital[]>(app.url, 'GET', '/v1/hospitals', { token });
    expect(list.body.map((h) => [h.name, h.code])).toEqual([
      ['General', 'G1'],
      ['Second', 'G2'],
    ]);
    expect(first.code).toBe('G1');
    // Staff and reporters read but do not change the list.
    for (const role of ['organisation_staff', 'reporter'] as const) {
      const res = await http(app.url, 'POST', '/v1/hospitals', {
        token: await tokenFor(tenant, role),
        body: { name: 'By someone else' },
      });
      expect(res.status, role).toBe(403);
    }
  });

  it("hides another organisation's and another platform's hospitals (404) on read and on change", async () => {
    const own = await hospital(home, { name: `Home hospital ${Date.now()}` });
    const org = home.organisationIds[0];
    const outsiders = [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'organisation_admin'),
      await tokenFor(foreign, 'platform_admin'),
    ];
    for (const token of outsiders) {
      const calls = await Promise.all([
        http(app.url, 'GET', `/v1/hospitals/${own.id}`, { token }),
        http(app.url, 'PATCH', `/v1/hospitals/${own.id}`, { token, body: { name: 'x' } }),
        http(app.url, 'DELETE', `/v1/hospitals/${own.id}`, { token }),
        http(app.url, 'GET', at('/v1/hospitals', { organisationId: org }), { token }),
        http(app.url, 'GET', at('/v1/hospitals/lookup', { organisationId: org }), { token }),
        http(app.url, 'GET', `/v1/organisation/${org}/hospitals`, { token }),
        http(app.url, 'POST', '/v1/hospitals', { token, body: { organisationId: org, name: 'Intruder' } }),
      ]);
      expect(calls.map((r) => r.status)).toEqual(Array(7).fill(404));
    }
    // Their own lists never show it (a platform administrator works in no organisation: 400 asks which).
    for (const token of outsiders.slice(0, 2)) {
      const theirs = await http<Hospital[]>(app.url, 'GET', '/v1/hospitals', { token });
      expect(theirs.body.map((h) => h.id)).not.toContain(own.id);
      const resolved = await http<HospitalLookup[]>(
        app.url,
        'GET',
        at('/v1/hospitals/lookup', { ids: own.id }),
        {
          token,
        },
      );
      expect(resolved.body).toEqual([]);
    }
    const unnamed = await http<{ meta: { fields: { field: string }[] } }>(app.url, 'GET', '/v1/hospitals', {
      token: outsiders[2],
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.meta.fields[0]!.field).toBe('query/organisationId');
    const stored = await http<Hospital>(app.url, 'GET', `/v1/hospitals/${own.id}`, {
      token: await tokenFor(home, 'organisation_admin'),
    });
    expect(stored.body).toEqual(own);
  });

  it('lets a user of two organisations keep both lists, and not a third organisation or another platform', async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const made: Hospital[] = [];
    for (const organisationId of home.organisationIds) {
      const res = await http<Hospital>(app.url, 'POST', '/v1/hospitals', {
        token: two.token,
        body: { organisationId, name: `Both ${made.length} ${Date.now()}` },
      });
      expect(res.status).toBe(201);
      expect(res.body.organisationId).toBe(organisationId);
      made.push(res.body);
    }
    for (const [i, organisationId] of home.organisationIds.entries()) {
      const list = await http<Hospital[]>(app.url, 'GET', at('/v1/hospitals', { organisationId }), {
        token: two.token,
      });
      expect(list.body.map((h) => h.id)).toContain(made[i]!.id);
      expect(list.body.every((h) => h.organisationId === organisationId)).toBe(true);
    }
    const third = await hospital(two.thirdTenant, { name: 'Third' });
    const elsewhere = await hospital(foreign, { name: 'Foreign' });
    for (const id of [third.id, elsewhere.id]) {
      const calls = await Promise.all([
        http(app.url, 'GET', `/v1/hospitals/${id}`, { token: two.token }),
        http(app.url, 'PATCH', `/v1/hospitals/${id}`, { token: two.token, body: { name: 'x' } }),
        http(app.url, 'DELETE', `/v1/hospitals/${id}`, { token: two.token }),
      ]);
      expect(calls.map((r) => r.status)).toEqual([404, 404, 404]);
    }
    const listed = await http(
      app.url,
      'GET',
      at('/v1/hospitals', { organisationId: two.thirdOrganisationId }),
      {
        token: two.token,
      },
    );
    expect(listed.status).toBe(404);
  });

  it('answers an integration key its own organisation’s hospitals, and nobody signed out', async () => {
    const tenant = await createTenant(app.db);
    const made = await hospital(tenant, { name: 'Keyed hospital' });
    const admin = await signedIn(app, tenant, 'organisation_admin');
    const key = await http<{ key: string }>(app.url, 'POST', '/v1/api-keys', {
      token: admin.token,
      body: { name: 'hospitals reader' },
    });
    expect(key.status).toBe(201);
    const listed = await http<Hospital[]>(app.url, 'GET', '/v1/hospitals', {
      headers: { 'x-api-key': key.body.key },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.map((h) => h.id)).toEqual([made.id]);
    expect((await http(app.url, 'GET', '/v1/hospitals')).status).toBe(401);
  });
});
