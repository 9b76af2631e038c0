import type { SsoIdentity, SsoLinkStart, SsoProvider } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  sessionFor,
  signedIn,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc.ts';
import { SSO_PUBLIC_URL, ssoJourney, ssoRedirectUri } from '../../../test/sso-journey.ts';
import { enableTotp, totpCode } from '../../../test/totp.ts';

// The two ways an identity reaches an existing account (decision 0031): the account holder
// links it (password and second factor first), or an administrator approves the mapping.
const app = useTestApp({ PUBLIC_URL: SSO_PUBLIC_URL, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let tenant: TestTenant;
let foreign: TestTenant;
let idp: TestOidcProvider;
let provider: SsoProvider;
let adminToken: string;

const journey = ssoJourney(() => app);
const staffIn = (t: TestTenant) =>
  createUser(app.db, {
    platformId: t.platformId,
    organisationId: t.organisationIds[0],
    role: 'organisation_staff',
  });

beforeAll(async () => {
  [tenant, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp'] })
    .where('id', '=', tenant.platformId)
    .execute();
  idp = await startOidcProvider({
    redirectUri: ssoRedirectUri,
    accounts: ['mine', 'taken', 'plain', 'mapped', 'other'].map((sub) => ({
      sub,
      email: `${sub}@idp.example`,
      email_verified: true,
    })),
  });
  adminToken = (await signedIn(app, tenant, 'platform_admin')).token;
  provider = await journey.createProvider(adminToken, tenant.platformId, idp);
});
afterAll(async () => {
  await idp?.close();
});

const identitiesOf = (user: TestUser) =>
  app.db
    .selectFrom('user_identities')
    .select(['subject', 'provider_id'])
    .where('user_id', '=', user.id)
    .execute();

/** POST /v1/sso/link as `token`, then the provider as `sub`, then the callback: the fragment. */
async function link(token: string, body: Record<string, unknown>, sub: string) {
  const res = await fetch(`${app.url}/v1/sso/link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ providerId: provider.id, ...body }),
  });
  if (res.status !== 200) return { status: res.status, body: await res.json() };
  const { location } = (await res.json()) as SsoLinkStart;
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('vigilo_sso='))!
    .split(';')[0]!;
  const back = await idp.signIn(location, sub);
  return { status: 200, fragment: await journey.callback(back.search, cookie) };
}

describe('linking one’s own account (POST /v1/sso/link)', () => {
  it('needs the current password and a second-factor code, then links and signs in with the MFA step', async () => {
    const user = await staffIn(tenant);
    const { token } = await sessionFor(app, user);
    const secret = await enableTotp(app, token, user.password);

    const noCode = await link(token, { currentPassword: user.password }, 'mine');
    expect(noCode).toMatchObject({ status: 400, body: { meta: { fields: [{ field: 'body/code' }] } } });
    const wrongPassword = await link(token, { currentPassword: 'not it', code: '123456' }, 'mine');
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { meta: { fields: [{ field: 'body/currentPassword' }] } },
    });
    const wrongCode = await link(token, { currentPassword: user.password, code: '000000' }, 'mine');
    expect(wrongCode).toMatchObject({ status: 400, body: { meta: { fields: [{ field: 'body/code' }] } } });
    expect(await identitiesOf(user)).toEqual([]);

    const linked = await link(
      token,
      { currentPassword: user.password, code: await totpCode(secret, 1) },
      'mine',
    );
    expect(linked.fragment).toEqual({ linked: '1', returnTo: '/account/security' });
    expect(await identitiesOf(user)).toEqual([{ subject: 'mine', provider_id: provider.id }]);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'user.identity_linked')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toMatchObject([{ actor_user_id: user.id, details: { subject: 'mine', via: 'self' } }]);

    const own = await http<SsoIdentity[]>(app.url, 'GET', '/v1/sso/identities', { token });
    expect(own.body).toMatchObject([
      { userId: user.id, providerId: provider.id, providerName: provider.name, subject: 'mine' },
    ]);
    // Signing in with it now asks the account's second factor.
    const signIn = await journey.signIn(idp, provider.id, 'mine');
    expect(signIn.answer).toMatchObject({ requiresMfa: true, methods: ['totp'] });

    const removed = await http(app.url, 'DELETE', `/v1/sso/identities/${own.body[0]!.id}`, { token });
    expect(removed.status).toBe(204);
    expect((await journey.signIn(idp, provider.id, 'mine')).error).toBe('SSO_ACCOUNT_NOT_FOUND');
  });

  it('links with the password alone when the account has no second factor', async () => {
    const user = await staffIn(tenant);
    const { token } = await sessionFor(app, user);
    const linked = await link(token, { currentPassword: user.password, returnTo: '/profile' }, 'plain');
    expect(linked.fragment).toEqual({ linked: '1', returnTo: '/profile' });
    const signIn = await journey.signIn(idp, provider.id, 'plain');
    expect(signIn.answer).toMatchObject({ id: user.id });
  });

  it("refuses an identity linked to another account, another user's link, and platform-wide accounts", async () => {
    const [first, second] = await Promise.all([staffIn(tenant), staffIn(tenant)]);
    const [a, b] = await Promise.all([sessionFor(app, first), sessionFor(app, second)]);
    expect((await link(a.token, { currentPassword: first.password }, 'taken')).fragment).toMatchObject({
      linked: '1',
    });
    const again = await link(b.token, { currentPassword: second.password }, 'taken');
    expect(again.fragment).toEqual({ error: 'SSO_IDENTITY_IN_USE' });
    expect(await identitiesOf(second)).toEqual([]);

    const [firstLink] = (await http<SsoIdentity[]>(app.url, 'GET', '/v1/sso/identities', { token: a.token }))
      .body;
    const notMine = await http(app.url, 'DELETE', `/v1/sso/identities/${firstLink!.id}`, { token: b.token });
    expect(notMine.status).toBe(404);

    const admin = await signedIn(app, tenant, 'platform_admin');
    const refused = await link(admin.token, { currentPassword: admin.user.password }, 'other');
    expect(refused.status).toBe(403);

    const outsider = await signedIn(app, foreign, 'organisation_staff');
    const elsewhere = await link(outsider.token, { currentPassword: outsider.user.password }, 'other');
    expect(elsewhere.status).toBe(404);
  });
});

describe('administrator-approved mappings (/v1/sso-provider/{id}/identities)', () => {
  const path = () => `/v1/sso-provider/${provider.id}/identities`;

  it('links a subject to an account of the platform, lists and removes it', async () => {
    const user = await staffIn(tenant);
    const created = await http<SsoIdentity>(app.url, 'POST', path(), {
      token: adminToken,
      body: { email: user.email.toUpperCase(), subject: 'mapped' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: user.id,
      userEmail: user.email,
      subject: 'mapped',
      issuer: idp.issuer,
    });
    const signIn = await journey.signIn(idp, provider.id, 'mapped');
    expect(signIn.answer).toMatchObject({ id: user.id });

    const duplicate = await http(app.url, 'POST', path(), {
      token: adminToken,
      body: { email: user.email, subject: 'mapped' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'CONFLICT', meta: { fields: [{ field: 'body/subject' }] } });

    const list = await http<SsoIdentity[]>(app.url, 'GET', path(), { token: adminToken });
    expect(list.body.map((i) => i.subject)).toContain('mapped');
    const removed = await http(app.url, 'DELETE', `${path()}/${created.body.id}`, { token: adminToken });
    expect(removed.status).toBe(204);
    expect(await identitiesOf(user)).toEqual([]);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'changes'])
      .where('entity_id', '=', user.id)
      .where('action', 'like', 'user.identity%')
      .orderBy('id')
      .execute();
    expect(audit).toMatchObject([
      { action: 'user.identity_linked', details: { subject: 'mapped', via: 'administrator' } },
      {
        action: 'user.identity_unlinked',
        changes: expect.arrayContaining([{ path: 'subject', old: 'mapped', new: null }]),
      },
    ]);
  });

  it('refuses platform-wide accounts (400), unknown or other-platform emails (404), and other admins', async () => {
    const sysadmin = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: null,
      role: 'system_admin',
    });
    const wide = await http(app.url, 'POST', path(), {
      token: adminToken,
      body: { email: sysadmin.email, subject: 'x1' },
    });
    expect(wide).toMatchObject({ status: 400, body: { meta: { fields: [{ field: 'body/email' }] } } });
    const stranger = await staffIn(foreign);
    for (const email of [stranger.email, `nobody-${crypto.randomUUID()}@example.test`]) {
      const res = await http(app.url, 'POST', path(), { token: adminToken, body: { email, subject: 'x2' } });
      expect(res.status).toBe(404);
    }
    const orgAdmin = (await signedIn(app, tenant, 'organisation_admin')).token;
    const foreignAdmin = (await signedIn(app, foreign, 'platform_admin')).token;
    const user = await staffIn(tenant);
    for (const [token, statuses] of [
      [orgAdmin, [403, 404]],
      [foreignAdmin, [404]],
    ] as const) {
      const res = await http(app.url, 'POST', path(), { token, body: { email: user.email, subject: 'x3' } });
      expect(statuses).toContain(res.status);
      const list = await http(app.url, 'GET', path(), { token });
      expect(statuses).toContain(list.status);
    }
    expect(await identitiesOf(user)).toEqual([]);
    expect(await identitiesOf(sysadmin)).toEqual([]);
  });
});
