import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, login, useTestApp } from './index.ts';

/**
 * The credential matrix, generated from the OpenAPI document: every route that needs a
 * signed-in user × every kind of bad credential → the documented answer. A route added
 * later is covered without touching this file.
 */
let routes: { method: string; path: string; mfa: boolean; anonymousAllowed: boolean }[];
let credentials: { name: string; token?: string; status: number; code: string }[];

type Operation = { security?: Record<string, unknown>[] };

const app = useTestApp();

beforeAll(async () => {
  const doc = (
    await http<{ paths: Record<string, Record<string, Operation>> }>(app.url, 'GET', '/v1/openapi.json')
  ).body;
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => !(Array.isArray(op.security) && op.security.length === 0))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, () => randomUUID()),
        mfa: Boolean(op.security?.some((s) => 'mfaSession' in s)),
        // `{}` among the requirements: no credentials at all is a valid call (bad ones are not).
        anonymousAllowed: Boolean(op.security?.some((s) => Object.keys(s).length === 0)),
      })),
  );

  const tenant = await createTenant(app.db);
  const user = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'organisation_admin',
  });
  // A platform administrator who never signed in: the target of a token forged with the
  // (here known) secret around the live session family of `user`.
  const neverSignedIn = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: null,
    role: 'platform_admin',
  });
  const session = await login(app.url, user);
  const [, payload] = session.token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  const key = new TextEncoder().encode(app.config.jwtSecret);
  const sign = (aud: string, exp: number, secret = key, sub: string = claims.sub) =>
    new SignJWT({ pid: claims.pid, oid: claims.oid, fam: claims.fam })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer('vigilo')
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(secret);
  const now = Math.floor(Date.now() / 1000);
  credentials = [
    { name: 'no token', status: 401, code: 'UNAUTHENTICATED' },
    { name: 'expired', token: await sign('vigilo:access', now - 60), status: 403, code: 'TOKEN_EXPIRED' },
    {
      name: 'bad signature',
      token: await sign('vigilo:access', now + 60, new TextEncoder().encode('x'.repeat(48))),
      status: 403,
      code: 'TOKEN_INVALID',
    },
    {
      name: 'alg none',
      token: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
      status: 403,
      code: 'TOKEN_INVALID',
    },
    {
      name: 'refresh token as access token',
      token: session.refreshToken,
      status: 403,
      code: 'TOKEN_INVALID',
    },
    { name: 'MFA session id', token: await sign('vigilo:mfa', now + 60), status: 403, code: 'TOKEN_INVALID' },
    {
      name: "another user's live session family",
      token: await sign('vigilo:access', now + 60, key, neverSignedIn.id),
      status: 403,
      code: 'TOKEN_INVALID',
    },
    {
      name: 'claims that are not ids',
      token: await sign('vigilo:access', now + 60, key, 'not-a-uuid'),
      status: 403,
      code: 'TOKEN_INVALID',
    },
  ];
});

// One request per private route × credential: grows with the routes, slower than one case.
describe('credential matrix', { timeout: 120_000 }, () => {
  it('covers every private route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, '{}')}`)).toContain(
      'GET /v1/users/{}',
    );
  });

  it('answers every private route × bad credential as documented', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const c of credentials) {
        // The MFA step accepts exactly the MFA session id; an access token there is the bad credential.
        if (route.mfa && c.name === 'MFA session id') continue;
        if (route.anonymousAllowed && c.token === undefined) continue;
        const res = await http<{ code?: string }>(app.url, route.method, route.path, {
          token: c.token,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        });
        // The sign-in step never answers 403 (the client would refresh): bad credentials are 401 there.
        const expected = route.mfa && c.token ? { status: 401, code: 'MFA_SESSION_INVALID' } : c;
        if (res.status !== expected.status || res.body.code !== expected.code) {
          failures.push(`${route.method} ${route.path} with ${c.name}: ${res.status} ${res.body.code}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('guards the HEAD twin of every private GET route as well (authentication is added per route)', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && !r.mfa)) {
      for (const c of credentials.filter((c) => c.name !== 'MFA session id')) {
        if (route.anonymousAllowed && c.token === undefined) continue;
        const res = await http(app.url, 'HEAD', route.path, { token: c.token });
        if (res.status !== c.status) failures.push(`HEAD ${route.path} with ${c.name}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
