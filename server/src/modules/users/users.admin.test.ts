import type { RoleName, UserDetail, UserPage } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';
import { sessionFor, signedIn } from '../../../test/sessions.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const actor = (tenant: TestTenant, role: RoleName, org: 0 | 1 = 0) => signedIn(app, tenant, role, org);
const login = (_url: string, user: TestUser) => sessionFor(app, user);

const target = (tenant = home, role: RoleName = 'reporter', org: 0 | 1 = 0) =>
  createUser(app.db, { platformId: tenant.platformId, organisationId: tenant.organisationIds[org], role });

/** Every route of this file that takes a user id: how to call it. */
const idRoutes: {
  name: string;
  call: (token: string, id: string) => Promise<{ status: number }>;
}[] = [
  {
    name: 'GET /v1/users/{id}',
    call: (token, id) => http(app.url, 'GET', `/v1/users/${id}?includeSettings=true`, { token }),
  },
  {
    name: 'PUT /v1/users/{id}',
    call: (token, id) => http(app.url, 'PUT', `/v1/users/${id}`, { token, body: { firstName: 'Renamed' } }),
  },
  {
    name: 'PUT /v1/users/{id}/toggle-deactivate',
    call: (token, id) =>
      http(app.url, 'PUT', `/v1/users/${id}/toggle-deactivate`, { token, body: { reason: 'test' } }),
  },
  {
    name: 'DELETE /v1/users/{id}',
    call: (token, id) => http(app.url, 'DELETE', `/v1/users/${id}`, { token, body: { reason: 'test' } }),
  },
  {
    name: 'GET /v1/users/{id}/organisation-preferences',
    call: (token, id) => http(app.url, 'GET', `/v1/users/${id}/organisation-preferences`, { token }),
  },
  {
    name: 'GET /v1/users/{id}/organisation-preferences/count',
    call: (token, id) => http(app.url, 'GET', `/v1/users/${id}/organisation-preferences/count`, { token }),
  },
  {
    name: 'PUT /v1/users/{id}/organisation-preferences',
    call: (token, id) =>
      http(app.url, 'PUT', `/v1/users/${id}/organisation-preferences`, { token, body: { items: [] } }),
  },
];

// Which role may do what: docs/permissions.csv (test/permissions.test.ts).

describe('cross-tenant matrix', () => {
  it('another organisation and another platform answer 404 on every id route', async () => {
    const outsiders = await Promise.all([
      actor(home, 'organisation_admin', 1),
      actor(foreign, 'organisation_admin', 0),
      actor(foreign, 'platform_admin'),
    ]);
    for (const route of idRoutes) {
      for (const [index, outsider] of outsiders.entries()) {
        const subject = await target();
        const res = await route.call(outsider.token, subject.id);
        expect({ route: route.name, index, status: res.status }).toEqual({
          route: route.name,
          index,
          status: 404,
        });
      }
    }
  });

  it('lists and exports hold no foreign rows', async () => {
    const mine = await target(home, 'reporter', 0);
    const otherOrg = await target(home, 'reporter', 1);
    const otherPlatform = await target(foreign, 'reporter', 0);
    const orgAdmin = await actor(home, 'organisation_admin', 0);
    const platformAdmin = await actor(home, 'platform_admin');
    const listed = async (token: string) => {
      const res = await http<UserPage>(app.url, 'GET', '/v1/users?size=500', { token });
      expect(res.status).toBe(200);
      return res.body.items.map((u) => u.id);
    };
    const byOrgAdmin = await listed(orgAdmin.token);
    expect(byOrgAdmin).toContain(mine.id);
    expect(byOrgAdmin).not.toContain(otherOrg.id);
    expect(byOrgAdmin).not.toContain(otherPlatform.id);
    const byPlatformAdmin = await listed(platformAdmin.token);
    expect(byPlatformAdmin).toEqual(expect.arrayContaining([mine.id, otherOrg.id]));
    expect(byPlatformAdmin).not.toContain(otherPlatform.id);
    // Asking for another organisation's users by filter does not widen the scope.
    const filtered = await http<UserPage>(
      app.url,
      'GET',
      `/v1/users?organisationIds=${home.organisationIds[1]}&organisationIds=${foreign.organisationIds[0]}`,
      { token: orgAdmin.token },
    );
    expect(filtered.body.items).toEqual([]);
    const csv = await http<string>(app.url, 'POST', '/v1/users/export', { token: orgAdmin.token, body: {} });
    expect(csv.body).toContain(mine.email);
    expect(csv.body).not.toContain(otherOrg.email);
    expect(csv.body).not.toContain(otherPlatform.email);
    const foreignFilter = await http(app.url, 'POST', '/v1/users/export', {
      token: orgAdmin.token,
      body: { organisationId: home.organisationIds[1] },
    });
    expect(foreignFilter.status).toBe(404);
    const foreignPlatform = await http(app.url, 'POST', '/v1/users/export', {
      token: platformAdmin.token,
      body: { platformId: foreign.platformId },
    });
    expect(foreignPlatform.status).toBe(404);
  });
});

describe('GET /v1/users filters', () => {
  it('filters by text, organisation, role, account type, deactivation, deletion requests and change requests', async () => {
    const tenant = await createTenant(app.db);
    const admin = await actor(tenant, 'platform_admin');
    const alice = await target(tenant, 'organisation_staff', 0);
    const bob = await target(tenant, 'reporter', 1);
    const gone = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
      deactivated: true,
    });
    await app.db
      .updateTable('users')
      .set({ first_name: 'Zélie', account_type: 'hcp' })
      .where('id', '=', alice.id)
      .execute();
    // Bob asks for deletion; Alice asks for a new email (a change request).
    const bobToken = (await login(app.url, bob)).token;
    expect(
      (await http(app.url, 'PUT', '/v1/users/@me/request-account-deletion', { token: bobToken })).status,
    ).toBe(204);
    const aliceToken = (await login(app.url, alice)).token;
    await http(app.url, 'PUT', '/v1/users/@me', { token: aliceToken, body: { email: `z-${alice.email}` } });

    const ids = async (query: string) => {
      const res = await http<UserPage>(app.url, 'GET', `/v1/users?${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      return res.body.items.map((u) => u.id).sort();
    };
    expect(await ids('query=z%C3%A9lie')).toEqual([alice.id]);
    expect(await ids(`query=${encodeURIComponent(bob.email)}`)).toEqual([bob.id]);
    expect(await ids(`organisationIds=${tenant.organisationIds[1]}`)).toEqual([bob.id]);
    expect(await ids('roleIds=organisation_staff')).toEqual([alice.id]);
    expect(await ids('accountTypes=hcp')).toEqual([alice.id]);
    expect(await ids('includeOnlyDeletionRequests=true')).toEqual([bob.id]);
    expect(await ids('changeRequestStatuses=pending')).toEqual([alice.id]);
    expect(await ids('roleIds=reporter')).toEqual([bob.id]);
    expect(await ids('roleIds=reporter&includeDeactivated=true')).toEqual([bob.id, gone.id].sort());

    const page = await http<UserPage>(app.url, 'GET', '/v1/users?size=2&page=2&includeDeactivated=true', {
      token: admin.token,
    });
    expect(page.body).toMatchObject({ page: 2, size: 2, total: 4 });
    expect(page.body.items).toHaveLength(2);
    // Past the last page: no rows, and the total is still counted.
    const past = await http<UserPage>(app.url, 'GET', '/v1/users?size=2&page=5&includeDeactivated=true', {
      token: admin.token,
    });
    expect(past.body).toEqual({ items: [], page: 5, size: 2, total: 4 });
    // Several values in one filter; % and _ are plain characters in a search.
    expect(await ids('roleIds=reporter&roleIds=organisation_staff')).toEqual([alice.id, bob.id].sort());
    expect(
      await ids(`organisationIds=${tenant.organisationIds[0]}&organisationIds=${tenant.organisationIds[1]}`),
    ).toEqual([alice.id, bob.id].sort());
    expect(await ids('query=%25')).toEqual([]);
    expect(await ids('query=z%C3%A9_ie')).toEqual([]);
    const bobRow = (
      await http<UserPage>(app.url, 'GET', `/v1/users?query=${encodeURIComponent(bob.email)}`, {
        token: admin.token,
      })
    ).body.items[0];
    expect(bobRow?.deletionRequestedAt).toEqual(expect.any(String));
    const bad = await http(app.url, 'GET', '/v1/users?roleIds=emperor', { token: admin.token });
    expect(bad.status).toBe(400);
  });
});

describe('POST /v1/users and PUT /v1/users/{id}', () => {
  it('an organisation admin creates a user in their organisation, not elsewhere, and not platform-wide', async () => {
    const { token } = await actor(home, 'organisation_admin', 0);
    const email = `created-${crypto.randomUUID()}@example.test`;
    const body = {
      email,
      firstName: 'Cleo',
      lastName: 'Created',
      memberships: [{ organisationId: home.organisationIds[0], role: 'organisation_staff' }],
    };
    const res = await http<UserDetail>(app.url, 'POST', '/v1/users', { token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      memberships: [{ role: 'organisation_staff', organisationId: home.organisationIds[0] }],
    });
    expect((await http(app.url, 'POST', '/v1/users', { token, body })).status).toBe(409);
    const elsewhere = {
      ...body,
      email: `x-${email}`,
      memberships: [{ organisationId: home.organisationIds[1], role: 'reporter' }],
    };
    expect((await http(app.url, 'POST', '/v1/users', { token, body: elsewhere })).status).toBe(404);
    const wide = {
      ...body,
      email: `y-${email}`,
      memberships: [{ organisationId: null, role: 'platform_admin' }],
    };
    expect((await http(app.url, 'POST', '/v1/users', { token, body: wide })).status).toBe(403);
  });

  it('refuses mass assignment: organisationId, roleIds, platformId, __proto__, and admin fields from non-admins', async () => {
    const user = await target();
    const { token } = await actor(home, 'organisation_admin', 0);
    const own = (await login(app.url, user)).token;
    const bodies = [
      { firstName: 'X', organisationId: home.organisationIds[1] },
      { firstName: 'X', roleIds: ['system_admin'] },
      { firstName: 'X', platformId: foreign.platformId },
    ];
    for (const body of bodies) {
      for (const t of [own, token]) {
        const res = await http(app.url, 'PUT', `/v1/users/${user.id}`, { token: t, body });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    }
    const proto = await http(app.url, 'PUT', '/v1/users/@me', {
      token: own,
      raw: '{"firstName":"X","__proto__":{"memberships":[{"organisationId":null,"role":"system_admin"}]}}',
    });
    expect(proto.status).toBe(400);
    const selfPromotion = await http(app.url, 'PUT', '/v1/users/@me', {
      token: own,
      body: { memberships: [{ organisationId: null, role: 'system_admin' }] },
    });
    expect(selfPromotion.status).toBe(400);
    expect(selfPromotion.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      meta: { fields: [{ field: 'body/memberships' }] },
    });
    const accountType = await http(app.url, 'PUT', '/v1/users/@me', {
      token: own,
      body: { accountType: 'admin' },
    });
    expect(accountType.status).toBe(400);
    const after = await http<UserDetail>(app.url, 'GET', `/v1/users/${user.id}?includeSettings=true`, {
      token,
    });
    expect(after.body).toMatchObject({
      firstName: 'Test',
      accountType: 'standard',
      memberships: [{ role: 'reporter' }],
    });
  });

  it('an admin changes roles within their organisations; the user applies own settings; email becomes a change request', async () => {
    const user = await target();
    const admin = await actor(home, 'organisation_admin', 0);
    const roles = await http<UserDetail>(app.url, 'PUT', `/v1/users/${user.id}`, {
      token: admin.token,
      body: {
        memberships: [{ organisationId: home.organisationIds[0], role: 'organisation_staff' }],
        accountType: 'hcp',
      },
    });
    expect(roles.status).toBe(200);
    expect(roles.body).toMatchObject({ accountType: 'hcp', memberships: [{ role: 'organisation_staff' }] });

    const own = (await login(app.url, user)).token;
    const res = await http<UserDetail>(app.url, 'PUT', '/v1/users/@me', {
      token: own,
      body: {
        firstName: 'Ada',
        language: 'fr',
        phone: '+33 1 23 45 67 89',
        preferences: { emailDigest: 'weekly' },
        email: `new-${user.email}`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Ada',
      language: 'fr',
      email: user.email, // unchanged until approved
      phone: '+33 1 23 45 67 89',
      preferences: { emailDigest: 'weekly' },
      changeRequestStatus: 'pending',
    });
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['user.updated']));
  });
});

describe('PUT /v1/users/{id} memberships', () => {
  it("keeps roles outside the admin's reach when the full list is sent back, refuses new ones there", async () => {
    const user = await target(home, 'reporter', 0);
    await app.db
      .insertInto('memberships')
      .values({
        platform_id: home.platformId,
        user_id: user.id,
        organisation_id: home.organisationIds[1],
        role: 'organisation_staff',
      })
      .execute();
    const admin = await actor(home, 'organisation_admin', 0);
    const put = (memberships: unknown) =>
      http<UserDetail>(app.url, 'PUT', `/v1/users/${user.id}`, { token: admin.token, body: { memberships } });
    const kept = await put([
      { organisationId: home.organisationIds[0], role: 'assessor' },
      { organisationId: home.organisationIds[1], role: 'organisation_staff' },
    ]);
    expect(kept.status).toBe(200);
    expect(kept.body.memberships.map((m) => `${m.role}@${m.organisationId}`).sort()).toEqual(
      [`assessor@${home.organisationIds[0]}`, `organisation_staff@${home.organisationIds[1]}`].sort(),
    );
    // Leaving out a role in another organisation does not remove it either.
    const omitted = await put([{ organisationId: home.organisationIds[0], role: 'reporter' }]);
    expect(omitted.body.memberships).toHaveLength(2);
    const foreignNew = await put([{ organisationId: home.organisationIds[1], role: 'organisation_admin' }]);
    expect(foreignNew.status).toBe(404);
  });
});

describe('deactivation and deletion', () => {
  it('deactivation revokes every session at once; reactivation allows sign-in again', async () => {
    const user = await target();
    const [first, second] = [await login(app.url, user), await login(app.url, user)];
    const admin = await actor(home, 'organisation_admin', 0);
    // The specification's client sends no body: the deactivation goes through, recorded
    // without a reason (the web app always asks for one).
    const noReason = await http<UserDetail>(app.url, 'PUT', `/v1/users/${user.id}/toggle-deactivate`, {
      token: admin.token,
    });
    expect(noReason.status).toBe(200);
    expect(noReason.body.deactivated).toBe(true);
    expect(
      await app.db
        .selectFrom('audit_log')
        .select(['action', 'reason'])
        .where('entity_id', '=', user.id)
        .where('action', '=', 'user.deactivated')
        .execute(),
    ).toEqual([{ action: 'user.deactivated', reason: null }]);
    await http(app.url, 'PUT', `/v1/users/${user.id}/toggle-deactivate`, { token: admin.token });
    const res = await http<UserDetail>(app.url, 'PUT', `/v1/users/${user.id}/toggle-deactivate`, {
      token: admin.token,
      body: { reason: 'test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.deactivated).toBe(true);
    for (const session of [first, second]) {
      const me = await http(app.url, 'GET', '/v1/users/@me', { token: session.token });
      expect(me.status).toBe(403);
      expect(me.body).toMatchObject({ code: 'TOKEN_INVALID' });
      const refreshed = await http(app.url, 'POST', '/v1/token', {
        body: { refreshToken: session.refreshToken },
      });
      expect(refreshed.status).toBe(401);
    }
    const live = await app.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const signIn = { email: user.email, password: user.password, platformId: user.platformId };
    expect((await http(app.url, 'POST', '/v1/login', { body: signIn })).status).toBe(401);
    // Reactivation needs no reason.
    const back = await http<UserDetail>(app.url, 'PUT', `/v1/users/${user.id}/toggle-deactivate`, {
      token: admin.token,
    });
    expect(back.body.deactivated).toBe(false);
    expect((await http(app.url, 'POST', '/v1/login', { body: signIn })).status).toBe(200);
    const self = await http(app.url, 'PUT', `/v1/users/${admin.user.id}/toggle-deactivate`, {
      token: admin.token,
      body: { reason: 'test' },
    });
    expect(self.status).toBe(409);
  });

  it("deletes on the specification's bodiless DELETE, recorded without a reason", async () => {
    const user = await target();
    const { token } = await actor(home, 'organisation_admin', 0);
    expect((await http(app.url, 'DELETE', `/v1/users/${user.id}`, { token })).status).toBe(204);
    expect(
      await app.db
        .selectFrom('audit_log')
        .select(['action', 'reason'])
        .where('entity_id', '=', user.id)
        .where('action', '=', 'user.deleted')
        .execute(),
    ).toEqual([{ action: 'user.deleted', reason: null }]);
  });

  it('an organisation admin cannot act on a platform administrator', async () => {
    const { token } = await actor(home, 'organisation_admin', 0);
    const pa = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: null,
      role: 'platform_admin',
    });
    await app.db
      .insertInto('memberships')
      .values({
        platform_id: home.platformId,
        user_id: pa.id,
        organisation_id: home.organisationIds[0],
        role: 'reporter',
      })
      .execute();
    expect(
      (
        await http(app.url, 'PUT', `/v1/users/${pa.id}/toggle-deactivate`, {
          token,
          body: { reason: 'test' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await http(app.url, 'DELETE', `/v1/users/${pa.id}`, { token, body: { reason: 'test' } })).status,
    ).toBe(403);
  });

  it('permanent deletion anonymises personal data and keeps audit rows', async () => {
    const user = await target();
    const session = await login(app.url, user);
    await http(app.url, 'PUT', '/v1/users/@me', {
      token: session.token,
      body: { phone: '+44 20 7946 0000' },
    });
    await http(app.url, 'POST', '/v1/users/@me/edit-watchlist', {
      token: session.token,
      body: { follow: [{ type: 'report', id: 'r-1' }] },
    });
    await app.db
      .insertInto('mfa_factors')
      .values({
        platform_id: home.platformId,
        user_id: user.id,
        method: 'sms',
        phone_number: '+44 20 7946 0000',
      })
      .execute();
    const auditBefore = await app.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_id', '=', user.id)
      .execute();
    const { token } = await actor(home, 'organisation_admin', 0);
    const res = await http(app.url, 'DELETE', `/v1/users/${user.id}`, {
      token,
      body: { reason: 'Left the centre in 2025' },
    });
    expect(res.status).toBe(204);

    const row = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: `deleted-${user.id}@invalid`,
      username: null,
      first_name: '',
      last_name: '',
      password_hash: null,
    });
    expect(row.deactivated_at).not.toBeNull();
    const settings = await app.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(settings).toMatchObject({ phone: null, push_token: null });
    expect(settings.deleted_at).not.toBeNull();
    for (const table of ['memberships', 'mfa_factors', 'user_follows', 'refresh_tokens'] as const) {
      const rows = await app.db.selectFrom(table).select('user_id').where('user_id', '=', user.id).execute();
      expect({ table, rows }).toEqual({ table, rows: [] });
    }
    const auditAfter = await app.db
      .selectFrom('audit_log')
      .select(['id', 'action', 'reason', 'changes', 'details'])
      .where('entity_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(auditAfter.length).toBe(auditBefore.length + 1);
    expect(auditAfter.at(-1)).toMatchObject({ action: 'user.deleted', reason: 'Left the centre in 2025' });
    expect(JSON.stringify(auditAfter.at(-1))).not.toContain(user.email);
    expect((await http(app.url, 'GET', `/v1/users/${user.id}`, { token })).status).toBe(404);
    expect((await http(app.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(403);
    expect(
      (await http(app.url, 'DELETE', `/v1/users/${user.id}`, { token, body: { reason: 'test' } })).status,
    ).toBe(404);
  });
});

describe('POST /v1/users/export', () => {
  it('answers CSV with a file name, roles, status, and neutralised formulas', async () => {
    const tenant = await createTenant(app.db);
    const admin = await actor(tenant, 'organisation_admin', 0);
    const staff = await target(tenant, 'organisation_staff', 0);
    await app.db
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("x")', last_name: 'O"Neil, Jr' })
      .where('id', '=', staff.id)
      .execute();
    const res = await http<string>(app.url, 'POST', '/v1/users/export', {
      token: admin.token,
      body: { roles: ['organisation_staff'] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,email,username,firstName,lastName,language,accountType,status,roles,deletionRequestedAt,createdAt',
    );
    expect(lines).toHaveLength(2);
    const org = await app.db
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', tenant.organisationIds[0])
      .executeTakeFirstOrThrow();
    expect(lines[1]).toContain(
      `${staff.id},${staff.email},,"'=HYPERLINK(""x"")","O""Neil, Jr",en,standard,active,organisation_staff@${org.name},,`,
    );
  });
});
