import { type Role, roleNames } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedIn } from '../../../test/sessions.ts';
import { areas } from '../../areas.ts';

let home: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
});

/**
 * Who may call it is in docs/permissions.csv (test/permissions.test.ts). Here: what it
 * says, checked against facts written by hand, and that it reads every policy table.
 */
describe('GET /v1/roles', () => {
  it('lists the six roles with what each may do, from hand-written facts', async () => {
    const { token } = await signedIn(app, home, 'reporter', 0);
    const res = await http<Role[]>(app.url, 'GET', '/v1/roles', { token });
    expect(res.status).toBe(200);
    const roles = Object.fromEntries(res.body.map((r) => [r.id, r]));
    expect(Object.keys(roles)).toEqual([...roleNames]);
    expect(res.body.map((r) => [r.id, r.scope])).toEqual([
      ['reporter', 'organisation'],
      ['organisation_staff', 'organisation'],
      ['organisation_admin', 'organisation'],
      ['assessor', 'organisation'],
      ['platform_admin', 'platform'],
      ['system_admin', 'platform'],
    ]);
    expect(roles.organisation_admin!.permissions).toEqual(
      expect.arrayContaining([
        'users.deactivate',
        'changeRequests.approve',
        'apiKeys.create',
        'userGroups.manage',
      ]),
    );
    expect(roles.organisation_admin!.permissions).not.toContain('platforms.update');
    expect(roles.platform_admin!.permissions).toEqual(
      expect.arrayContaining(['platforms.update', 'ssoProviders.manage', 'organisations.create']),
    );
    expect(roles.platform_admin!.permissions).not.toContain('platforms.create');
    expect(roles.system_admin!.permissions).toContain('platforms.create');
    expect(roles.organisation_staff!.permissions).toContain('organisations.readDetails');
    for (const role of ['reporter', 'assessor'] as const) {
      expect(roles[role]!.permissions).not.toContain('users.deactivate');
      expect(roles[role]!.permissions).not.toContain('organisations.readDetails');
      expect(roles[role]!.permissions).toContain('organisations.readReference');
    }
    // Every role may change its own password and manage its own second factors.
    for (const role of res.body)
      expect(role.ownPermissions).toEqual(expect.arrayContaining(['passwords.changeOwn', 'mfa.manageOwn']));
  });

  it('reads every policy table of every area, every rule of each', async () => {
    const { token } = await signedIn(app, home, 'platform_admin');
    const roles = (await http<Role[]>(app.url, 'GET', '/v1/roles', { token })).body;
    const named = new Set(roles.flatMap((r) => [...r.permissions, ...r.ownPermissions]));
    const tables = areas.flatMap((area) => Object.entries(area.policies ?? {}));
    const missing = tables.flatMap(([name, table]) =>
      Object.keys(table)
        .map((action) => `${name}.${action}`)
        .filter((permission) => !named.has(permission)),
    );
    expect(missing).toEqual([]);
    const tablesRead = new Set([...named].map((p) => p.split('.')[0]));
    expect(tablesRead.size).toBe(tables.length);
  });
});
