import {
  type AuthContext,
  type AuthContextSwitch,
  type ChangeRequestPage,
  type CommitPreview,
  roleNames,
  type WorkspaceSummary,
} from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  emailLinkToken,
  http,
  openEmailLink,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { signedIn } from '../../../test/sessions.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  await acceptRequests(home.organisationIds[0]!);
});

/** Opens an organisation to account requests (off by default). */
async function acceptRequests(organisationId: string): Promise<void> {
  await app.db
    .updateTable('organisations')
    .set({ accepts_account_requests: true })
    .where('id', '=', organisationId)
    .execute();
}

describe('POST /v1/account/request', () => {
  it('a request waits for approval; approval creates the account, which can sign in', async () => {
    const tenant = await createTenant(app.db);
    await acceptRequests(tenant.organisationIds[0]!);
    const email = `applicant-${crypto.randomUUID()}@example.test`;
    const body = {
      email,
      firstName: 'Ana',
      lastName: 'Applicant',
      password: 'a long enough password',
      organisationId: tenant.organisationIds[0],
      role: 'organisation_staff',
      message: 'I work in pharmacy.',
    };
    const res = await http(app.url, 'POST', '/v1/account/request', { body });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'pending',
      message: expect.stringMatching(/check your email/i),
    });
    const admin = await signedIn(app, tenant, 'organisation_admin', 0);
    const queued = async () =>
      (
        await http<ChangeRequestPage>(app.url, 'GET', '/v1/change-requests?kinds=account', {
          token: admin.token,
        })
      ).body.total;
    // Nothing reaches the administrators until the address is proven (decision 0025).
    expect(await queued()).toBe(0);
    const firstLink = await emailLinkToken(app, email, 'account-request-verify');
    // Asking again gives the same answer; the newer link replaces the older one.
    expect((await http(app.url, 'POST', '/v1/account/request', { body })).body).toEqual(res.body);
    const stale = await http(app.url, 'POST', '/v1/verify/email', { body: { token: firstLink } });
    expect(stale).toMatchObject({ status: 400, body: { code: 'EMAIL_LINK_INVALID' } });
    expect(await queued()).toBe(0);
    expect(await openEmailLink(app, email, 'account-request-verify')).toMatchObject({
      status: 200,
      body: { purpose: 'account_request' },
    });
    const signIn = { email, password: body.password, platformId: tenant.platformId };
    // The right password learns that the request waits (decision 0034); a wrong one learns
    // nothing a stranger would not.
    const waiting = await http(app.url, 'POST', '/v1/login', { body: signIn });
    expect(waiting).toMatchObject({ status: 403, body: { code: 'ACCOUNT_PENDING_APPROVAL' } });
    expect(waiting.body).toMatchObject({ message: expect.stringMatching(/waiting for approval/) });
    const wrong = await http(app.url, 'POST', '/v1/login', { body: { ...signIn, password: 'not the one' } });
    const stranger = await http(app.url, 'POST', '/v1/login', {
      body: { ...signIn, email: `nobody-${crypto.randomUUID()}@example.test`, password: 'not the one' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(stranger.body);

    const queue = await http<ChangeRequestPage>(app.url, 'GET', '/v1/change-requests?kinds=account', {
      token: admin.token,
    });
    expect(queue.body.total).toBe(1);
    const cr = queue.body.items[0];
    expect(cr).toMatchObject({
      kind: 'account',
      userId: null,
      userEmail: email,
      userName: 'Ana Applicant',
      message: 'I work in pharmacy.',
    });
    expect(JSON.stringify(cr)).not.toContain('password');
    const preview = await http<CommitPreview>(
      app.url,
      'GET',
      `/v1/change-requests/${cr?.id}/commit-preview`,
      { token: admin.token },
    );
    expect(preview.body.changes).toEqual(
      expect.arrayContaining([
        { field: 'email', old: null, new: email },
        { field: 'role', old: null, new: 'organisation_staff' },
      ]),
    );

    const approved = await http(app.url, 'PUT', `/v1/change-requests/${cr?.id}/approve`, {
      token: admin.token,
      body: {},
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', userId: expect.any(String) });
    const session = await http<{ token: string; organisationId: string }>(app.url, 'POST', '/v1/login', {
      body: signIn,
    });
    expect(session.status).toBe(200);
    expect(session.body.organisationId).toBe(tenant.organisationIds[0]);
    const stored = await app.db
      .selectFrom('change_requests')
      .select('password_hash')
      .where('id', '=', cr?.id as string)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toBeNull();
    const mail = await app.db
      .selectFrom('outbox_messages')
      .select('subject')
      .where('recipient', '=', email)
      .execute();
    expect(mail.map((m) => m.subject)).toContain('Your Vigilo account is ready');
  });

  it('a declined request creates nothing and forgets the password; an existing email gets the same answer', async () => {
    const tenant = await createTenant(app.db);
    await acceptRequests(tenant.organisationIds[0]!);
    const admin = await signedIn(app, tenant, 'organisation_admin', 0);
    const email = `declined-${crypto.randomUUID()}@example.test`;
    const body = {
      email,
      firstName: 'D',
      lastName: 'E',
      password: 'a long enough password',
      organisationId: tenant.organisationIds[0],
    };
    await http(app.url, 'POST', '/v1/account/request', { body });
    await openEmailLink(app, email, 'account-request-verify');
    const known = await http(app.url, 'POST', '/v1/account/request', {
      body: { ...body, email: admin.user.email },
    });
    expect(known.status).toBe(202);
    // A known address gets the same answer, and no mail: nothing tells the two apart.
    expect(await emailLinkToken(app, admin.user.email, 'account-request-verify')).toBe('');
    const queue = await http<ChangeRequestPage>(app.url, 'GET', '/v1/change-requests', {
      token: admin.token,
    });
    expect(queue.body.items.map((c) => c.userEmail)).toEqual([email]);
    const id = queue.body.items[0]?.id as string;
    await http(app.url, 'PUT', `/v1/change-requests/${id}/decline`, {
      token: admin.token,
      body: { rejectionMessage: 'Unknown to us' },
    });
    const row = await app.db
      .selectFrom('change_requests')
      .select(['password_hash', 'status', 'rejection_message'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: null, status: 'declined', rejection_message: 'Unknown to us' });
    // Declined: the password opens nothing and says nothing any more.
    const after = await http(app.url, 'POST', '/v1/login', {
      body: { email, password: body.password, platformId: tenant.platformId },
    });
    expect(after).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    expect(await app.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('refuses unknown fields and unknown organisations', async () => {
    const body = {
      email: `x-${crypto.randomUUID()}@example.test`,
      firstName: 'X',
      lastName: 'Y',
      password: 'a long enough password',
      organisationId: home.organisationIds[0],
    };
    expect(
      (await http(app.url, 'POST', '/v1/account/request', { body: { ...body, roleIds: ['system_admin'] } }))
        .status,
    ).toBe(400);
    expect(
      (await http(app.url, 'POST', '/v1/account/request', { body: { ...body, role: 'organisation_admin' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await http(app.url, 'POST', '/v1/account/request', {
          body: { ...body, organisationId: crypto.randomUUID() },
        })
      ).status,
    ).toBe(400);
  });
});

describe('auth context', () => {
  it('GET answers the session organisation and the others; every role may read it', async () => {
    for (const role of roleNames) {
      const { token } = await signedIn(app, home, role, 0);
      const res = await http<AuthContext>(app.url, 'GET', '/v1/auth-context', { token });
      expect({ role, status: res.status }).toEqual({ role, status: 200 });
      expect(res.body.platformId).toBe(home.platformId);
    }
  });

  it('PUT switches the session to another organisation: tokens already held follow, refresh keeps it', async () => {
    const { user, token, session } = await signedIn(app, home, 'organisation_admin', 0);
    await app.db
      .insertInto('memberships')
      .values({
        platform_id: home.platformId,
        user_id: user.id,
        organisation_id: home.organisationIds[1],
        role: 'organisation_staff',
      })
      .execute();
    const before = await http<AuthContext>(app.url, 'GET', '/v1/auth-context', { token });
    expect(before.body).toMatchObject({
      organisationId: home.organisationIds[0],
      roles: ['organisation_admin'],
    });
    expect(before.body.organisations.map((o) => o.id).sort()).toEqual([...home.organisationIds].sort());

    const res = await http<AuthContextSwitch>(app.url, 'PUT', '/v1/auth-context', {
      token,
      body: { platformId: home.platformId, organisationId: home.organisationIds[1] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      organisationId: home.organisationIds[1],
      roles: ['organisation_staff'],
      token: expect.any(String),
    });
    expect(res.body).not.toHaveProperty('refreshToken');
    // The session switched: the token the client already holds acts in the new organisation.
    for (const held of [token, res.body.token]) {
      const now = await http<AuthContext>(app.url, 'GET', '/v1/auth-context', { token: held });
      expect(now.status).toBe(200);
      expect(now.body.organisationId).toBe(home.organisationIds[1]);
      const me = await http<{ organisationId: string }>(app.url, 'GET', '/v1/users/@me', { token: held });
      expect(me.body.organisationId).toBe(home.organisationIds[1]);
    }
    // The refresh token stays good and keeps the organisation, even when the client
    // refreshes with the organisation it remembers from sign-in.
    const refreshed = await http<{ organisationId: string; refreshToken: string }>(
      app.url,
      'POST',
      '/v1/token',
      {
        body: { refreshToken: session.refreshToken, organisationId: home.organisationIds[0] },
      },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.organisationId).toBe(home.organisationIds[1]);
    const again = await http<{ organisationId: string }>(app.url, 'POST', '/v1/token', {
      body: { refreshToken: refreshed.body.refreshToken },
    });
    expect(again.body.organisationId).toBe(home.organisationIds[1]);
  });

  it('PUT refuses organisations the user is not in (404), another platform (404) and unknown fields (400)', async () => {
    const { token } = await signedIn(app, home, 'organisation_admin', 0);
    for (const body of [
      { organisationId: home.organisationIds[1] },
      { organisationId: foreign.organisationIds[0] },
      { platformId: foreign.platformId, organisationId: home.organisationIds[0] },
    ]) {
      expect((await http(app.url, 'PUT', '/v1/auth-context', { token, body })).status).toBe(404);
    }
    expect(
      (
        await http(app.url, 'PUT', '/v1/auth-context', {
          token,
          body: { organisationId: home.organisationIds[0], roleIds: [] },
        })
      ).status,
    ).toBe(400);
    expect((await http(app.url, 'GET', '/v1/auth-context', { token })).status).toBe(200);
  });
});

describe('POST /v1/workspace', () => {
  it('the caller becomes organisation admin of the new workspace', async () => {
    const tenant = await createTenant(app.db);
    // Who may by default: docs/permissions.csv.
    const admin = await signedIn(app, tenant, 'platform_admin');
    const res = await http<WorkspaceSummary>(app.url, 'POST', '/v1/workspace', {
      token: admin.token,
      body: { name: 'Pharmacy North', kind: 'hospital' },
    });
    expect(res.body).toMatchObject({
      name: 'Pharmacy North',
      kind: 'hospital',
      roles: ['organisation_admin'],
    });
    const org = await app.db
      .selectFrom('organisations')
      .select('platform_id')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(org.platform_id).toBe(tenant.platformId);
    const ctx = await http<AuthContext>(app.url, 'GET', '/v1/auth-context', { token: admin.token });
    expect(ctx.body.organisations.map((o) => o.id)).toContain(res.body.id);
    expect(
      (
        await http(app.url, 'POST', '/v1/workspace', {
          token: admin.token,
          body: { name: 'X', platformId: foreign.platformId },
        })
      ).status,
    ).toBe(400);
  });

  it('when the platform opens it, every role may create one', async () => {
    const tenant = await createTenant(app.db);
    await app.db
      .insertInto('platform_account_rules')
      .values({ platform_id: tenant.platformId, workspace_creation: 'everyone' })
      .execute();
    for (const role of roleNames) {
      const { token } = await signedIn(app, tenant, role, 0);
      const res = await http(app.url, 'POST', '/v1/workspace', { token, body: { name: `Open ${role}` } });
      expect({ role, status: res.status }).toEqual({ role, status: 201 });
    }
  });
});
