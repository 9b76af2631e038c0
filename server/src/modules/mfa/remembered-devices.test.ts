import type { MfaMethod, Session, TotpSetup } from '@vigilo/contract';
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
import { totpCode } from '../../../test/totp.ts';
import { issueAccessToken, PASSWORD_RESET } from '../auth/access-tokens.ts';

// Issue #6 item 10: "remember this device" ends with every change of the password or of the
// second factors; a device remembered before the change is asked for a code again.
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

const NEW_PASSWORD = 'another long passphrase';

const passwordLogin = (user: TestUser, deviceToken: string, password = user.password) =>
  http<{ requiresMfa?: true } & Partial<Session>>(app.url, 'POST', '/v1/login', {
    body: { email: user.email, password, platformId: user.platformId, deviceToken },
  });

const lastSms = async (to: string) => {
  const row = await app.db
    .selectFrom('outbox_messages')
    .select('body_text')
    .where('recipient', '=', to)
    .where('channel', '=', 'sms')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.body_text)![1]!;
};

/** Turns TOTP on, asking to remember this device: answers the factor and the device token. */
async function totpRemembered(token: string, user: TestUser) {
  const setup = await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
    token,
    body: { currentPassword: user.password },
  });
  expect(setup.status).toBe(200);
  const on = await http<MfaMethod>(app.url, 'POST', '/v1/setup/totp/verify', {
    token,
    body: { factorSid: setup.body.factorSid, code: await totpCode(setup.body.secret), rememberDevice: true },
  });
  expect(on.status).toBe(200);
  return { factorSid: on.body.factorSid, deviceToken: on.body.deviceToken! };
}

/** Turns an SMS factor on (optionally remembering this device). */
async function smsFactor(token: string, user: TestUser, rememberDevice = false) {
  const phone = `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const pending = await http<MfaMethod>(app.url, 'POST', '/v1/users/@me/mfa-methods', {
    token,
    body: { method: 'sms', phoneNumber: phone, currentPassword: user.password },
  });
  expect(pending.status).toBe(200);
  const on = await http<MfaMethod>(app.url, 'PUT', '/v1/users/@me/mfa-methods', {
    token,
    body: { factorSid: pending.body.factorSid, method: 'sms', code: await lastSms(phone), rememberDevice },
  });
  expect(on.status).toBe(200);
  return { factorSid: on.body.factorSid, deviceToken: on.body.deviceToken };
}

/** A user with TOTP and this device remembered: the device skips the code until a change. */
async function rememberedUser() {
  const user = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });
  const session = await login(app.url, user);
  const totp = await totpRemembered(session.token, user);
  const skipped = await passwordLogin(user, totp.deviceToken);
  expect(skipped.status).toBe(200);
  expect(skipped.body.requiresMfa).toBeUndefined();
  expect(skipped.body.token).toEqual(expect.any(String));
  return { user, token: session.token, ...totp };
}

const devicesOf = async (userId: string) =>
  (await app.db.selectFrom('remembered_devices').select('id').where('user_id', '=', userId).execute()).length;

/** The device is forgotten: the right password alone gets the second step again. */
async function expectForgotten(user: TestUser, deviceToken: string, password = user.password) {
  const again = await passwordLogin(user, deviceToken, password);
  expect(again.status).toBe(200);
  expect(again.body.requiresMfa).toBe(true);
  expect(again.body.token).toBeUndefined();
}

describe('remembered devices end with a security change', () => {
  it('a change of password forgets every remembered device', async () => {
    const { user, token, deviceToken } = await rememberedUser();
    const changed = await http(app.url, 'PUT', '/v1/users/@me/change-password', {
      token,
      body: { currentPassword: user.password, password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(204);
    expect(await devicesOf(user.id)).toBe(0);
    await expectForgotten(user, deviceToken, NEW_PASSWORD);
  });

  it('a password reset forgets every remembered device', async () => {
    const { user, deviceToken } = await rememberedUser();
    const resetToken = await issueAccessToken(app.db, { userId: user.id, purpose: PASSWORD_RESET, ttl: 600 });
    const reset = await http(app.url, 'POST', '/v1/change-password', {
      body: { resetToken, password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(204);
    expect(await devicesOf(user.id)).toBe(0);
    await expectForgotten(user, deviceToken, NEW_PASSWORD);
  });

  it('a new SMS factor forgets devices remembered before it; the device it remembers works', async () => {
    const { user, token, deviceToken } = await rememberedUser();
    const sms = await smsFactor(token, user, true);
    await expectForgotten(user, deviceToken);
    expect(await devicesOf(user.id)).toBe(1);
    const skipped = await passwordLogin(user, sms.deviceToken!);
    expect(skipped.body.requiresMfa).toBeUndefined();
    expect(skipped.body.token).toEqual(expect.any(String));
  });

  it('a new TOTP factor forgets devices remembered with SMS', async () => {
    const user = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
    });
    const { token } = await login(app.url, user);
    const sms = await smsFactor(token, user, true);
    expect((await passwordLogin(user, sms.deviceToken!)).body.requiresMfa).toBeUndefined();
    const setup = await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
      token,
      body: { currentPassword: user.password },
    });
    const on = await http(app.url, 'POST', '/v1/setup/totp/verify', {
      token,
      body: { factorSid: setup.body.factorSid, code: await totpCode(setup.body.secret) },
    });
    expect(on.status).toBe(200);
    expect(await devicesOf(user.id)).toBe(0);
    await expectForgotten(user, sms.deviceToken!);
  });

  it('removing a factor forgets every remembered device, even when another factor is left', async () => {
    const { user, token, factorSid } = await rememberedUser();
    await smsFactor(token, user);
    // This device remembered again, through a sign-in with the SMS factor.
    const second = await smsDevice(user);
    const removed = await http(app.url, 'DELETE', `/v1/users/@me/mfa-methods?factorSid=${factorSid}`, {
      token,
      body: { currentPassword: user.password },
    });
    expect(removed.status).toBe(204);
    expect(await devicesOf(user.id)).toBe(0);
    await expectForgotten(user, second);
  });
});

/** Signs in with the SMS factor, asking to remember the device: answers its device token. */
async function smsDevice(user: TestUser): Promise<string> {
  const challenge = await http<{ sessionId: string }>(app.url, 'POST', '/v1/login', {
    body: { email: user.email, password: user.password, platformId: user.platformId },
  });
  const sessionId = challenge.body.sessionId;
  const sent = await http(app.url, 'POST', '/v1/verify/initiate', {
    token: sessionId,
    body: { method: 'sms' },
  });
  expect(sent.status).toBe(204);
  const phone = (
    await app.db
      .selectFrom('mfa_factors')
      .select('phone_number')
      .where('user_id', '=', user.id)
      .where('method', '=', 'sms')
      .executeTakeFirstOrThrow()
  ).phone_number!;
  const ok = await http<Session & { deviceToken?: string }>(app.url, 'POST', '/v1/login/verify', {
    token: sessionId,
    body: { code: await lastSms(phone), method: 'sms', rememberDevice: true },
  });
  expect(ok.status).toBe(200);
  expect(ok.body.deviceToken).toEqual(expect.any(String));
  return ok.body.deviceToken!;
}
