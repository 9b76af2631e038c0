import type { RoleName, User } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, login, type TestTenant, useTestApp } from '../../../test/index.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

async function tokenFor(tenant: TestTenant, role: RoleName, organisation: 0 | 1 | null = 0) {
  const organisationId = organisation === null ? null : tenant.organisationIds[organisation];
  const user = await createUser(app.db, { platformId: tenant.platformId, organisationId, role });
  return (await login(app.url, user)).token;
}

describe('GET /v1/users/{id}', () => {
  it('@me is the caller, with memberships and the session organisation', async () => {
    const user = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[1],
      role: 'reporter',
    });
    const token = (await login(app.url, user)).token;
    const res = await http<User>(app.url, 'GET', '/v1/users/@me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      platformId: home.platformId,
      organisationId: home.organisationIds[1],
      deactivated: false,
      memberships: [{ role: 'reporter', organisationId: home.organisationIds[1] }],
    });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('follows the policy: who may read another user', async () => {
    const target = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'organisation_staff',
    });
    const cases: [string, Promise<string>, number][] = [
      ['organisation admin, same organisation', tokenFor(home, 'organisation_admin', 0), 200],
      ['platform admin, same platform', tokenFor(home, 'platform_admin', null), 200],
      ['system admin, another platform', tokenFor(foreign, 'system_admin', null), 200],
      ['reporter, same organisation', tokenFor(home, 'reporter', 0), 403],
      ['staff, same organisation', tokenFor(home, 'organisation_staff', 0), 403],
      ['organisation admin, other organisation', tokenFor(home, 'organisation_admin', 1), 404],
      ['organisation admin, other platform', tokenFor(foreign, 'organisation_admin', 0), 404],
      ['platform admin, other platform', tokenFor(foreign, 'platform_admin', null), 404],
    ];
    for (const [who, token, status] of cases) {
      const res = await http(app.url, 'GET', `/v1/users/${target.id}`, { token: await token });
      expect({ who, status: res.status }).toEqual({ who, status });
    }
  });

  it('answers 404 for an id that does not exist and 400 for one that is not an id', async () => {
    const token = await tokenFor(home, 'system_admin', null);
    const missing = await http(app.url, 'GET', '/v1/users/8d0c6d6e-0000-4000-8000-000000000000', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', statusCode: 404, error: 'Not Found' });
    const bad = await http(app.url, 'GET', '/v1/users/not-an-id', { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', meta: { fields: [{ field: 'params/id' }] } });
  });
});
