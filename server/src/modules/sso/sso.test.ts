import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { RoleName, Session, SsoProvider, User } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cachedSessions,
  createTenant,
  createUser,
  http,
  startTestApp,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc.ts';
import { signedInToTwo } from '../../../test/sessions.ts';
import { SSO_PUBLIC_URL, ssoJourney, ssoRedirectUri } from '../../../test/sso-journey.ts';

const PUBLIC_URL = SSO_PUBLIC_URL;
const redirectUri = ssoRedirectUri;

let app: TestApp;
let home: TestTenant;
let foreign: TestTenant;
let idpA: TestOidcProvider;
let idpB: TestOidcProvider;
const mail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.test`;
const emails = {
  alice: mail('alice'),
  aliceAtB: mail('alice-b'),
  stranger: mail('stranger'),
  shady: mail('shady'),
};

beforeAll(async () => {
  // The test providers listen on loopback: deliberately allowed here (and refused by default).
  app = await startTestApp({ PUBLIC_URL, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  idpA = await startOidcProvider({
    redirectUri,
    accounts: [
      { sub: 'alice', email: emails.alice, email_verified: true, given_name: 'Alice', family_name: 'A' },
      { sub: 'stranger', email: emails.stranger, email_verified: true },
      { sub: 'shady', email: emails.shady, email_verified: false },
    ],
  });
  // Another issuer whose account has the same subject: a different identity.
  idpB = await startOidcProvider({
    redirectUri,
    accounts: [{ sub: 'alice', email: emails.aliceAtB, email_verified: true, given_name: 'Other' }],
  });
});
afterAll(async () => {
  await app?.close();
  await idpA?.close();
  await idpB?.close();
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName) => (await sessionFor(tenant, role)).token;

const journey = ssoJourney(() => app);
const { start, callback } = journey;

function createProvider(
  idp: TestOidcProvider,
  settings: Record<string, unknown> = {},
  tenant: TestTenant = home,
): Promise<SsoProvider> {
  return tokenFor(tenant, 'platform_admin').then((token) =>
    journey.createProvider(token, tenant.platformId, idp, settings),
  );
}

/** The whole journey; `session` when it ended with one. */
async function signIn(idp: TestOidcProvider, providerId: string, sub: string) {
  const result = await journey.signIn(idp, providerId, sub);
  const session = result.answer && 'token' in result.answer ? (result.answer as Session) : undefined;
  return { ...result, session };
}

/** GET /v1/sso-providers with a chosen Host header (fetch does not let one set it). */
function linksForHost(host: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${app.url}/v1/sso-providers`, { headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve(JSON.parse(body)));
    });
    request.on('error', reject);
    request.end();
  });
}

const identitiesOf = (userId: string) =>
  app.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute();

describe('SSO sign-in against a real OpenID provider', () => {
  it('starts with state, nonce and PKCE S256, bound to the browser by an HttpOnly cookie', async () => {
    const provider = await createProvider(idpA);
    const { location, cookie } = await start(provider.id, '/profile?tab=1');
    expect(`${location.origin}${location.pathname}`).toBe(`${idpA.issuer}/auth`);
    const p = location.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(idpA.clientId);
    expect(p.get('redirect_uri')).toBe(redirectUri);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('scope')?.split(' ')).toEqual(['openid', 'email', 'profile']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/v1\/sso/);
    const state = await app.db
      .selectFrom('sso_login_states')
      .selectAll()
      .where('state', '=', p.get('state')!)
      .executeTakeFirstOrThrow();
    expect(state.return_to).toBe('/profile?tab=1');
    expect(state.code_verifier).not.toBe(p.get('code_challenge'));
  });

  it('finds a linked account by issuer + subject, whatever email the provider sends later', async () => {
    const provider = await createProvider(idpA);
    const user = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'organisation_staff',
    });
    const mapped = await http(app.url, 'POST', `/v1/sso-provider/${provider.id}/identities`, {
      token: await tokenFor(home, 'platform_admin'),
      body: { email: user.email, subject: 'alice' },
    });
    expect(mapped.status).toBe(201);

    const first = await signIn(idpA, provider.id, 'alice');
    expect(first.session?.id).toBe(user.id);
    const me = await http<User>(app.url, 'GET', '/v1/users/@me', { token: first.session!.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);
    const identities = await identitiesOf(user.id);
    expect(identities).toMatchObject([{ issuer: idpA.issuer, subject: 'alice', provider_id: provider.id }]);

    // The provider now says another email: the same subject still maps to the same user.
    idpA.accounts.set('alice', { sub: 'alice', email: mail('renamed'), email_verified: true });
    try {
      const again = await signIn(idpA, provider.id, 'alice');
      expect(again.session?.id).toBe(user.id);
    } finally {
      idpA.accounts.set('alice', { sub: 'alice', email: emails.alice, email_verified: true });
    }
    expect(await identitiesOf(user.id)).toHaveLength(1);

    // The hand-off code works once.
    const reused = await http(app.url, 'POST', '/v1/sso/exchange', { body: { code: first.code } });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'SSO_CODE_INVALID' });
  });

  it('treats the same subject at another issuer as a different identity (auto-created reporter)', async () => {
    const tenant = await createTenant(app.db);
    const providerA = await createProvider(
      idpA,
      { autoCreateUsers: true, autoCreateOrganisationId: tenant.organisationIds[1] },
      tenant,
    );
    const providerB = await createProvider(
      idpB,
      { autoCreateUsers: true, autoCreateOrganisationId: tenant.organisationIds[1] },
      tenant,
    );
    const viaA = await signIn(idpA, providerA.id, 'alice');
    const viaB = await signIn(idpB, providerB.id, 'alice');
    expect(viaA.session && viaB.session).toBeTruthy();
    expect(viaA.session!.id).not.toBe(viaB.session!.id);
    const created = await http<User>(app.url, 'GET', '/v1/users/@me', { token: viaB.session!.token });
    expect(created.body).toMatchObject({
      email: emails.aliceAtB,
      firstName: 'Other',
      platformId: tenant.platformId,
      memberships: [{ role: 'reporter', organisationId: tenant.organisationIds[1] }],
    });
    expect(await identitiesOf(viaA.session!.id)).toMatchObject([{ issuer: idpA.issuer, subject: 'alice' }]);
    expect(await identitiesOf(viaB.session!.id)).toMatchObject([{ issuer: idpB.issuer, subject: 'alice' }]);
  });

  it('refuses an unknown email when the provider does not create accounts, with a clear error', async () => {
    const provider = await createProvider(idpA);
    const result = await signIn(idpA, provider.id, 'stranger');
    expect(result.error).toBe('SSO_ACCOUNT_NOT_FOUND');
    const user = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', emails.stranger)
      .executeTakeFirst();
    expect(user).toBeUndefined();
    const audit = await app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'sso.sign_in_refused')
      .where('entity_id', '=', provider.id)
      .execute();
    expect(audit.map((a) => a.details)).toMatchObject([
      { code: 'SSO_ACCOUNT_NOT_FOUND', stage: 'callback', issuer: idpA.issuer, subject: 'stranger' },
    ]);
  });

  it('refuses an email the provider has not verified, and one outside the allowed domains', async () => {
    const provider = await createProvider(idpA, {
      autoCreateUsers: true,
      autoCreateOrganisationId: home.organisationIds[0],
    });
    expect((await signIn(idpA, provider.id, 'shady')).error).toBe('SSO_EMAIL_NOT_ALLOWED');
    const restricted = await createProvider(idpA, { allowedEmailDomains: ['elsewhere.test'] });
    expect((await signIn(idpA, restricted.id, 'stranger')).error).toBe('SSO_EMAIL_NOT_ALLOWED');
  });

  it('refuses an unknown state, a state from another browser, and a state used twice', async () => {
    const provider = await createProvider(idpA);
    expect((await callback('?code=x&state=forged')).error).toBe('SSO_STATE_INVALID');

    const started = await start(provider.id);
    const back = await idpA.signIn(started.location.href, 'alice');
    // Right state, but not the browser that started it (no cookie, or another cookie).
    expect((await callback(back.search, 'vigilo_sso=someone-else')).error).toBe('SSO_STATE_INVALID');
    // The state was spent by that attempt: even the right browser cannot use it now.
    expect((await callback(back.search, started.cookieValue)).error).toBe('SSO_STATE_INVALID');
  });

  it('refuses an ID token whose nonce does not match the one kept for the sign-in', async () => {
    const provider = await createProvider(idpA);
    const started = await start(provider.id);
    await app.db
      .updateTable('sso_login_states')
      .set({ nonce: 'a-different-nonce' })
      .where('state', '=', started.location.searchParams.get('state')!)
      .execute();
    const back = await idpA.signIn(started.location.href, 'alice');
    expect((await callback(back.search, started.cookieValue)).error).toBe('SSO_LOGIN_FAILED');
  });

  it('refuses a code exchanged with another PKCE verifier', async () => {
    const provider = await createProvider(idpA);
    const started = await start(provider.id);
    await app.db
      .updateTable('sso_login_states')
      .set({ code_verifier: 'x'.repeat(64) })
      .where('state', '=', started.location.searchParams.get('state')!)
      .execute();
    const back = await idpA.signIn(started.location.href, 'alice');
    expect((await callback(back.search, started.cookieValue)).error).toBe('SSO_LOGIN_FAILED');
  });

  it('does not start with a disabled or unknown provider', async () => {
    const provider = await createProvider(idpA, { enabled: false });
    const disabled = await http(app.url, 'GET', `/v1/sso/${provider.id}/start`);
    expect(disabled.status).toBe(404);
    const unknown = await http(app.url, 'GET', `/v1/sso/${randomUUID()}/start`);
    expect(unknown.status).toBe(404);
  });
});

describe('GET /v1/sso-providers (login page buttons)', () => {
  it("lists a platform's enabled providers by platformId or by host, names and start URLs only", async () => {
    const tenant = await createTenant(app.db);
    const on = await createProvider(idpA, { name: 'Agency ID' }, tenant);
    await createProvider(idpB, { name: 'Switched off', enabled: false }, tenant);
    const res = await http<unknown[]>(app.url, 'GET', `/v1/sso-providers?platformId=${tenant.platformId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: on.id, name: 'Agency ID', startUrl: `/v1/sso/${on.id}/start` }]);

    const platform = await app.db
      .selectFrom('platforms')
      .select('domain')
      .where('id', '=', tenant.platformId)
      .executeTakeFirstOrThrow();
    expect(await linksForHost(platform.domain!)).toEqual(res.body);
    expect(await linksForHost('unknown.test')).toEqual([]);
  });
});

describe('/v1/sso-provider/{id} administration', () => {
  it('creates with a write-only secret (stored encrypted), reads, updates keeping the secret, deletes', async () => {
    const token = await tokenFor(home, 'platform_admin');
    const created = await http<SsoProvider>(app.url, 'POST', `/v1/sso-provider/${home.platformId}`, {
      token,
      body: {
        name: 'Agency',
        issuerUrl: idpA.issuer,
        clientId: 'c1',
        clientSecret: 'very-secret-value',
        scopes: ['email'],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      platformId: home.platformId,
      name: 'Agency',
      issuerUrl: idpA.issuer,
      hasClientSecret: true,
      scopes: ['openid', 'email'],
      enabled: true,
      autoCreateUsers: false,
    });
    expect(JSON.stringify(created.body)).not.toContain('very-secret-value');
    const stored = await app.db
      .selectFrom('sso_providers')
      .select('client_secret_encrypted')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_encrypted).not.toContain('very-secret-value');

    const read = await http<SsoProvider>(app.url, 'GET', `/v1/sso-provider/${created.body.id}`, { token });
    expect(read.body).toEqual(created.body);

    const updated = await http<SsoProvider>(app.url, 'PUT', `/v1/sso-provider/${created.body.id}`, {
      token,
      body: { name: 'Agency ID', enabled: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Agency ID', enabled: false, hasClientSecret: true });
    const after = await app.db
      .selectFrom('sso_providers')
      .select('client_secret_encrypted')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(after.client_secret_encrypted).toBe(stored.client_secret_encrypted);

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'details'])
      .where('entity_id', '=', created.body.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['sso_provider.created', 'sso_provider.updated']);
    expect(JSON.stringify(audit)).not.toContain('very-secret-value');

    const removed = await http(app.url, 'DELETE', `/v1/sso-provider/${created.body.id}`, { token });
    expect(removed.status).toBe(204);
    expect((await http(app.url, 'GET', `/v1/sso-provider/${created.body.id}`, { token })).status).toBe(404);
  });

  it('validates: auto-create needs an organisation of the platform; unknown fields are refused', async () => {
    const token = await tokenFor(home, 'platform_admin');
    const base = { name: 'X', issuerUrl: idpA.issuer, clientId: 'c' };
    const noOrg = await http(app.url, 'POST', `/v1/sso-provider/${home.platformId}`, {
      token,
      body: { ...base, autoCreateUsers: true },
    });
    expect(noOrg.status).toBe(400);
    const foreignOrg = await http(app.url, 'POST', `/v1/sso-provider/${home.platformId}`, {
      token,
      body: { ...base, autoCreateUsers: true, autoCreateOrganisationId: foreign.organisationIds[0] },
    });
    expect(foreignOrg.status).toBe(400);
    for (const extra of [
      { platformId: foreign.platformId },
      { organisationId: home.organisationIds[0] },
      { roleIds: [] },
    ]) {
      const res = await http(app.url, 'POST', `/v1/sso-provider/${home.platformId}`, {
        token,
        body: { ...base, ...extra },
      });
      expect(res.status).toBe(400);
    }
    const proto = await http(app.url, 'POST', `/v1/sso-provider/${home.platformId}`, {
      token,
      raw: `{"name":"X","issuerUrl":"${idpA.issuer}","clientId":"c","__proto__":{"enabled":false}}`,
    });
    expect(proto.status).toBe(400);
    const count = await app.db
      .selectFrom('sso_providers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('platform_id', '=', home.platformId)
      .where('name', '=', 'X')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  // Which role may do what: docs/permissions.csv (test/permissions.test.ts).

  it("hides another platform's providers (404) and lists none of them", async () => {
    const provider = await createProvider(idpA);
    const outsiders = [
      await tokenFor(foreign, 'platform_admin'),
      await tokenFor(foreign, 'organisation_admin'),
    ];
    for (const token of outsiders) {
      expect((await http(app.url, 'GET', `/v1/sso-provider/${provider.id}`, { token })).status).toBe(404);
      expect(
        (await http(app.url, 'PUT', `/v1/sso-provider/${provider.id}`, { token, body: { name: 'x' } }))
          .status,
      ).toBe(404);
      expect((await http(app.url, 'DELETE', `/v1/sso-provider/${provider.id}`, { token })).status).toBe(404);
      const create = await http(app.url, 'POST', `/v1/sso-provider/${home.platformId}`, {
        token,
        body: { name: 'intruder', issuerUrl: idpA.issuer, clientId: 'c' },
      });
      expect(create.status).toBe(404);
      const list = await http(app.url, 'GET', `/v1/sso-providers/manage?platformId=${home.platformId}`, {
        token,
      });
      expect(list.status).toBe(404);
    }
    const own = await http<SsoProvider[]>(app.url, 'GET', '/v1/sso-providers/manage', {
      token: outsiders[0],
    });
    expect(own.status).toBe(200);
    expect(own.body.filter((p) => p.platformId !== foreign.platformId)).toEqual([]);
    // A system admin works across platforms.
    const system = await tokenFor(foreign, 'system_admin');
    expect((await http(app.url, 'GET', `/v1/sso-provider/${provider.id}`, { token: system })).status).toBe(
      200,
    );
  });

  it('gives a user of two organisations of another platform neither the provider nor an identity linked to it (404)', async () => {
    const provider = await createProvider(idpA);
    const linked = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'reporter',
    });
    const identity = await app.db
      .insertInto('user_identities')
      .values({
        platform_id: home.platformId,
        user_id: linked.id,
        provider_id: provider.id,
        issuer: idpA.issuer,
        subject: `two-${randomUUID()}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const two = await signedInToTwo(app, foreign, ['organisation_admin', 'organisation_admin']);
    const token = two.token;
    const statuses = await Promise.all([
      http(app.url, 'GET', `/v1/sso-provider/${provider.id}`, { token }),
      http(app.url, 'GET', `/v1/sso-provider/${provider.id}/identities`, { token }),
      http(app.url, 'DELETE', `/v1/sso-provider/${provider.id}/identities/${identity.id}`, { token }),
      http(app.url, 'DELETE', `/v1/sso/identities/${identity.id}`, { token }),
    ]);
    expect(statuses.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    const still = await app.db
      .selectFrom('user_identities')
      .select('id')
      .where('id', '=', identity.id)
      .execute();
    expect(still).toHaveLength(1);
  });
});
