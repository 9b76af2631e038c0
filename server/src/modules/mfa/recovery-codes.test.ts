import type { MfaMethod, RecoveryCodes, RecoveryCodesStatus, Session, TotpSetup } from '@vigilo/contract';
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

// Issue 10 item 11 (decision 0036): ten codes shown once at enrolment, kept hashed, single
// use at the MFA step, regenerated with the password.
let home: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp', 'sms'] })
    .where('id', '=', home.platformId)
    .execute();
});

const reporter = () =>
  createUser(app.db, {
    platformId: home.platformId,
    organisationId: home.organisationIds[0],
    role: 'reporter',
  });

/** Turns TOTP on and answers the method as the verification answered it (codes included). */
async function enrol(user: TestUser, token: string) {
  const setup = await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
    token,
    body: { currentPassword: user.password },
  });
  const on = await http<MfaMethod>(app.url, 'POST', '/v1/setup/totp/verify', {
    token,
    body: { factorSid: setup.body.factorSid, code: await totpCode(setup.body.secret) },
  });
  expect(on.status).toBe(200);
  return on.body;
}

/** The password step of a sign-in: the MFA session id. */
async function passwordStep(user: TestUser): Promise<string> {
  const res = await http<{ sessionId: string }>(app.url, 'POST', '/v1/login', {
    body: { email: user.email, password: user.password, platformId: user.platformId },
  });
  expect(res.body).toMatchObject({ requiresMfa: true });
  return res.body.sessionId;
}

const recover = (sessionId: string, code: string) =>
  http<Session & { code?: string }>(app.url, 'POST', '/v1/login/recovery', {
    token: sessionId,
    body: { code },
  });

describe('recovery codes', () => {
  it('ten distinct codes come with the first factor, once; only their hashes are stored', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const method = await enrol(user, token);
    const codes = method.recoveryCodes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await app.db
      .selectFrom('mfa_recovery_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    const all = JSON.stringify(stored);
    for (const c of codes) {
      expect(all).not.toContain(c);
      expect(all).not.toContain(c.replace('-', ''));
    }
    // Never shown again: the list of methods and the status carry no codes.
    const methods = await http<MfaMethod[]>(app.url, 'GET', '/v1/users/@me/mfa-methods', { token });
    expect(JSON.stringify(methods.body)).not.toContain(codes[0]);
    const status = await http<RecoveryCodesStatus>(app.url, 'GET', '/v1/users/@me/mfa-recovery-codes', {
      token,
    });
    expect(status.body).toEqual({ remaining: 10, createdAt: expect.any(String) });
    expect(JSON.stringify(status.body)).not.toContain(codes[0]);
  });

  it('a code stands in for the second factor once; typed in capitals with spaces it still works', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const codes = (await enrol(user, token)).recoveryCodes ?? [];
    const typed = ` ${codes[0]!.toUpperCase().replace('-', ' ')} `;
    const signedIn = await recover(await passwordStep(user), typed);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.id).toBe(user.id);
    const me = await http(app.url, 'GET', '/v1/users/@me', { token: signedIn.body.token });
    expect(me.status).toBe(200);
    const again = await recover(await passwordStep(user), codes[0]!);
    expect(again).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const status = await http<RecoveryCodesStatus>(app.url, 'GET', '/v1/users/@me/mfa-recovery-codes', {
      token: signedIn.body.token,
    });
    expect(status.body.remaining).toBe(9);
    // A code is no password: without the password step (no MFA session) it opens nothing.
    expect((await http(app.url, 'POST', '/v1/login/recovery', { body: { code: codes[1] } })).status).toBe(
      401,
    );
    expect((await recover(token, codes[1]!)).status).toBe(401);
  });

  it('two sign-ins with the same code at once: one session', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const codes = (await enrol(user, token)).recoveryCodes ?? [];
    const [a, b] = await Promise.all([passwordStep(user), passwordStep(user)]);
    const answers = await Promise.all([recover(a, codes[2]!), recover(b, codes[2]!)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("another user's code, or a wrong one, is refused; guesses are throttled like codes", async () => {
    const [alice, bob] = await Promise.all([reporter(), reporter()]);
    const bobCodes = (await enrol(bob, (await login(app.url, bob)).token)).recoveryCodes ?? [];
    await enrol(alice, (await login(app.url, alice)).token);
    const session = await passwordStep(alice);
    expect((await recover(session, bobCodes[0]!)).status).toBe(400);
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++)
      status = (await recover(session, `wrong-guess${i}`)).status;
    expect(status).toBe(429);
  });

  it('regenerating needs the password, gives ten new codes, and the old ones stop working', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const old = (await enrol(user, token)).recoveryCodes ?? [];
    const wrong = await http(app.url, 'POST', '/v1/users/@me/mfa-recovery-codes', {
      token,
      body: { currentPassword: 'not my password' },
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const fresh = await http<RecoveryCodes>(app.url, 'POST', '/v1/users/@me/mfa-recovery-codes', {
      token,
      body: { currentPassword: user.password },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).toHaveLength(10);
    expect(fresh.body.codes.some((c) => old.includes(c))).toBe(false);
    expect((await recover(await passwordStep(user), old[0]!)).status).toBe(400);
    expect((await recover(await passwordStep(user), fresh.body.codes[0]!)).status).toBe(200);
  });

  it('an account without a second factor has no codes to make; removing the last factor deletes them', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const none = await http(app.url, 'POST', '/v1/users/@me/mfa-recovery-codes', {
      token,
      body: { currentPassword: user.password },
    });
    expect(none).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    const method = await enrol(user, token);
    const removed = await http(app.url, 'DELETE', `/v1/users/@me/mfa-methods?factorSid=${method.factorSid}`, {
      token,
      body: { currentPassword: user.password },
    });
    expect(removed.status).toBe(204);
    const left = await app.db
      .selectFrom('mfa_recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
