import type { RoleName, SavedSearch } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cachedSessions,
  createTenant,
  http,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;
const save = (token: string, body: Record<string, unknown>) =>
  http<SavedSearch & { code?: string }>(app.url, 'POST', '/v1/saved-searches', { token, body });
const list = async (token: string, query = '') =>
  (await http<SavedSearch[]>(app.url, 'GET', `/v1/saved-searches${query}`, { token })).body;

describe('/v1/saved-searches', () => {
  it('keeps a search for its owner, shares it read-only within the organisation, and nowhere else', async () => {
    const staff = await tokenFor(home, 'organisation_staff');
    const colleague = await tokenFor(home, 'organisation_admin');
    const mine = await save(staff, { name: 'Serious, open', filters: { stage: 'open', serious: true } });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({
      resource: 'reports',
      shared: false,
      mine: true,
      filters: { stage: 'open', serious: true },
    });
    expect((await list(colleague)).map((s) => s.id)).not.toContain(mine.body.id);

    const shared = await http<SavedSearch>(app.url, 'PUT', `/v1/saved-searches/${mine.body.id}`, {
      token: staff,
      body: { name: 'Serious, open (team)', filters: { stage: 'open', serious: true }, shared: true },
    });
    expect(shared.body).toMatchObject({ name: 'Serious, open (team)', shared: true });
    const seen = (await list(colleague, '?resource=reports')).find((s) => s.id === mine.body.id);
    expect(seen).toMatchObject({ mine: false, name: 'Serious, open (team)' });
    expect((await list(colleague, '?resource=users')).map((s) => s.id)).not.toContain(mine.body.id);
    // Read-only for the others; invisible to other organisations and platforms.
    expect(
      (await http(app.url, 'DELETE', `/v1/saved-searches/${mine.body.id}`, { token: colleague })).status,
    ).toBe(403);
    for (const token of [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'platform_admin'),
    ]) {
      expect((await list(token)).map((s) => s.id)).not.toContain(mine.body.id);
      expect((await http(app.url, 'DELETE', `/v1/saved-searches/${mine.body.id}`, { token })).status).toBe(
        404,
      );
      expect(
        (
          await http(app.url, 'PUT', `/v1/saved-searches/${mine.body.id}`, {
            token,
            body: { name: 'x', filters: {} },
          })
        ).status,
      ).toBe(404);
    }
    expect(
      (await http(app.url, 'DELETE', `/v1/saved-searches/${mine.body.id}`, { token: staff })).status,
    ).toBe(204);
    expect((await list(staff)).map((s) => s.id)).not.toContain(mine.body.id);
    const audits = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', mine.body.id)
      .orderBy('at')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'saved_search.created',
      'saved_search.updated',
      'saved_search.deleted',
    ]);
  });

  it('a user of two organisations saves in either, and not in a third', async () => {
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['organisation_staff', 'reporter']);
    const inB = await save(two.token, {
      name: 'B',
      filters: {},
      organisationId: tenant.organisationIds[1],
      shared: true,
    });
    expect(inB.body.organisationId).toBe(tenant.organisationIds[1]);
    expect(
      (await save(two.token, { name: 'C', filters: {}, organisationId: two.thirdOrganisationId })).status,
    ).toBe(404);
    expect((await list(two.token)).map((s) => s.name)).toEqual(['B']);
  });
});

describe('a platform administrator', () => {
  it('saves in an organisation of the platform; an organisation id the platform does not hold is a 404, and nothing is kept', async () => {
    const token = await tokenFor(home, 'platform_admin');
    const saved = await save(token, {
      name: 'Platform',
      filters: {},
      organisationId: home.organisationIds[0],
    });
    expect(saved.status).toBe(201);
    for (const organisationId of [foreign.organisationIds[0], '3f1c2b4a-0000-4000-8000-00000000abcd']) {
      const refused = await save(token, { name: 'Elsewhere', filters: {}, organisationId });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('NOT_FOUND');
    }
    expect((await list(token)).map((s) => s.name)).toEqual(['Platform']);
  });
});
