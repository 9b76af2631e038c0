import { randomUUID } from 'node:crypto';
import { ApiRequestError, createApiClient } from '@vigilo/client';
import type { UserPage } from '@vigilo/contract';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, eventually, http, type TestTenant, useTestApp } from './index.ts';
import { signedIn } from './sessions.ts';

/**
 * Issue #9: what a client written from the specification alone sends must work. The
 * project's client (`@vigilo/client`) follows the specification's generic behaviour
 * literally (G-1…G-7, S-1…S-6), so these flows run through it.
 */
let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
});

const clientWith = (token: string) => {
  const client = createApiClient({ baseUrl: app.url });
  client.setSession({ token });
  return client;
};

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (err) => (err instanceof ApiRequestError ? err.status : Promise.reject(err)),
  );

describe('POST /v1/organisation/{id}/invite takes the contract body {invite} and the flat one', () => {
  it('creates an invite from either form, and refuses a wrapper with a bad invite', async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    const client = clientWith(token);
    const path = `/v1/organisation/${tenant.organisationIds[0]}/invite`;
    const wrapped = `wrapped-${randomUUID().slice(0, 8)}@example.test`;
    const flat = `flat-${randomUUID().slice(0, 8)}@example.test`;
    const a = await client.request<{ email: string; role: string }>('POST', path, {
      body: { invite: { email: wrapped, role: 'reporter' } },
    });
    expect(a).toMatchObject({ email: wrapped, role: 'reporter' });
    const b = await client.request<{ email: string }>('POST', path, {
      body: { email: flat, role: 'organisation_staff' },
    });
    expect(b.email).toBe(flat);
    expect(
      await statusOf(
        client.request('POST', path, { body: { invite: { email: 'not-an-email', role: 'reporter' } } }),
      ),
    ).toBe(400);
    expect(
      await statusOf(
        client.request('POST', path, {
          body: { invite: { email: flat, role: 'reporter' }, role: 'reporter' },
        }),
      ),
    ).toBe(400);
  });
});

describe('array filters in every common encoding, and no filter silently dropped', () => {
  const emailsOf = (page: UserPage) => page.items.map((u) => u.email).sort();

  it('filters GET /v1/users by roleIds sent repeated, with brackets, with indexes or comma-joined', async () => {
    const own = await createTenant(app.db);
    const { token } = await signedIn(app, own, 'platform_admin');
    const org = own.organisationIds[0];
    const made = await Promise.all(
      (['reporter', 'organisation_staff', 'assessor'] as const).map((role) =>
        createUser(app.db, { platformId: own.platformId, organisationId: org, role }),
      ),
    );
    const expected = [made[0]!.email, made[1]!.email].sort();
    for (const query of [
      'roleIds=reporter&roleIds=organisation_staff',
      'roleIds[]=reporter&roleIds[]=organisation_staff',
      'roleIds%5B%5D=reporter&roleIds%5B%5D=organisation_staff',
      'roleIds[0]=reporter&roleIds[1]=organisation_staff',
      'roleIds=reporter,organisation_staff',
    ]) {
      const res = await http<UserPage>(app.url, 'GET', `/v1/users?${query}`, { token });
      expect(res.status, query).toBe(200);
      expect(emailsOf(res.body), query).toEqual(expected);
    }
    // One value in brackets is still a list of one.
    const one = await http<UserPage>(app.url, 'GET', '/v1/users?roleIds[]=assessor', { token });
    expect(emailsOf(one.body)).toEqual([made[2]!.email]);
  });

  it('answers 400 for a query parameter a list does not know, on every operation with a query', async () => {
    const { token } = await signedIn(app, tenant, 'platform_admin');
    const doc = (
      await http<{ paths: Record<string, Record<string, { parameters?: { in: string }[] }>> }>(
        app.url,
        'GET',
        '/v1/openapi.json',
      )
    ).body;
    const withQuery = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        // The SSO callback is the provider's redirect, which carries parameters of its own.
        .filter(([method, op]) => method === 'get' && op.parameters?.some((p) => p.in === 'query'))
        .filter(() => path !== '/v1/sso/callback')
        .map(([, _op]) => path.replace(/\{[^}]+\}/g, tenant.organisationIds[0])),
    );
    expect(withQuery.length).toBeGreaterThan(10);
    const dropped: string[] = [];
    for (const path of withQuery) {
      const res = await http<{ code: string }>(app.url, 'GET', `${path}?notAFilter=1`, {
        token,
        redirect: 'manual',
      });
      if (res.status !== 400 || res.body.code !== 'VALIDATION_FAILED') dropped.push(`${path}: ${res.status}`);
    }
    expect(dropped).toEqual([]);
  });
});

describe('second factors are added with the contract body after a recent sign-in or a step-up', () => {
  const codeAt = (secret: string, steps: number) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  /** Makes the session's last proof of identity an hour old (as if signed in long ago). */
  const age = (familyId: string) =>
    app.db
      .updateTable('refresh_tokens')
      .set({
        family_created_at: new Date(Date.now() - 3600_000),
        authenticated_at: new Date(Date.now() - 3600_000),
      })
      .where('family_id', '=', familyId)
      .execute();
  const familyOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).fam;

  it('enrols TOTP and SMS with no password right after sign-in; later asks for it, or for a step-up', async () => {
    const own = await createTenant(app.db);
    await app.db
      .updateTable('platforms')
      .set({ mfa_methods: ['totp', 'sms'] })
      .where('id', '=', own.platformId)
      .execute();
    const user = await createUser(app.db, {
      platformId: own.platformId,
      organisationId: own.organisationIds[0],
      role: 'reporter',
    });
    const client = createApiClient({ baseUrl: app.url });
    await client.login({ email: user.email, password: user.password });

    // POST /v1/setup/totp has no body in the contract; the client sends none.
    const setup = await client.request<{ factorSid: string; secret: string }>('POST', '/v1/setup/totp');
    expect(setup.factorSid).toMatch(/^[0-9a-f-]{36}$/);
    await client.request('POST', '/v1/setup/totp/verify', {
      body: { factorSid: setup.factorSid, code: await codeAt(setup.secret, 0), rememberDevice: false },
    });
    const sms = await client.request<{ method: string }>('POST', '/v1/users/@me/mfa-methods', {
      body: { method: 'sms', phoneNumber: '+447700900123' },
    });
    expect(sms.method).toBe('sms');

    // An hour later, a stolen access token alone cannot add a factor...
    await age(familyOf(client.session.token!));
    // (the per-process actor cache hears of the change through PostgreSQL, a moment later)
    await eventually(async () => {
      const refused = await client.request('POST', '/v1/setup/totp').then(
        () => null,
        (err: ApiRequestError) => err,
      );
      expect(refused).toMatchObject({ status: 401, code: 'REAUTHENTICATION_REQUIRED' });
    });
    // ...while the current password, or a step-up with a factor the user has, still can.
    await expect(
      client.request('POST', '/v1/setup/totp', { body: { currentPassword: user.password } }),
    ).resolves.toMatchObject({
      factorSid: expect.any(String),
    });
    await client.request('POST', '/v1/verify', {
      body: { code: await codeAt(setup.secret, 1), method: 'totp', phoneNumber: '' },
    });
    await expect(client.request('POST', '/v1/setup/totp')).resolves.toMatchObject({
      factorSid: expect.any(String),
    });
    // The client was never signed out on the way.
    expect(client.session.refreshToken).not.toBeNull();
  });
});

describe('switching organisation keeps the specification client signed in', () => {
  it('acts in the chosen organisation with the tokens it holds, across a refresh', async () => {
    const own = await createTenant(app.db);
    const user = await createUser(app.db, {
      platformId: own.platformId,
      organisationId: own.organisationIds[0],
      role: 'organisation_staff',
    });
    await app.db
      .insertInto('memberships')
      .values({
        platform_id: own.platformId,
        user_id: user.id,
        organisation_id: own.organisationIds[1],
        role: 'organisation_admin',
      })
      .execute();
    const client = createApiClient({ baseUrl: app.url });
    await client.login({ email: user.email, password: user.password });
    expect(client.session.organisationId).toBe(own.organisationIds[0]);

    // The specification's client reads no tokens from this answer.
    await client.request('PUT', '/v1/auth-context', {
      body: { platformId: own.platformId, organisationId: own.organisationIds[1] },
    });
    expect((await client.getUser()).organisationId).toBe(own.organisationIds[1]);
    const context = await client.request<{ organisationId: string; roles: string[] }>(
      'GET',
      '/v1/auth-context',
    );
    expect(context).toMatchObject({ organisationId: own.organisationIds[1], roles: ['organisation_admin'] });

    // Its access token expires; it refreshes with the organisation it remembers from sign-in.
    await client.refresh();
    expect(client.session.organisationId).toBe(own.organisationIds[0]);
    expect((await client.getUser()).organisationId).toBe(own.organisationIds[1]);
    // Switching to the organisation it is already in changes nothing and ends nothing.
    await client.request('PUT', '/v1/auth-context', { body: { organisationId: own.organisationIds[1] } });
    expect((await client.getUser()).organisationId).toBe(own.organisationIds[1]);
  });

  it('refuses a token that names one user with the session of another (403 TOKEN_INVALID)', async () => {
    const [a, b] = await Promise.all([signedIn(app, tenant, 'reporter'), signedIn(app, tenant, 'reporter')]);
    const claims = JSON.parse(Buffer.from(b.token.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT({ pid: claims.pid, oid: claims.oid, fam: claims.fam })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(a.user.id)
      .setIssuer('vigilo')
      .setAudience('vigilo:access')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(app.config.jwtSecret));
    const res = await http(app.url, 'GET', '/v1/users/@me', { token: forged });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
