import type { OrganisationPreference, RoleName, UserDetail } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  emailLinkToken,
  http,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';
import { sessionFor, signedIn } from '../../../test/sessions.ts';
import { systemScope } from '../../platform/scope.ts';
import { insertOrganisation } from '../organisations/organisations.repository.ts';
import { insertMembership } from './users.repository.ts';

/**
 * Users in several organisations (decision 0025): account-wide actions need an
 * administrator of every organisation the user belongs to, or a platform-wide one; anyone
 * else changes only the user's part in their own organisation.
 */
let home: TestTenant;
let foreign: TestTenant;
let orgC: string;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  orgC = (await insertOrganisation(app.db, systemScope, { platformId: home.platformId, name: 'Org C' })).id;
});

const [A, B] = [0, 1] as const;
const join = (user: TestUser, organisation: 0 | 1, role: RoleName) =>
  insertMembership(app.db, systemScope, {
    platformId: home.platformId,
    userId: user.id,
    organisationId: home.organisationIds[organisation],
    role,
  });

/** A reporter of A who is also `roleInB` in B. */
async function inAandB(roleInB: RoleName = 'reporter') {
  const user = await createUser(app.db, {
    platformId: home.platformId,
    organisationId: home.organisationIds[A],
    role: 'reporter',
  });
  await join(user, B, roleInB);
  return user;
}

/** An administrator of both A and B. */
async function adminOfBoth() {
  const admin = await signedIn(app, home, 'organisation_admin', A);
  await join(admin.user, B, 'organisation_admin');
  return { ...admin, token: (await sessionFor(app, admin.user)).token };
}

const stateOf = async (id: string) => {
  const user = await app.db
    .selectFrom('users')
    .select(['email', 'username', 'account_type', 'deactivated_at', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const memberships = await app.db
    .selectFrom('memberships')
    .select(['organisation_id', 'role'])
    .where('user_id', '=', id)
    .orderBy('organisation_id')
    .orderBy('role')
    .execute();
  const links = await app.db.selectFrom('email_links').select('id').where('user_id', '=', id).execute();
  return { user, memberships, links: links.length };
};

const signIn = (email: string, password: string) =>
  http(app.url, 'POST', '/v1/login', { body: { email, password, platformId: home.platformId } });

/** Every account-wide operation, as a call on user `id` with `token`. */
const accountWide: { name: string; call: (token: string, id: string) => Promise<{ status: number }> }[] = [
  {
    name: 'change the email',
    call: (token, id) =>
      http(app.url, 'PUT', `/v1/users/${id}`, { token, body: { email: `taken-over-${id}@evil.test` } }),
  },
  {
    name: 'change the username',
    call: (token, id) =>
      http(app.url, 'PUT', `/v1/users/${id}`, { token, body: { username: `u${id.slice(0, 8)}` } }),
  },
  {
    name: 'change the account type',
    call: (token, id) => http(app.url, 'PUT', `/v1/users/${id}`, { token, body: { accountType: 'hcp' } }),
  },
  {
    name: 'deactivate',
    call: (token, id) =>
      http(app.url, 'PUT', `/v1/users/${id}/toggle-deactivate`, { token, body: { reason: 'test' } }),
  },
  {
    name: 'delete',
    call: (token, id) => http(app.url, 'DELETE', `/v1/users/${id}`, { token, body: { reason: 'test' } }),
  },
  {
    name: 'set the password',
    call: (token, id) =>
      http(app.url, 'PUT', `/v1/users/${id}/change-password`, {
        token,
        body: { password: 'an attacker chose this one', currentPassword: 'whatever it was' },
      }),
  },
];

describe('account-wide actions on a user of organisations A and B', () => {
  it("are refused (403) to A's administrator and to B's, on a member and on B's own administrator; nothing changes", async () => {
    const adminA = await signedIn(app, home, 'organisation_admin', A);
    const adminB = await signedIn(app, home, 'organisation_admin', B);
    const targets = { member: await inAandB(), "B's administrator": await inAandB('organisation_admin') };
    for (const [who, target] of Object.entries(targets)) {
      const before = await stateOf(target.id);
      for (const [by, actor] of Object.entries({ 'admin of A': adminA, 'admin of B': adminB })) {
        if (target.id === actor.user.id) continue;
        for (const op of accountWide) {
          const res = await op.call(actor.token, target.id);
          expect({ who, by, op: op.name, status: res.status }).toEqual({ who, by, op: op.name, status: 403 });
        }
      }
      expect({ who, state: await stateOf(target.id) }).toEqual({ who, state: before });
      // The account still signs in with its password.
      expect((await signIn(target.email, target.password)).status).toBe(200);
    }
  });

  it('an administrator of both organisations, or of the platform, may; a new email waits for its link', async () => {
    const both = await adminOfBoth();
    const user = await inAandB();
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const res = await http<UserDetail>(app.url, 'PUT', `/v1/users/${user.id}`, {
      token: both.token,
      body: { email: newEmail },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, pendingEmail: newEmail, canManageAccount: true });
    // Announced to the old address at once; the new one signs in only after its link.
    const notice = await app.db
      .selectFrom('outbox_messages')
      .select('body_text')
      .where('recipient', '=', user.email)
      .where('template', '=', 'email-change-notice')
      .executeTakeFirstOrThrow();
    expect(notice.body_text).toContain(newEmail);
    expect((await signIn(newEmail, user.password)).status).toBe(401);
    const token = await emailLinkToken(app, newEmail, 'email-change');
    const opened = await http(app.url, 'POST', '/v1/verify/email', { body: { token } });
    expect(opened).toMatchObject({ status: 200, body: { purpose: 'email_change' } });
    expect((await signIn(newEmail, user.password)).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    const again = await http(app.url, 'POST', '/v1/verify/email', { body: { token } });
    expect(again).toMatchObject({ status: 400, body: { code: 'EMAIL_LINK_INVALID' } });
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.email_change_requested', 'user.email_changed']),
    );

    expect(
      (
        await http(app.url, 'PUT', `/v1/users/${user.id}/toggle-deactivate`, {
          token: both.token,
          body: { reason: 'test' },
        })
      ).status,
    ).toBe(200);
    const platformAdmin = await signedIn(app, home, 'platform_admin');
    expect(
      (
        await http(app.url, 'DELETE', `/v1/users/${user.id}`, {
          token: platformAdmin.token,
          body: { reason: 'test' },
        })
      ).status,
    ).toBe(204);
  });
});

describe("the membership-only variants for an administrator of some of the user's organisations", () => {
  it('roles and names in their organisation, and "remove from my organisation"', async () => {
    const adminA = await signedIn(app, home, 'organisation_admin', A);
    const user = await inAandB('organisation_staff');
    const detail = await http<UserDetail>(app.url, 'GET', `/v1/users/${user.id}?includeSettings=true`, {
      token: adminA.token,
    });
    expect(detail.body.canManageAccount).toBe(false);
    const roles = await http<UserDetail>(app.url, 'PUT', `/v1/users/${user.id}`, {
      token: adminA.token,
      body: {
        firstName: 'Renamed',
        memberships: [{ organisationId: home.organisationIds[A], role: 'assessor' }],
      },
    });
    expect(roles.status).toBe(200);
    expect(roles.body.memberships.map((m) => `${m.role}@${m.organisationId}`).sort()).toEqual(
      [`assessor@${home.organisationIds[A]}`, `organisation_staff@${home.organisationIds[B]}`].sort(),
    );
    const remove = (organisation: string) =>
      http(app.url, 'DELETE', `/v1/users/${user.id}/memberships/${organisation}`, { token: adminA.token });
    expect((await remove(home.organisationIds[B])).status).toBe(404);
    expect((await remove(home.organisationIds[A])).status).toBe(204);
    const after = await stateOf(user.id);
    expect(after.memberships).toEqual([
      { organisation_id: home.organisationIds[B], role: 'organisation_staff' },
    ]);
    expect(after.user).toMatchObject({ email: user.email, deactivated_at: null });
    expect((await signIn(user.email, user.password)).status).toBe(200);
    // Gone from A: A's administrator no longer sees the user at all.
    expect((await http(app.url, 'GET', `/v1/users/${user.id}`, { token: adminA.token })).status).toBe(404);

    const only = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[A],
      role: 'reporter',
    });
    const last = await http(
      app.url,
      'DELETE',
      `/v1/users/${only.id}/memberships/${home.organisationIds[A]}`,
      {
        token: adminA.token,
      },
    );
    expect(last).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  });

  it('organisation preferences: only those of their own organisation', async () => {
    const adminA = await signedIn(app, home, 'organisation_admin', A);
    const user = await inAandB();
    const own = (await sessionFor(app, user)).token;
    const items = home.organisationIds.map((organisationId) => ({
      organisationId,
      preferences: { digest: 'daily' },
    }));
    const mine = await http<OrganisationPreference[]>(
      app.url,
      'PUT',
      '/v1/users/@me/organisation-preferences',
      {
        token: own,
        body: { items },
      },
    );
    expect(mine.body).toHaveLength(2);
    const read = await http<OrganisationPreference[]>(
      app.url,
      'GET',
      `/v1/users/${user.id}/organisation-preferences`,
      {
        token: adminA.token,
      },
    );
    expect(read.body.map((p) => p.organisationId)).toEqual([home.organisationIds[A]]);
    const write = await http(app.url, 'PUT', `/v1/users/${user.id}/organisation-preferences`, {
      token: adminA.token,
      body: { items: [{ organisationId: home.organisationIds[B], preferences: { digest: 'never' } }] },
    });
    expect(write.status).toBe(404);
  });

  it("a user's own email change needs an approver of all their organisations", async () => {
    const adminA = await signedIn(app, home, 'organisation_admin', A);
    const user = await inAandB();
    const own = (await sessionFor(app, user)).token;
    const email = `asked-${crypto.randomUUID().slice(0, 8)}@example.test`;
    expect((await http(app.url, 'PUT', '/v1/users/@me', { token: own, body: { email } })).status).toBe(200);
    const request = await app.db
      .selectFrom('change_requests')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const approve = (token: string) =>
      http(app.url, 'PUT', `/v1/change-requests/${request.id}/approve`, { token, body: {} });
    expect((await approve(adminA.token)).status).toBe(403);
    expect((await stateOf(user.id)).links).toBe(0);
    const platformAdmin = await signedIn(app, home, 'platform_admin');
    expect((await approve(platformAdmin.token)).status).toBe(200);
    expect(await emailLinkToken(app, email, 'email-change')).not.toBe('');
  });
});

describe('cross-tenant matrix with a user of two organisations', () => {
  it('an administrator of a third organisation, or of another platform, gets 404 on every route', async () => {
    const user = await inAandB();
    const adminC = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: orgC,
      role: 'organisation_admin',
    });
    const outsiders = [
      (await sessionFor(app, adminC)).token,
      (await signedIn(app, foreign, 'platform_admin')).token,
    ];
    const routes: [string, string, unknown?][] = [
      ['GET', `/v1/users/${user.id}?includeSettings=true`],
      ['PUT', `/v1/users/${user.id}`, { firstName: 'X' }],
      ['PUT', `/v1/users/${user.id}/toggle-deactivate`, { reason: 'test' }],
      ['DELETE', `/v1/users/${user.id}`, { reason: 'test' }],
      ['DELETE', `/v1/users/${user.id}/memberships/${home.organisationIds[A]}`],
      ['GET', `/v1/users/${user.id}/organisation-preferences`],
      ['PUT', `/v1/users/${user.id}/organisation-preferences`, { items: [] }],
    ];
    for (const [index, token] of outsiders.entries()) {
      for (const [method, path, body] of routes) {
        const res = await http(app.url, method, path, { token, body });
        expect({ index, method, path, status: res.status }).toEqual({ index, method, path, status: 404 });
      }
    }
    expect((await stateOf(user.id)).memberships).toHaveLength(2);
  });

  it("an administrator of two organisations gets a third organisation's and another platform's users as 404, and lists neither", async () => {
    const admin = await adminOfBoth();
    const inC = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: orgC,
      role: 'reporter',
    });
    const elsewhere = await createUser(app.db, {
      platformId: foreign.platformId,
      organisationId: foreign.organisationIds[0],
      role: 'reporter',
    });
    for (const target of [inC, elsewhere]) {
      for (const [method, path, body] of [
        ['GET', `/v1/users/${target.id}?includeSettings=true`],
        ['PUT', `/v1/users/${target.id}`, { firstName: 'X' }],
        ['PUT', `/v1/users/${target.id}/toggle-deactivate`, { reason: 'test' }],
        ['DELETE', `/v1/users/${target.id}/memberships/${target.organisationId}`],
        ['GET', `/v1/users/${target.id}/organisation-preferences`],
      ] as [string, string, unknown?][]) {
        const res = await http(app.url, method, path, { token: admin.token, body });
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      }
      expect((await stateOf(target.id)).memberships).toHaveLength(1);
    }
    const list = await http<{ items: { id: string }[] }>(app.url, 'GET', '/v1/users?size=100', {
      token: admin.token,
    });
    const ids = list.body.items.map((u) => u.id);
    expect(ids).not.toContain(inC.id);
    expect(ids).not.toContain(elsewhere.id);
  });
});
