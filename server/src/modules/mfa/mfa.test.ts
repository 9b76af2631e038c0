import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MfaMethod, type MfaSession, roleNames, type Session, type TotpSetup } from '@vigilo/contract';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  login,
  startTestApp,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';

let app = useTestApp();
let home: TestTenant;
let foreign: TestTenant;

const allowBoth = (t: TestTenant) =>
  app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp', 'sms'] })
    .where('id', '=', t.platformId)
    .execute();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  await Promise.all([allowBoth(home), allowBoth(foreign)]);
});

/** Sign-ins are limited to 20 a minute per process: later groups get a process of their own. */
async function freshApp() {
  const old = app;
  app = await startTestApp();
  await old.close();
}

const now = () => Math.floor(Date.now() / 1000);
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: now() + offsetSteps * 30 });
const reporter = (tenant = home) =>
  createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });

/** Sets up and turns on TOTP for the user; the current time step is spent. */
async function enableTotp(base: string, user: TestUser, token: string) {
  const setup = await http<TotpSetup>(base, 'POST', '/v1/setup/totp', {
    token,
    body: { currentPassword: user.password },
  });
  expect(setup.status).toBe(200);
  const on = await http<MfaMethod>(base, 'POST', '/v1/setup/totp/verify', {
    token,
    body: { factorSid: setup.body.factorSid, code: await codeAt(setup.body.secret) },
  });
  expect(on.status).toBe(200);
  return setup.body;
}

const passwordLogin = (base: string, user: TestUser, extra: Record<string, unknown> = {}) =>
  http<{ requiresMfa?: true; sessionId?: string } & Partial<Session>>(base, 'POST', '/v1/login', {
    body: { email: user.email, password: user.password, platformId: user.platformId, ...extra },
  });

describe('TOTP set-up', () => {
  it('answers the secret, an otpauth URI and a QR code once, and turns on with the first code', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const setup = await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
      token,
      body: { currentPassword: user.password },
    });
    expect(setup.status).toBe(200);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.body.uri).toContain(encodeURIComponent(user.email));
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    // Pending factors are not listed; the secret is never shown again, nor stored in clear.
    const before = await http<MfaMethod[]>(app.url, 'GET', '/v1/users/@me/mfa-methods', { token });
    expect(before.body).toEqual([]);
    const stored = await app.db
      .selectFrom('mfa_factors')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(setup.body.secret);

    const wrong = await http(app.url, 'POST', '/v1/setup/totp/verify', {
      token,
      body: {
        factorSid: setup.body.factorSid,
        code: '000000' === (await codeAt(setup.body.secret)) ? '111111' : '000000',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      meta: { fields: [{ field: 'body/code', reason: 'wrongCode' }] },
    });

    const on = await http<MfaMethod>(app.url, 'POST', '/v1/setup/totp/verify', {
      token,
      body: { factorSid: setup.body.factorSid, code: await codeAt(setup.body.secret) },
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ factorSid: setup.body.factorSid, method: 'totp', verified: true });
    expect(JSON.stringify(on.body)).not.toContain(setup.body.secret);
    const list = await http<MfaMethod[]>(app.url, 'GET', '/v1/users/@me/mfa-methods', { token });
    expect(list.body.map((m) => m.factorSid)).toEqual([setup.body.factorSid]);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('mfa.enabled');
  });

  it('checks a current password that is sent; without one, needs a recent sign-in', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const res = await http(app.url, 'POST', '/v1/setup/totp', {
      token,
      body: { currentPassword: 'not my password' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ meta: { fields: [{ field: 'body/currentPassword' }] } });
    // Just signed in: no password needed (issue #9).
    expect((await http(app.url, 'POST', '/v1/setup/totp', { token, body: {} })).status).toBe(200);
    // With no recent-sign-in window at all, the password is needed again.
    const strict = await startTestApp({ RECENT_AUTH_WINDOW: '0' });
    try {
      const again = await login(strict.url, user);
      const none = await http(strict.url, 'POST', '/v1/setup/totp', { token: again.token });
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({
        code: 'REAUTHENTICATION_REQUIRED',
        meta: { fields: [{ field: 'body/currentPassword' }] },
      });
    } finally {
      await strict.close();
    }
  });

  it('accepts one step of drift either way, refuses two, and never accepts a code twice', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const setup = (
      await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
        token,
        body: { currentPassword: user.password },
      })
    ).body;
    const verify = async (code: string) =>
      (
        await http(app.url, 'POST', '/v1/setup/totp/verify', {
          token,
          body: { factorSid: setup.factorSid, code },
        })
      ).status;
    expect(await verify(await codeAt(setup.secret, -2))).toBe(400);
    expect(await verify(await codeAt(setup.secret, 2))).toBe(400);
    const previous = await codeAt(setup.secret, -1);
    expect(await verify(previous)).toBe(200);
    // Replay: the same code again, then any code of a step already used.
    expect(await verify(previous)).toBe(400);
    const next = await codeAt(setup.secret, 1);
    expect(await verify(next)).toBe(200);
    expect(await verify(next)).toBe(400);
    expect(await verify(await codeAt(setup.secret, 0))).toBe(400);
  });

  it('is refused when the platform does not offer it', async () => {
    const tenant = await createTenant(app.db);
    const user = await reporter(tenant);
    const { token } = await login(app.url, user);
    const res = await http(app.url, 'POST', '/v1/setup/totp', {
      token,
      body: { currentPassword: user.password },
    });
    expect(res.status).toBe(403);
  });
});

describe('sign-in with a second factor', () => {
  beforeAll(freshApp);
  it('login → requiresMfa + sessionId → /v1/login/verify with the bearer sessionId → a session', async () => {
    const user = await reporter();
    const first = await login(app.url, user);
    const { secret } = await enableTotp(app.url, user, first.token);

    const challenge = await passwordLogin(app.url, user);
    expect(challenge.status).toBe(200);
    expect(challenge.body).toEqual({ requiresMfa: true, sessionId: expect.any(String), methods: ['totp'] });
    const sessionId = challenge.body.sessionId!;

    // The MFA session id is no access token.
    const me = await http(app.url, 'GET', '/v1/users/@me', { token: sessionId });
    expect(me.status).toBe(403);
    expect(me.body).toMatchObject({ code: 'TOKEN_INVALID' });
    // And an access token is no MFA session id.
    const wrongBearer = await http(app.url, 'POST', '/v1/login/verify', {
      token: first.token,
      body: { sessionId: first.token, code: await codeAt(secret, 1) },
    });
    expect(wrongBearer.status).toBe(401);
    expect(wrongBearer.body).toMatchObject({ code: 'MFA_SESSION_INVALID' });
    const mixedUp = await http(app.url, 'POST', '/v1/login/verify', {
      token: sessionId,
      body: { sessionId: `${sessionId}x`, code: await codeAt(secret, 1) },
    });
    expect(mixedUp.status).toBe(401);
    expect(mixedUp.body).toMatchObject({ code: 'MFA_SESSION_INVALID' });
    const noBearer = await http(app.url, 'POST', '/v1/login/verify', { body: { code: '123456' } });
    expect(noBearer.status).toBe(401);

    const bad = await http(app.url, 'POST', '/v1/login/verify', {
      token: sessionId,
      body: { sessionId, code: 'abcdef', method: 'totp' },
    });
    expect(bad.status).toBe(400);

    const ok = await http<MfaSession>(app.url, 'POST', '/v1/login/verify', {
      token: sessionId,
      body: {
        sessionId,
        code: await codeAt(secret, 1),
        method: 'totp',
        organisationId: home.organisationIds[0],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      id: user.id,
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
    });
    expect(ok.body.deviceToken).toBeUndefined();
    const mine = await http(app.url, 'GET', '/v1/users/@me', { token: ok.body.token });
    expect(mine.status).toBe(200);

    // The same code cannot sign in a second time.
    const again = await passwordLogin(app.url, user);
    const replay = await http(app.url, 'POST', '/v1/login/verify', {
      token: again.body.sessionId,
      body: { code: await codeAt(secret, 1) },
    });
    expect(replay.status).toBe(400);
  });

  it('remembers a device for 30 days when asked: the next login skips the code', async () => {
    const user = await reporter();
    const { secret } = await enableTotp(app.url, user, (await login(app.url, user)).token);
    const challenge = await passwordLogin(app.url, user);
    const ok = await http<MfaSession>(app.url, 'POST', '/v1/login/verify', {
      token: challenge.body.sessionId,
      body: { code: await codeAt(secret, 1), rememberDevice: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.deviceToken).toEqual(expect.any(String));
    const device = await app.db
      .selectFrom('remembered_devices')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(device.token_hash).not.toBe(ok.body.deviceToken);
    const days = (device.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const skipped = await passwordLogin(app.url, user, { deviceToken: ok.body.deviceToken });
    expect(skipped.body).toMatchObject({ id: user.id, token: expect.any(String) });
    // Another user's device token, or a made-up one, does not skip anything.
    const other = await reporter();
    await enableTotp(app.url, other, (await login(app.url, other)).token);
    const foreignDevice = await passwordLogin(app.url, other, { deviceToken: ok.body.deviceToken });
    expect(foreignDevice.body).toMatchObject({ requiresMfa: true });
    const made = await passwordLogin(app.url, user, { deviceToken: 'made-up' });
    expect(made.body).toMatchObject({ requiresMfa: true });
    // An expired device asks again.
    await app.db
      .updateTable('remembered_devices')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', device.id)
      .execute();
    const expired = await passwordLogin(app.url, user, { deviceToken: ok.body.deviceToken });
    expect(expired.body).toMatchObject({ requiresMfa: true });
  });
});

describe('SMS codes', () => {
  beforeAll(freshApp);
  const lastSms = async (to: string) => {
    const row = await app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', to)
      .where('channel', '=', 'sms')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.body_text)![1]!;
  };
  const phone = () => `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;

  it('development provider: the code is read from the outbox, sets up SMS and signs in', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const number = phone();
    const pending = await http<MfaMethod>(app.url, 'POST', '/v1/users/@me/mfa-methods', {
      token,
      body: {
        method: 'sms',
        phoneNumber: number.replace(/(\d{4})(\d+)$/, ' $1 $2'),
        currentPassword: user.password,
      },
    });
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ method: 'sms', phoneNumber: number, verified: false });
    const on = await http<MfaMethod>(app.url, 'PUT', '/v1/users/@me/mfa-methods', {
      token,
      body: { factorSid: pending.body.factorSid, method: 'sms', code: await lastSms(number) },
    });
    expect(on.status).toBe(200);
    expect(on.body.verified).toBe(true);

    const challenge = await passwordLogin(app.url, user);
    const sessionId = challenge.body.sessionId!;
    // Only a number of the account: never an arbitrary one.
    const elsewhere = await http(app.url, 'POST', '/v1/verify/initiate', {
      token: sessionId,
      body: { method: 'sms', phoneNumber: '+15005550006' },
    });
    expect(elsewhere.status).toBe(400);
    const sent = await http(app.url, 'POST', '/v1/verify/initiate', {
      token: sessionId,
      body: { method: 'sms' },
    });
    expect(sent.status).toBe(204);
    const code = await lastSms(number);
    const ok = await http<Session>(app.url, 'POST', '/v1/login/verify', {
      token: sessionId,
      body: { sessionId, code, method: 'sms', phoneNumber: number },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(user.id);
    // The code is spent.
    const again = await http(app.url, 'POST', '/v1/login/verify', {
      token: sessionId,
      body: { code, method: 'sms' },
    });
    expect(again.status).toBe(400);

    // Step-up check for the signed-in user.
    await http(app.url, 'POST', '/v1/verify/initiate', { token: ok.body.token, body: { method: 'sms' } });
    const step = await http(app.url, 'POST', '/v1/verify', {
      token: ok.body.token,
      body: { code: await lastSms(number), method: 'sms' },
    });
    expect(step.status).toBe(200);
    expect(step.body).toMatchObject({ verified: true, method: 'sms', factorSid: pending.body.factorSid });
  });

  it('Twilio Verify provider: sends and checks through the HTTP API', async () => {
    const calls: { path: string; form: URLSearchParams; auth: string | undefined }[] = [];
    const codes = new Map<string, string>();
    const fake: Server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        calls.push({ path: req.url ?? '', form, auth: req.headers.authorization });
        res.setHeader('content-type', 'application/json');
        if (req.headers.authorization !== `Basic ${Buffer.from('AC123:secret').toString('base64')}`) {
          res.statusCode = 401;
          return res.end('{}');
        }
        if (req.url === '/v2/Services/VA42/Verifications') {
          codes.set(form.get('To')!, '424242');
          res.statusCode = 201;
          return res.end(JSON.stringify({ sid: `VE${calls.length}`, status: 'pending' }));
        }
        if (req.url === '/v2/Services/VA42/VerificationCheck') {
          if (!codes.has(form.get('To')!)) {
            res.statusCode = 404;
            return res.end('{}');
          }
          const approved = codes.get(form.get('To')!) === form.get('Code');
          if (approved) codes.delete(form.get('To')!);
          return res.end(JSON.stringify({ status: approved ? 'approved' : 'pending', valid: approved }));
        }
        res.statusCode = 404;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const twilio = await startTestApp({
      TWILIO_VERIFY_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      TWILIO_VERIFY_SID: 'AC123',
      TWILIO_VERIFY_TOKEN: 'secret',
      TWILIO_VERIFY_SERVICE: 'VA42',
      // The fake service listens on loopback, which the outbound guard refuses unless allowed.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    });
    try {
      const user = await reporter();
      const { token } = await login(twilio.url, user);
      const number = phone();
      const pending = await http<MfaMethod>(twilio.url, 'POST', '/v1/users/@me/mfa-methods', {
        token,
        body: { method: 'sms', phoneNumber: number, currentPassword: user.password },
      });
      expect(pending.status).toBe(200);
      expect(calls.at(-1)).toMatchObject({ path: '/v2/Services/VA42/Verifications' });
      expect(calls.at(-1)!.form.get('To')).toBe(number);
      expect(calls.at(-1)!.form.get('Channel')).toBe('sms');
      const wrong = await http(twilio.url, 'PUT', '/v1/users/@me/mfa-methods', {
        token,
        body: { factorSid: pending.body.factorSid, code: '111111' },
      });
      expect(wrong.status).toBe(400);
      const on = await http<MfaMethod>(twilio.url, 'PUT', '/v1/users/@me/mfa-methods', {
        token,
        body: { factorSid: pending.body.factorSid, code: '424242' },
      });
      expect(on.status).toBe(200);
      expect(calls.at(-1)!.path).toBe('/v2/Services/VA42/VerificationCheck');
      const outbox = await app.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('recipient', '=', number)
        .executeTakeFirstOrThrow();
      expect(outbox).toMatchObject({ channel: 'sms', provider_message_id: expect.stringMatching(/^VE/) });
      expect(outbox.body_text).not.toContain('424242');
    } finally {
      await twilio.close();
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});

describe('removing a factor', () => {
  beforeAll(freshApp);
  it('needs the current password, then logins no longer ask for a code', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const { factorSid } = await enableTotp(app.url, user, token);
    const path = `/v1/users/@me/mfa-methods?factorSid=${factorSid}&method=totp`;
    const refused = await http(app.url, 'DELETE', path, { token, body: { currentPassword: 'wrong one' } });
    expect(refused.status).toBe(400);
    expect((await passwordLogin(app.url, user)).body).toMatchObject({ requiresMfa: true });
    const removed = await http(app.url, 'DELETE', path, { token, body: { currentPassword: user.password } });
    expect(removed.status).toBe(204);
    expect((await passwordLogin(app.url, user)).body).toMatchObject({ id: user.id });
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('mfa.disabled');
  });

  it("another user's factor is not found, and bodies with unknown fields are refused", async () => {
    const owner = await reporter();
    const { factorSid } = await enableTotp(app.url, owner, (await login(app.url, owner)).token);
    const other = await reporter();
    const { token } = await login(app.url, other);
    const res = await http(app.url, 'DELETE', `/v1/users/@me/mfa-methods?factorSid=${factorSid}`, {
      token,
      body: { currentPassword: other.password },
    });
    expect(res.status).toBe(404);
    const put = await http(app.url, 'PUT', '/v1/users/@me/mfa-methods', {
      token,
      body: { factorSid, code: '123456' },
    });
    expect(put.status).toBe(404);
    for (const extra of [{ organisationId: home.organisationIds[1] }, { roleIds: ['x'] }]) {
      const bad = await http(app.url, 'POST', '/v1/setup/totp', {
        token,
        body: { currentPassword: other.password, ...extra },
      });
      expect(bad.status).toBe(400);
    }
    const proto = await http(app.url, 'POST', '/v1/setup/totp', {
      token,
      raw: `{"currentPassword": ${JSON.stringify(other.password)}, "__proto__": {"admin": true}}`,
    });
    expect(proto.status).toBe(400);
    const factors = await app.db
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', other.id)
      .execute();
    expect(factors).toEqual([]);
  });
});

describe('GET /v1/platforms/{id}/mfa-methods and the role matrix', () => {
  beforeAll(freshApp);
  it('every role of the platform reads it; another platform is 404', async () => {
    for (const role of roleNames) {
      const organisationId =
        role === 'platform_admin' || role === 'system_admin' ? null : home.organisationIds[0];
      const user = await createUser(app.db, { platformId: home.platformId, organisationId, role });
      const path = role === 'assessor' ? '/v1/login/assessor' : '/v1/login';
      const { token } = await login(app.url, user, path);
      const own = await http(app.url, 'GET', `/v1/platforms/${home.platformId}/mfa-methods`, { token });
      expect({ role, status: own.status }).toEqual({ role, status: 200 });
      expect(own.body).toEqual({ platformId: home.platformId, methods: ['totp', 'sms'] });
      // Every role manages its own factors.
      const mine = await http(app.url, 'GET', '/v1/users/@me/mfa-methods', { token });
      expect({ role, status: mine.status, body: mine.body }).toEqual({ role, status: 200, body: [] });
      const other = await http(app.url, 'GET', `/v1/platforms/${foreign.platformId}/mfa-methods`, { token });
      expect({ role, status: other.status }).toEqual({ role, status: role === 'system_admin' ? 200 : 404 });
    }
    const none = await http(app.url, 'GET', `/v1/platforms/${home.platformId}/mfa-methods`);
    expect(none.status).toBe(401);
  });
});

describe('credentials on the MFA routes', () => {
  beforeAll(freshApp);
  it('no token → 401 on every route; an MFA session id → 403 TOKEN_INVALID on user routes', async () => {
    const user = await reporter();
    await enableTotp(app.url, user, (await login(app.url, user)).token);
    const sessionId = (await passwordLogin(app.url, user)).body.sessionId!;
    const routes: [string, string, unknown][] = [
      ['POST', '/v1/verify', { code: '123456' }],
      ['POST', '/v1/verify/initiate', { method: 'sms' }],
      ['POST', '/v1/setup/totp', { currentPassword: 'x' }],
      ['POST', '/v1/setup/totp/verify', { factorSid: home.platformId, code: '123456' }],
      ['GET', '/v1/users/@me/mfa-methods', undefined],
      [
        'POST',
        '/v1/users/@me/mfa-methods',
        { method: 'sms', phoneNumber: '+447700900123', currentPassword: 'x' },
      ],
      ['PUT', '/v1/users/@me/mfa-methods', { factorSid: home.platformId, code: '123456' }],
      ['DELETE', `/v1/users/@me/mfa-methods?factorSid=${home.platformId}`, { currentPassword: 'x' }],
      ['GET', `/v1/platforms/${home.platformId}/mfa-methods`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const anonymous = await http(app.url, method, path, { body });
      expect({ path, method, status: anonymous.status }).toEqual({ path, method, status: 401 });
      if (path === '/v1/verify/initiate') continue; // serves the MFA session on purpose
      const mfa = await http(app.url, method, path, { body, token: sessionId });
      expect({ path, method, status: mfa.status, code: (mfa.body as { code: string }).code }).toEqual({
        path,
        method,
        status: 403,
        code: 'TOKEN_INVALID',
      });
    }
  });
});
