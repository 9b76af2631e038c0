import { roleNames, type UserDetail } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { sessionFor, signedIn } from '../../../test/sessions.ts';
import { hashOpaqueToken } from '../../platform/tokens.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

describe('@me routes: every role may use them on itself', () => {
  const routes: [string, string, unknown?][] = [
    ['PUT', '/v1/users/@me/request-account-deletion'],
    ['DELETE', '/v1/users/@me/request-account-deletion'],
    ['GET', '/v1/users/@me/following'],
    ['POST', '/v1/users/@me/edit-watchlist', { follow: [{ type: 'report', id: 'abc' }] }],
    ['GET', '/v1/users/@me/workspace'],
    ['PUT', '/v1/users/@me/push-token', { pushToken: 'device-token-1' }],
    ['GET', '/v1/users/@me/organisation-preferences'],
    ['GET', '/v1/users/@me/organisation-preferences/count'],
    ['PUT', '/v1/users/@me', { firstName: 'Me' }],
    ['GET', '/v1/users/@me?includeSettings=true'],
  ];
  it('every role may use its own @me routes', async () => {
    for (const role of roleNames) {
      const { token } = await signedIn(app, home, role);
      for (const [method, path, body] of routes) {
        const res = await http(app.url, method, path, { token, body });
        expect({ role, path, method, ok: res.status < 300 }).toEqual({ role, path, method, ok: true });
      }
    }
  });
  it('refuses unknown fields (mass assignment) on @me bodies', async () => {
    const { token } = await signedIn(app, home, 'reporter');
    for (const [method, path, body] of routes.filter((r) => r[2])) {
      const res = await http(app.url, method, path, {
        token,
        body: { ...(body as object), organisationId: foreign.organisationIds[0], roleIds: ['system_admin'] },
      });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
  });
});

describe('account settings', () => {
  it('GET @me with includeSettings shows phone, preferences and a deletion request', async () => {
    const { token } = await signedIn(app, home, 'reporter');
    await http(app.url, 'PUT', '/v1/users/@me', {
      token,
      body: { phone: '+32 2 555 12 12', preferences: { notifications: { email: false } } },
    });
    await http(app.url, 'PUT', '/v1/users/@me/request-account-deletion', { token });
    const res = await http<UserDetail>(app.url, 'GET', '/v1/users/@me?includeSettings=true', { token });
    expect(res.body).toMatchObject({
      phone: '+32 2 555 12 12',
      preferences: { notifications: { email: false } },
      deletionRequestedAt: expect.any(String),
      organisationId: home.organisationIds[0],
    });
    const plain = await http<Record<string, unknown>>(app.url, 'GET', '/v1/users/@me', { token });
    expect(plain.body).not.toHaveProperty('preferences');
  });

  it('a deletion request can be withdrawn while pending: the administrators no longer see it', async () => {
    const { token, user } = await signedIn(app, home, 'reporter');
    const admin = await signedIn(app, home, 'organisation_admin');
    const requests = async () =>
      (
        await http<{ items: { id: string }[] }>(
          app.url,
          'GET',
          `/v1/users?includeOnlyDeletionRequests=true&query=${encodeURIComponent(user.email)}`,
          { token: admin.token },
        )
      ).body.items.map((u) => u.id);
    const requestedAt = async () =>
      (await http<UserDetail>(app.url, 'GET', '/v1/users/@me?includeSettings=true', { token })).body
        .deletionRequestedAt;

    expect((await http(app.url, 'PUT', '/v1/users/@me/request-account-deletion', { token })).status).toBe(
      204,
    );
    expect(await requestedAt()).toEqual(expect.any(String));
    expect(await requests()).toEqual([user.id]);

    const withdrawn = await http(app.url, 'DELETE', '/v1/users/@me/request-account-deletion', { token });
    expect(withdrawn.status).toBe(204);
    expect(await requestedAt()).toBeNull();
    expect(await requests()).toEqual([]);
    // Withdrawing again changes nothing and records nothing more.
    expect((await http(app.url, 'DELETE', '/v1/users/@me/request-account-deletion', { token })).status).toBe(
      204,
    );
    const actions = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .where('action', 'like', 'user.deletion%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'user.deletion_requested',
      'user.deletion_request_withdrawn',
    ]);
    expect((await http(app.url, 'DELETE', '/v1/users/@me/request-account-deletion', {})).status).toBe(401);
  });

  it('push token is stored and can be cleared', async () => {
    const { token, user } = await signedIn(app, home, 'reporter');
    await http(app.url, 'PUT', '/v1/users/@me/push-token', { token, body: { pushToken: 'tok-123' } });
    const stored = () =>
      app.db
        .selectFrom('user_settings')
        .select('push_token')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
    expect((await stored()).push_token).toBe('tok-123');
    await http(app.url, 'PUT', '/v1/users/@me/push-token', { token, body: { pushToken: null } });
    expect((await stored()).push_token).toBeNull();
    expect((await http(app.url, 'PUT', '/v1/users/@me/push-token', { token, body: {} })).status).toBe(400);
  });

  it('following and watchlist: follow, unfollow, no duplicates, only mine', async () => {
    const a = await signedIn(app, home, 'reporter');
    const b = await signedIn(app, home, 'reporter');
    const edit = (token: string, body: unknown) =>
      http<{ type: string; id: string }[]>(app.url, 'POST', '/v1/users/@me/edit-watchlist', { token, body });
    await edit(a.token, {
      follow: [
        { type: 'report', id: 'r1' },
        { type: 'report', id: 'r2' },
        { type: 'news-feed', id: 'n1' },
      ],
    });
    await edit(a.token, { follow: [{ type: 'report', id: 'r1' }] });
    const after = await edit(a.token, { unfollow: [{ type: 'report', id: 'r2' }] });
    expect(after.body.map((i) => `${i.type}:${i.id}`).sort()).toEqual(['news-feed:n1', 'report:r1']);
    const following = await http<unknown[]>(app.url, 'GET', '/v1/users/@me/following', { token: a.token });
    expect(following.body).toHaveLength(2);
    expect(
      (await http<unknown[]>(app.url, 'GET', '/v1/users/@me/following', { token: b.token })).body,
    ).toEqual([]);
    expect((await edit(a.token, { follow: [{ type: 'Bad Type!', id: 'x' }] })).status).toBe(400);
  });

  it('workspace lists the organisations of the user with roles, the current one first-class', async () => {
    const { user, token } = await signedIn(app, home, 'organisation_staff', 0);
    await app.db
      .insertInto('memberships')
      .values({
        platform_id: home.platformId,
        user_id: user.id,
        organisation_id: home.organisationIds[1],
        role: 'reporter',
      })
      .execute();
    const res = await http<{
      current: { id: string };
      workspaces: { id: string; roles: string[] }[];
      platformId: string;
    }>(app.url, 'GET', '/v1/users/@me/workspace', { token });
    expect(res.status).toBe(200);
    expect(res.body.platformId).toBe(home.platformId);
    expect(res.body.current.id).toBe(home.organisationIds[0]);
    expect(res.body.workspaces.map((w) => w.id).sort()).toEqual([...home.organisationIds].sort());
  });
});

describe('organisation preferences', () => {
  it('per organisation of the user; foreign organisations are 404; count matches', async () => {
    const { user, token } = await signedIn(app, home, 'organisation_staff', 0);
    const put = await http<{ organisationId: string; preferences: unknown }[]>(
      app.url,
      'PUT',
      '/v1/users/@me/organisation-preferences',
      {
        token,
        body: { items: [{ organisationId: home.organisationIds[0], preferences: { newReport: 'email' } }] },
      },
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual([
      expect.objectContaining({
        organisationId: home.organisationIds[0],
        preferences: { newReport: 'email' },
        updatedAt: expect.any(String),
      }),
    ]);
    const count = await http<number>(app.url, 'GET', `/v1/users/${user.id}/organisation-preferences/count`, {
      token,
    });
    expect(count.body).toBe(1);
    for (const organisationId of [home.organisationIds[1], foreign.organisationIds[0]]) {
      const res = await http(app.url, 'PUT', '/v1/users/@me/organisation-preferences', {
        token,
        body: { items: [{ organisationId, preferences: {} }] },
      });
      expect(res.status).toBe(404);
    }
    const admin = await signedIn(app, home, 'organisation_admin', 0);
    const read = await http<unknown[]>(app.url, 'GET', `/v1/users/${user.id}/organisation-preferences`, {
      token: admin.token,
    });
    expect(read.body).toHaveLength(1);
  });
});

describe('GET /v1/users/invited/{id}', () => {
  async function invite(tenant: TestTenant, email: string, acceptedUserId: string | null = null) {
    return app.db
      .insertInto('organisation_invites')
      .values({
        platform_id: tenant.platformId,
        organisation_id: tenant.organisationIds[0],
        email,
        role: 'organisation_staff',
        token_hash: hashOpaqueToken(crypto.randomUUID()),
        expires_at: new Date(Date.now() + 86_400_000),
        accepted_at: acceptedUserId ? new Date() : null,
        accepted_user_id: acceptedUserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('shows the invite and its account; role matrix; other tenants get 404', async () => {
    const invited = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'organisation_staff',
    });
    const { id } = await invite(home, invited.email, invited.id);
    const admin = await signedIn(app, home, 'organisation_admin', 0);
    const res = await http<{ status: string; user: { id: string }; email: string }>(
      app.url,
      'GET',
      `/v1/users/invited/${id}`,
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', email: invited.email, user: { id: invited.id } });
    const pending = await invite(home, `nobody-${crypto.randomUUID()}@example.test`);
    const open = await http<{ status: string; user: null }>(
      app.url,
      'GET',
      `/v1/users/invited/${pending.id}`,
      { token: admin.token },
    );
    expect(open.body).toMatchObject({ status: 'pending', user: null });

    // Which roles may read it: docs/permissions.csv. Outside the organisation it does not exist:
    for (const outsider of [
      await signedIn(app, home, 'organisation_admin', 1),
      await signedIn(app, foreign, 'organisation_admin', 0),
      await signedIn(app, foreign, 'platform_admin'),
    ]) {
      expect((await http(app.url, 'GET', `/v1/users/invited/${id}`, { token: outsider.token })).status).toBe(
        404,
      );
    }
  });
});

it('sessionFor issues a working session (fixture sanity)', async () => {
  const user = await createUser(app.db, {
    platformId: home.platformId,
    organisationId: home.organisationIds[0],
    role: 'reporter',
  });
  const session = await sessionFor(app, user);
  expect((await http(app.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(200);
});
