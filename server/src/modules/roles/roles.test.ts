import { type Role, type RoleName, roleNames } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, startTestApp, type TestApp, type TestTenant } from '../../../test/index.ts';
import { signedIn } from '../../../test/sessions.ts';
import { rolePolicy } from './roles.policy.ts';
import { permissionsOf } from './roles.service.ts';

let app: TestApp;
let home: TestTenant;

beforeAll(async () => {
  app = await startTestApp();
  home = await createTenant(app.db);
});
afterAll(() => app?.close());

describe('GET /v1/roles', () => {
  it('lists the six roles with permissions from the policy tables; every role may read it', async () => {
    for (const role of roleNames) {
      const { token } = await signedIn(app, home, role, 0);
      const res = await http<Role[]>(app.url, 'GET', '/v1/roles', { token });
      expect((rolePolicy.list.roles as readonly RoleName[]).includes(role)).toBe(true);
      expect({ role, status: res.status }).toEqual({ role, status: 200 });
      expect(res.body.map((r) => r.id)).toEqual([...roleNames]);
    }
    const { token } = await signedIn(app, home, 'reporter', 0);
    const roles = (await http<Role[]>(app.url, 'GET', '/v1/roles', { token })).body;
    const admin = roles.find((r) => r.id === 'organisation_admin');
    expect(admin).toMatchObject({ scope: 'organisation' });
    expect(admin?.permissions).toEqual(
      expect.arrayContaining(['users.deactivate', 'changeRequests.approve']),
    );
    expect(roles.find((r) => r.id === 'reporter')?.permissions).not.toContain('users.deactivate');
    expect(roles.find((r) => r.id === 'platform_admin')).toMatchObject({
      scope: 'platform',
      permissions: permissionsOf('platform_admin'),
    });
  });
});
