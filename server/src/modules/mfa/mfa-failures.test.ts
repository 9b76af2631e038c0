import type { MfaMethod, TotpSetup } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  login,
  type TestTenant,
  type TestUser,
  useTestApp,
} from '../../../test/index.ts';
import { enableTotp, totpCode } from '../../../test/totp.ts';

// Issue #6 item 10: every wrong or throttled second-factor or recovery code leaves an audit
// row (`mfa.failed`), like a wrong password does. (Refused SSO sign-ins: sso.audit.test.ts.)
let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp', 'sms'] })
    .where('id', '=', tenant.platformId)
    .execute();
});

const reporter = () =>
  createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });

/** The audit rows one request wrote (found by the request id the answer carries). */
const auditOf = (res: { headers: Headers }) =>
  app.db
    .selectFrom('audit_log')
    .select(['action', 'entity_id', 'actor_user_id', 'platform_id', 'details'])
    .where('request_id', '=', res.headers.get('x-request-id') ?? '')
    .execute();

/** A code that is not the current one (nor a neighbour) of `secret`. */
const wrongCode = async (secret: string) => {
  const near = await Promise.all([-1, 0, 1].map((step) => totpCode(secret, step)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
};

async function challenge(user: TestUser) {
  const res = await http<{ sessionId: string }>(app.url, 'POST', '/v1/login', {
    body: { email: user.email, password: user.password, platformId: user.platformId },
  });
  expect(res.status).toBe(200);
  return res.body.sessionId;
}

const failure = (user: TestUser, step: string, reason = 'wrong_code', methods = ['totp']) => ({
  action: 'mfa.failed',
  entity_id: user.id,
  actor_user_id: user.id,
  platform_id: user.platformId,
  details: { reason, step, methods, ip: expect.any(String) },
});

describe('audit rows for wrong second-factor codes', () => {
  it('a wrong TOTP code at sign-in, then the throttle', async () => {
    const user = await reporter();
    const secret = await enableTotp(app, (await login(app.url, user)).token, user.password);
    const sessionId = await challenge(user);
    const code = await wrongCode(secret);
    for (let i = 0; i < 5; i++) {
      const res = await http(app.url, 'POST', '/v1/login/verify', { token: sessionId, body: { code } });
      expect(res.status).toBe(400);
      expect(await auditOf(res)).toMatchObject([failure(user, 'sign_in')]);
    }
    const throttled = await http(app.url, 'POST', '/v1/login/verify', { token: sessionId, body: { code } });
    expect(throttled.status).toBe(429);
    expect(await auditOf(throttled)).toMatchObject([failure(user, 'sign_in', 'too_many_attempts')]);
  });

  it('a wrong TOTP code at a step-up check and while turning TOTP on', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const setup = await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
      token,
      body: { currentPassword: user.password },
    });
    const atSetup = await http(app.url, 'POST', '/v1/setup/totp/verify', {
      token,
      body: { factorSid: setup.body.factorSid, code: await wrongCode(setup.body.secret) },
    });
    expect(atSetup.status).toBe(400);
    expect(await auditOf(atSetup)).toMatchObject([failure(user, 'setup')]);
    const on = await http(app.url, 'POST', '/v1/setup/totp/verify', {
      token,
      body: { factorSid: setup.body.factorSid, code: await totpCode(setup.body.secret) },
    });
    expect(on.status).toBe(200);
    const stepUp = await http(app.url, 'POST', '/v1/verify', {
      token,
      body: { code: await wrongCode(setup.body.secret) },
    });
    expect(stepUp.status).toBe(400);
    expect(await auditOf(stepUp)).toMatchObject([failure(user, 'step_up')]);
  });

  it('a wrong SMS code at sign-in', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const phone = `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    const pending = await http<MfaMethod>(app.url, 'POST', '/v1/users/@me/mfa-methods', {
      token,
      body: { method: 'sms', phoneNumber: phone, currentPassword: user.password },
    });
    const text = await app.db
      .selectFrom('outbox_messages')
      .select('body_text')
      .where('recipient', '=', phone)
      .executeTakeFirstOrThrow();
    const sent = /(\d{6})/.exec(text.body_text)![1]!;
    const on = await http(app.url, 'PUT', '/v1/users/@me/mfa-methods', {
      token,
      body: { factorSid: pending.body.factorSid, method: 'sms', code: sent },
    });
    expect(on.status).toBe(200);
    const sessionId = await challenge(user);
    const wrong = sent === '000000' ? '111111' : '000000';
    const res = await http(app.url, 'POST', '/v1/login/verify', {
      token: sessionId,
      body: { code: wrong, method: 'sms' },
    });
    expect(res.status).toBe(400);
    expect(await auditOf(res)).toMatchObject([failure(user, 'sign_in', 'wrong_code', ['sms'])]);
  });

  it('a wrong recovery code at sign-in, then the throttle', async () => {
    const user = await reporter();
    await enableTotp(app, (await login(app.url, user)).token, user.password);
    const sessionId = await challenge(user);
    for (let i = 0; i < 5; i++) {
      const res = await http(app.url, 'POST', '/v1/login/recovery', {
        token: sessionId,
        body: { code: 'aaaaa-bbbbb' },
      });
      expect(res.status).toBe(400);
      expect(await auditOf(res)).toMatchObject([failure(user, 'sign_in', 'wrong_code', ['recovery_code'])]);
    }
    const throttled = await http(app.url, 'POST', '/v1/login/recovery', {
      token: sessionId,
      body: { code: 'aaaaa-bbbbb' },
    });
    expect(throttled.status).toBe(429);
    expect(await auditOf(throttled)).toMatchObject([
      failure(user, 'sign_in', 'too_many_attempts', ['recovery_code']),
    ]);
  });
});
