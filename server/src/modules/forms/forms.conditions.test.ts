import type { Condition, CreatedApiKey, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedSessions, createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedInToTwo } from '../../../test/sessions.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;
const unique = () => Math.random().toString(36).slice(2, 8);

async function create(tenant: TestTenant, organisation: 0 | 1 = 0, body: Record<string, unknown> = {}) {
  const res = await http<Condition>(app.url, 'POST', '/v1/conditions', {
    token: await tokenFor(tenant, 'organisation_admin', organisation),
    body: { name: `Adults ${unique()}`, conditions: 'D.ageAtOnset.value >= 18', ...body },
  });
  if (res.status !== 201) throw new Error(`create condition: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

type Refusal = { code: string; meta: { fields: { field: string; message: string; reason: string }[] } };

describe('named conditions', () => {
  it('creates in the session’s organisation, changes, lists and deletes', async () => {
    const token = await tokenFor(home, 'organisation_admin');
    const made = await create(home, 0, {
      name: 'Pregnant women',
      description: 'Female, with a last period',
      conditions: 'D.sex == "2" and answered(D.lastMenstrualPeriodDate)',
    });
    expect(made).toMatchObject({
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      name: 'Pregnant women',
      description: 'Female, with a last period',
      conditions: 'D.sex == "2" and answered(D.lastMenstrualPeriodDate)',
      version: 1,
    });
    const changed = await http<Condition>(app.url, 'PUT', '/v1/conditions', {
      token,
      body: { id: made.id, conditions: 'D.sex == "2"' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ conditions: 'D.sex == "2"', version: 2 });
    const list = await http<Condition[]>(app.url, 'GET', '/v1/integration-management/conditions', { token });
    expect(list.body.map((c) => c.id)).toContain(made.id);
    expect((await http(app.url, 'DELETE', `/v1/conditions?id=${made.id}`, { token })).status).toBe(204);
    expect((await http(app.url, 'DELETE', `/v1/conditions?id=${made.id}`, { token })).status).toBe(404);
    const actions = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', made.id)
      .orderBy('at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'condition.created',
      'condition.updated',
      'condition.deleted',
    ]);
  });

  it('refuses an expression that does not parse, naming the position, and one that reads unknown fields', async () => {
    const token = await tokenFor(home, 'organisation_admin');
    const bad = await http<Refusal>(app.url, 'POST', '/v1/conditions', {
      token,
      body: { name: `Bad ${unique()}`, conditions: 'D.sex == "2" and (' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.fields).toEqual([
      {
        field: 'body/conditions',
        message: 'Expected a value but found the end at position 19',
        reason: 'format',
      },
    ]);
    const unknown = await http<Refusal>(app.url, 'POST', '/v1/conditions', {
      token,
      body: { name: `Bad ${unique()}`, conditions: 'D.favouriteColour == "blue"' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.meta.fields[0]).toMatchObject({ field: 'body/conditions', reason: 'notFound' });
  });

  it('a taken name is a 409 naming body/name; a stale If-Match a 412', async () => {
    const made = await create(home);
    const token = await tokenFor(home, 'organisation_admin');
    const again = await http<Refusal>(app.url, 'POST', '/v1/conditions', {
      token,
      body: { name: made.name, conditions: 'true' },
    });
    expect(again.status).toBe(409);
    expect(again.body.meta.fields[0]!.field).toBe('body/name');
    // The same name in another organisation is another condition.
    expect((await create(home, 1, { name: made.name })).name).toBe(made.name);
    await http(app.url, 'PUT', '/v1/conditions', { token, body: { id: made.id, description: 'changed' } });
    const stale = await http(app.url, 'PUT', '/v1/conditions', {
      token,
      body: { id: made.id, description: 'mine' },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
  });

  it('another platform and another organisation get 404 on read and change', async () => {
    const made = await create(home, 0);
    for (const token of [
      await tokenFor(foreign, 'platform_admin'),
      await tokenFor(foreign, 'organisation_admin'),
      await tokenFor(home, 'organisation_admin', 1),
    ]) {
      expect(
        (await http(app.url, 'PUT', '/v1/conditions', { token, body: { id: made.id, name: 'x' } })).status,
      ).toBe(404);
      expect((await http(app.url, 'DELETE', `/v1/conditions?id=${made.id}`, { token })).status).toBe(404);
      const list = await http<Condition[]>(app.url, 'GET', '/v1/integration-management/conditions', {
        token,
      });
      expect(list.body.map((c) => c.id)).not.toContain(made.id);
    }
    const intoForeign = await http(app.url, 'POST', '/v1/conditions', {
      token: await tokenFor(home, 'organisation_admin'),
      body: { organisationId: foreign.organisationIds[0], name: 'x', conditions: 'true' },
    });
    expect(intoForeign.status).toBe(404);
  });

  it('platform-wide conditions are the platform administrators’', async () => {
    const orgAdmin = await tokenFor(home, 'organisation_admin');
    const body = {
      organisationId: null,
      name: `Serious ${unique()}`,
      conditions: 'E.reactions[].lifeThreatening == true',
    };
    expect((await http(app.url, 'POST', '/v1/conditions', { token: orgAdmin, body })).status).toBe(403);
    const made = await http<Condition>(app.url, 'POST', '/v1/conditions', {
      token: await tokenFor(home, 'platform_admin'),
      body,
    });
    expect(made.status).toBe(201);
    expect(made.body.organisationId).toBeNull();
    // Seen by an organisation's administrator, not theirs to change.
    const list = await http<Condition[]>(app.url, 'GET', '/v1/integration-management/conditions', {
      token: orgAdmin,
    });
    expect(list.body.map((c) => c.id)).toContain(made.body.id);
    expect(
      (
        await http(app.url, 'PUT', '/v1/conditions', {
          token: orgAdmin,
          body: { id: made.body.id, name: 'x' },
        })
      ).status,
    ).toBe(403);
  });

  it('a user of two organisations: administrator in one, reporter in the other', async () => {
    const tenant = await createTenant(app.db);
    const inA = await create(tenant, 0);
    const inB = await create(tenant, 1);
    const { token } = await signedInToTwo(app, tenant, ['organisation_admin', 'reporter']);
    expect(
      (
        await http(app.url, 'PUT', '/v1/conditions', {
          token,
          body: { id: inA.id, name: `Mine ${unique()}` },
        })
      ).status,
    ).toBe(200);
    expect(
      (await http(app.url, 'PUT', '/v1/conditions', { token, body: { id: inB.id, name: 'Not mine' } }))
        .status,
    ).toBe(403);
    const list = await http<Condition[]>(app.url, 'GET', '/v1/integration-management/conditions', { token });
    expect(list.body.map((c) => c.id)).toContain(inA.id);
    expect(list.body.map((c) => c.id)).not.toContain(inB.id);
  });

  it('an integration keeps its organisation’s conditions with its API key', async () => {
    const tenant = await createTenant(app.db);
    const admin = await tokenFor(tenant, 'organisation_admin');
    const application = await http<{ id: string }>(app.url, 'POST', '/v1/applications', {
      token: admin,
      body: { application: `Feed ${unique()}` },
    });
    const key = (
      await http<CreatedApiKey>(app.url, 'POST', '/v1/api-keys', {
        token: admin,
        body: { name: 'feed', applicationId: application.body.id },
      })
    ).body.key;
    const made = await http<Condition>(app.url, 'POST', '/v1/integration-management/conditions', {
      token: key,
      body: { name: `From the feed ${unique()}`, conditions: 'count(G.drugs) > 1' },
    });
    expect(made.status).toBe(201);
    expect(made.body.organisationId).toBe(tenant.organisationIds[0]);
    const changed = await http<Condition>(
      app.url,
      'PUT',
      `/v1/integration-management/conditions/${made.body.id}`,
      {
        token: key,
        body: { description: 'Several medicines' },
      },
    );
    expect(changed.body.description).toBe('Several medicines');
    const other = await create(tenant, 1);
    expect(
      (await http(app.url, 'DELETE', `/v1/integration-management/conditions/${other.id}`, { token: key }))
        .status,
    ).toBe(404);
    expect(
      (await http(app.url, 'POST', '/v1/conditions', { token: key, body: { name: 'x', conditions: 'true' } }))
        .status,
    ).toBe(403);
    expect(
      (await http(app.url, 'DELETE', `/v1/integration-management/conditions/${made.body.id}`, { token: key }))
        .status,
    ).toBe(204);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details'])
      .where('entity_id', '=', made.body.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'condition.created',
      'condition.updated',
      'condition.deleted',
    ]);
    expect(audit.every((a) => a.actor_user_id === null)).toBe(true);
    expect(audit[0]!.details).toMatchObject({ applicationId: application.body.id });
  });
});
