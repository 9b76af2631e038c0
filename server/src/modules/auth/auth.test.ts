import type { Session, User } from '@vigilo/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  login,
  startTestApp,
  type TestApp,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
});

const staff = () =>
  createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'organisation_staff',
  });

describe('POST /v1/login', () => {
  it('says when the session ends: idle expiry, capped by the absolute limit (decision 0038)', async () => {
    const short = await startTestApp({ REFRESH_IDLE_TTL: '600', REFRESH_ABSOLUTE_TTL: '900' });
    try {
      const user = await createUser(short.db, {
        platformId: tenant.platformId,
        organisationId: tenant.organisationIds[0],
        role: 'organisation_staff',
      });
      const before = Date.now();
      const session = await login(short.url, user);
      const expiresAt = Date.parse(String(session.expiresAt));
      const endsAt = Date.parse(String(session.endsAt));
      expect(expiresAt - before).toBeGreaterThanOrEqual(600_000 - 2000);
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(600_000);
      expect(endsAt - before).toBeGreaterThanOrEqual(900_000 - 2000);
      expect(endsAt - Date.now()).toBeLessThanOrEqual(900_000);
      const renewed = await http<Session>(short.url, 'POST', '/v1/token', {
        body: { refreshToken: session.refreshToken },
      });
      expect(renewed.status).toBe(200);
      // The absolute end stays where sign-in put it; the idle expiry moves on.
      expect(renewed.body.endsAt).toBe(session.endsAt);
      expect(Date.parse(String(renewed.body.expiresAt))).toBeGreaterThanOrEqual(expiresAt);
    } finally {
      await short.close();
    }
  });

  it('answers a session whose token reads /v1/users/@me', async () => {
    const user = await staff();
    const session = await login(app.url, user);
    expect(session).toMatchObject({
      id: user.id,
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
    });
    expect(session.token.split('.')).toHaveLength(3);
    const me = await http<User>(app.url, 'GET', '/v1/users/@me', { token: session.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);
  });

  it('finds the account by email without platformId when the email is unique', async () => {
    const user = await staff();
    const res = await http<Session>(app.url, 'POST', '/v1/login', {
      body: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it('gives one identical answer for unknown users, wrong passwords and deactivated accounts', async () => {
    const user = await staff();
    const gone = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
      deactivated: true,
    });
    const answers = await Promise.all([
      http(app.url, 'POST', '/v1/login', {
        body: { email: `nobody-${crypto.randomUUID()}@example.test`, password: 'whatever' },
      }),
      http(app.url, 'POST', '/v1/login', { body: { email: user.email, password: 'wrong password' } }),
      http(app.url, 'POST', '/v1/login', { body: { email: gone.email, password: gone.password } }),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body).toMatchObject({ code: 'INVALID_CREDENTIALS', statusCode: 401 });
  });

  it('rejects a body without email or username, and unknown fields, changing nothing', async () => {
    const missing = await http(app.url, 'POST', '/v1/login', { body: { password: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      meta: { fields: [{ field: 'body/email' }] },
    });
    const extra = await http(app.url, 'POST', '/v1/login', {
      body: { email: 'a@b.c', password: 'x', roleIds: ['admin'] },
    });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      meta: { fields: [{ field: 'body/roleIds' }] },
    });
  });

  it('lets only assessors use /v1/login/assessor, and assessors only that', async () => {
    const assessor = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'assessor',
    });
    const user = await staff();
    expect((await login(app.url, assessor, '/v1/login/assessor')).id).toBe(assessor.id);
    const staffAsAssessor = await http(app.url, 'POST', '/v1/login/assessor', {
      body: { email: user.email, password: user.password },
    });
    expect(staffAsAssessor.status).toBe(403);
    expect(staffAsAssessor.body).toMatchObject({
      code: 'STANDARD_SIGN_IN_REQUIRED',
      meta: { signIn: 'standard' },
    });
    const assessorAsStaff = await http(app.url, 'POST', '/v1/login', {
      body: { email: assessor.email, password: assessor.password },
    });
    expect(assessorAsStaff.status).toBe(403);
    expect(assessorAsStaff.body).toMatchObject({
      code: 'ASSESSOR_SIGN_IN_REQUIRED',
      meta: { signIn: 'assessor' },
    });
    expect(
      await app.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('says "use the other sign-in" only after the right password: a wrong one gets the stranger\'s answer', async () => {
    const assessor = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'assessor',
    });
    const user = await staff();
    const stranger = await http(app.url, 'POST', '/v1/login', {
      body: { email: `nobody-at-all-${crypto.randomUUID()}@example.test`, password: 'wrong password' },
    });
    const answers = await Promise.all([
      http(app.url, 'POST', '/v1/login', { body: { email: assessor.email, password: 'wrong password' } }),
      http(app.url, 'POST', '/v1/login/assessor', {
        body: { email: user.email, password: 'wrong password' },
      }),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.body).toEqual(stranger.body);
    }
  });

  it('records logins in the audit trail', async () => {
    const user = await staff();
    await login(app.url, user);
    const rows = await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', user.id).execute();
    expect(rows.map((r) => r.action)).toContain('auth.signed_in');
  });
});

describe('access tokens', () => {
  const sign = (
    claims: Record<string, unknown>,
    opts: { secret?: string; exp?: number; aud?: string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('vigilo')
      .setAudience(opts.aud ?? 'vigilo:access')
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 60)
      .sign(new TextEncoder().encode(opts.secret ?? app.config.jwtSecret));

  it('answers 401 without credentials, and 403 TOKEN_EXPIRED / TOKEN_INVALID for bad tokens', async () => {
    const user = await staff();
    const session = await login(app.url, user);
    const [, payload] = session.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const cases: [string | undefined, number, string][] = [
      [undefined, 401, 'UNAUTHENTICATED'],
      [await sign(claims, { exp: Math.floor(Date.now() / 1000) - 10 }), 403, 'TOKEN_EXPIRED'],
      [await sign(claims, { secret: 'another secret that is long enough to be used' }), 403, 'TOKEN_INVALID'],
      [none, 403, 'TOKEN_INVALID'],
      [await sign(claims, { aud: 'vigilo:mfa' }), 403, 'TOKEN_INVALID'],
      [session.refreshToken, 403, 'TOKEN_INVALID'],
      ['not a token at all', 403, 'TOKEN_INVALID'],
    ];
    for (const [token, status, code] of cases) {
      const res = await http(app.url, 'GET', '/v1/users/@me', { token });
      expect({ token, status: res.status, code: (res.body as { code: string }).code }).toEqual({
        token,
        status,
        code,
      });
      if (status === 403) expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });

  it('stops working at once when the account is deactivated', async () => {
    const user = await staff();
    const session = await login(app.url, user);
    await app.db.updateTable('users').set({ deactivated_at: new Date() }).where('id', '=', user.id).execute();
    const me = await http(app.url, 'GET', '/v1/users/@me', { token: session.token });
    expect(me.status).toBe(403);
    const renewed = await http(app.url, 'POST', '/v1/token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(renewed.status).toBe(401);
  });
});

describe('POST /v1/token', () => {
  it('rotates: a new pair each time, and the new access token works', async () => {
    const user = await staff();
    const session = await login(app.url, user);
    const res = await http<Session>(app.url, 'POST', '/v1/token', {
      body: {
        refreshToken: session.refreshToken,
        userId: user.id,
        platformId: user.platformId,
        organisationId: session.organisationId,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, platformId: user.platformId });
    expect(res.body.refreshToken).not.toBe(session.refreshToken);
    expect((await http(app.url, 'GET', '/v1/users/@me', { token: res.body.token })).status).toBe(200);
  });

  it('never answers 403: a bad refresh token is 401 REFRESH_TOKEN_INVALID', async () => {
    const res = await http(app.url, 'POST', '/v1/token', { body: { refreshToken: 'forged' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
  });

  it('accepts parallel refreshes of one token within the grace window', async () => {
    const session = await login(app.url, await staff());
    const both = await Promise.all(
      [1, 2].map(() => http(app.url, 'POST', '/v1/token', { body: { refreshToken: session.refreshToken } })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
  });

  it('refuses a refresh token of another user id', async () => {
    const session = await login(app.url, await staff());
    const other = await staff();
    const res = await http(app.url, 'POST', '/v1/token', {
      body: { refreshToken: session.refreshToken, userId: other.id },
    });
    expect(res.status).toBe(401);
  });
});

describe('refresh-token reuse (no grace)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({ REFRESH_GRACE: '0' });
  });
  afterAll(() => strict?.close());

  it('revokes the whole family when a rotated token comes back', async () => {
    const session = await login(strict.url, await staff());
    const next = await http<Session>(strict.url, 'POST', '/v1/token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(next.status).toBe(200);
    const reuse = await http(strict.url, 'POST', '/v1/token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(reuse.status).toBe(401);
    // The thief's use killed the legitimate successor too, and its access token.
    const successor = await http(strict.url, 'POST', '/v1/token', {
      body: { refreshToken: next.body.refreshToken },
    });
    expect(successor.status).toBe(401);
    expect((await http(strict.url, 'GET', '/v1/users/@me', { token: next.body.token })).status).toBe(403);
  });
});

describe('POST /v1/logout', () => {
  it('ends the session: the access token and the refresh token stop working', async () => {
    const session = await login(app.url, await staff());
    const out = await http(app.url, 'POST', '/v1/logout', {
      token: session.token,
      body: { pushInstanceId: 'device-1' },
    });
    expect(out.status).toBe(204);
    const me = await http(app.url, 'GET', '/v1/users/@me', { token: session.token });
    expect(me.status).toBe(403);
    expect(me.body).toMatchObject({ code: 'TOKEN_INVALID' });
    expect(
      (await http(app.url, 'POST', '/v1/token', { body: { refreshToken: session.refreshToken } })).status,
    ).toBe(401);
  });

  it("leaves the same user's other sessions alone", async () => {
    const user = await staff();
    const phone = await login(app.url, user);
    const laptop = await login(app.url, user);
    await http(app.url, 'POST', '/v1/logout', { token: phone.token });
    expect((await http(app.url, 'GET', '/v1/users/@me', { token: laptop.token })).status).toBe(200);
  });
});
