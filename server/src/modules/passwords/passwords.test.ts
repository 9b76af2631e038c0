import { type RoleName, roleNames, type Session, type TotpSetup } from '@vigilo/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  login,
  startSmtp,
  startTestApp,
  type TestApp,
  type TestSmtp,
  type TestTenant,
} from '../../../test/index.ts';
import { signedInToTwo } from '../../../test/sessions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { newOpaqueToken } from '../../platform/tokens.ts';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { insertAccessToken } from '../auth/auth.repository.ts';
import { resetLinkJobs } from './reset-links.ts';

let app: TestApp;
let smtp: TestSmtp;
let home: TestTenant;
let foreign: TestTenant;

/** The test app with workers mailing reset links and delivering emails to the local SMTP server. */
async function mailingApp() {
  const started = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://vigilo.example' });
  const mailer = mailerFor(started.config, started.db, started.jobs);
  const resetLinks = resetLinkJobs({ db: started.db, mailer, config: started.config, jobs: started.jobs });
  await started.jobs.work(
    [mailer.job as never, ...resetLinks].map((job) => ({ ...job, pollingIntervalSeconds: 0.5 })),
  );
  return started;
}

beforeAll(async () => {
  smtp = await startSmtp();
  app = await mailingApp();
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp'] })
    .where('id', '=', home.platformId)
    .execute();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** Sign-ins are limited to 20 a minute per process: later groups get a process of their own. */
async function freshApp() {
  const old = app;
  app = await mailingApp();
  await old.close();
}

const user = (role: RoleName = 'reporter', tenant = home, organisation: 0 | 1 = 0) =>
  createUser(app.db, {
    platformId: tenant.platformId,
    organisationId:
      role === 'platform_admin' || role === 'system_admin' ? null : tenant.organisationIds[organisation],
    role,
  });
const NEW_PASSWORD = 'a much longer new password';
const tokenFromMail = (text: string) => {
  const match = /https:\/\/vigilo\.example\/reset-password\?token=([\w%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

describe('password reset', () => {
  it('mails a link over SMTP; the token sets a new password once, ends every session, signs nobody in', async () => {
    const account = await user();
    const before = await login(app.url, account);
    const asked = await http(app.url, 'POST', '/v1/reset-password', {
      body: { email: account.email, platformId: account.platformId },
    });
    expect(asked.status).toBe(204);
    const mail = await smtp.waitFor(account.email);
    expect(mail.subject).toMatch(/reset/i);
    const resetToken = tokenFromMail(mail.text);

    const weak = await http(app.url, 'POST', '/v1/change-password', {
      body: { resetToken, password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      meta: { fields: [{ field: 'body/password', reason: 'passwordTooShort', limit: 12 }] },
    });
    const email = await http(app.url, 'POST', '/v1/change-password', {
      body: { resetToken, password: account.email.toUpperCase() },
    });
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({
      meta: { fields: [{ field: 'body/password', reason: 'passwordIsEmail' }] },
    });

    const set = await http(app.url, 'POST', '/v1/change-password', {
      body: { resetToken, password: NEW_PASSWORD },
    });
    expect(set.status).toBe(204);
    expect(set.body).toBe('');
    const again = await http(app.url, 'POST', '/v1/change-password', {
      body: { resetToken, password: NEW_PASSWORD },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });

    // Every earlier session is over.
    const old = await http(app.url, 'GET', '/v1/users/@me', { token: before.token });
    expect(old.status).toBe(403);
    const refresh = await http(app.url, 'POST', '/v1/token', { body: { refreshToken: before.refreshToken } });
    expect(refresh.status).toBe(401);
    // The old password is gone, the new one works.
    expect(
      (
        await http(app.url, 'POST', '/v1/login', {
          body: { email: account.email, password: account.password },
        })
      ).status,
    ).toBe(401);
    const fresh = await login(app.url, { ...account, password: NEW_PASSWORD });
    expect(fresh.id).toBe(account.id);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', account.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['password.reset_requested', 'password.reset']),
    );
  });

  it('answers 204 for unknown and deactivated accounts and mails nothing', async () => {
    const gone = await createUser(app.db, {
      platformId: home.platformId,
      organisationId: home.organisationIds[0],
      role: 'reporter',
      deactivated: true,
    });
    const unknown = `nobody-${Date.now()}@example.test`;
    for (const email of [unknown, gone.email]) {
      const res = await http(app.url, 'POST', '/v1/reset-password', { body: { email } });
      expect(res.status).toBe(204);
    }
    const known = await user();
    await http(app.url, 'POST', '/v1/reset-password', { body: { email: known.email } });
    await smtp.waitFor(known.email);
    expect(smtp.received.some((m) => m.to.includes(unknown) || m.to.includes(gone.email.toLowerCase()))).toBe(
      false,
    );
    const bad = await http(app.url, 'POST', '/v1/reset-password', {
      body: { email: known.email, roleIds: ['x'] },
    });
    expect(bad.status).toBe(400);
  });

  it('an expired reset token is refused', async () => {
    const account = await user();
    await http(app.url, 'POST', '/v1/reset-password', { body: { email: account.email } });
    const resetToken = tokenFromMail((await smtp.waitFor(account.email)).text);
    const row = await app.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    const lifetime = (row.expires_at.getTime() - row.created_at.getTime()) / 1000;
    expect(lifetime).toBeGreaterThan(3590);
    expect(lifetime).toBeLessThanOrEqual(3601);
    await app.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    const res = await http(app.url, 'POST', '/v1/change-password', {
      body: { resetToken, password: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
  });

  it('does not bypass the second factor', async () => {
    const account = await user();
    const { token } = await login(app.url, account);
    const setup = (
      await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
        token,
        body: { currentPassword: account.password },
      })
    ).body;
    const code = await generate({ secret: setup.secret });
    expect(
      (
        await http(app.url, 'POST', '/v1/setup/totp/verify', {
          token,
          body: { factorSid: setup.factorSid, code },
        })
      ).status,
    ).toBe(200);
    await http(app.url, 'POST', '/v1/reset-password', { body: { email: account.email } });
    const resetToken = tokenFromMail((await smtp.waitFor(account.email)).text);
    const set = await http(app.url, 'POST', '/v1/change-password', {
      body: { resetToken, password: NEW_PASSWORD },
    });
    expect(set.status).toBe(204);
    // A reset token is no sign-in token either.
    const asAccess = await http(app.url, 'POST', '/v1/verify/access-token', { body: { token: resetToken } });
    expect(asAccess.status).toBe(401);
    const next = await http(app.url, 'POST', '/v1/login', {
      body: { email: account.email, password: NEW_PASSWORD },
    });
    expect(next.body).toEqual({ requiresMfa: true, sessionId: expect.any(String), methods: ['totp'] });
  });
});

describe('PUT /v1/users/{id}/change-password', () => {
  beforeAll(freshApp);

  it('changes the own password with the current one and ends every other session', async () => {
    const account = await user();
    const other = await login(app.url, account);
    const mine = await login(app.url, account);
    const wrong = await http(app.url, 'PUT', '/v1/users/@me/change-password', {
      token: mine.token,
      body: { currentPassword: 'not it at all', password: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      meta: { fields: [{ field: 'body/currentPassword', reason: 'wrongPassword' }] },
    });
    const weak = await http(app.url, 'PUT', '/v1/users/@me/change-password', {
      token: mine.token,
      body: { currentPassword: account.password, password: 'too short' },
    });
    expect(weak.status).toBe(400);
    const ok = await http(app.url, 'PUT', `/v1/users/${account.id}/change-password`, {
      token: mine.token,
      body: { currentPassword: account.password, password: NEW_PASSWORD },
    });
    expect(ok.status).toBe(204);
    expect((await http(app.url, 'GET', '/v1/users/@me', { token: mine.token })).status).toBe(200);
    expect((await http(app.url, 'GET', '/v1/users/@me', { token: other.token })).status).toBe(403);
    expect((await login(app.url, { ...account, password: NEW_PASSWORD })).id).toBe(account.id);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', account.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('password.changed');
  });

  it("nobody changes another user's password: 403 in the same organisation, 404 elsewhere", async () => {
    const target = await user('reporter', home, 0);
    const cases: [RoleName, TestTenant, 0 | 1, number][] = [
      ...roleNames.map((role): [RoleName, TestTenant, 0 | 1, number] => [role, home, 0, 403]),
      ['organisation_admin', home, 1, 404],
      ['organisation_admin', foreign, 0, 404],
      ['platform_admin', foreign, 0, 404],
    ];
    for (const [role, tenant, organisation, status] of cases) {
      const caller = await user(role, tenant, organisation);
      const { token } = await login(
        app.url,
        caller,
        role === 'assessor' ? '/v1/login/assessor' : '/v1/login',
      );
      const res = await http(app.url, 'PUT', `/v1/users/${target.id}/change-password`, {
        token,
        body: { currentPassword: caller.password, password: NEW_PASSWORD },
      });
      // A system admin shares every tenant, so it is told no rather than not found.
      expect({ role, organisation, status: res.status }).toEqual({ role, organisation, status });
      // Every role may change its own.
      if (tenant === home && organisation === 0) {
        const own = await http(app.url, 'PUT', '/v1/users/@me/change-password', {
          token,
          body: { currentPassword: caller.password, password: NEW_PASSWORD },
        });
        expect({ role, own: own.status }).toEqual({ role, own: 204 });
      }
    }
    expect((await login(app.url, target)).id).toBe(target.id);
    const anonymous = await http(app.url, 'PUT', '/v1/users/@me/change-password', {
      body: { currentPassword: 'x', password: NEW_PASSWORD },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('a user of two organisations', () => {
  it("gets a third organisation's and another platform's accounts as 404, and changes no password", async () => {
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['organisation_admin', 'organisation_admin']);
    const inThird = await user('reporter', two.thirdTenant, 0);
    const elsewhere = await user('reporter', foreign, 0);
    for (const target of [inThird, elsewhere]) {
      const res = await http(app.url, 'PUT', `/v1/users/${target.id}/change-password`, {
        token: two.token,
        body: { currentPassword: 'correct horse battery staple', password: NEW_PASSWORD },
      });
      expect(res.status).toBe(404);
      expect((await login(app.url, target)).id).toBe(target.id);
    }
  });
});

describe('one-time access tokens', () => {
  beforeAll(freshApp);

  it('exchange once for a session; a second use, an expired or unknown token answer 401', async () => {
    const account = await user();
    const token = await issueAccessToken(app.db, { userId: account.id, purpose: 'sign_in', ttl: 600 });
    const first = await http<Session>(app.url, 'POST', '/v1/verify/access-token', { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: account.id,
      platformId: home.platformId,
      token: expect.any(String),
    });
    expect((await http(app.url, 'GET', '/v1/users/@me', { token: first.body.token })).status).toBe(200);
    const second = await http(app.url, 'POST', '/v1/verify/access-token', { body: { token } });
    expect(second.status).toBe(401);
    expect(second.body).toMatchObject({ code: 'ACCESS_TOKEN_INVALID' });

    const expired = await issueAccessToken(app.db, { userId: account.id, purpose: 'sign_in', ttl: -1 });
    expect(
      (await http(app.url, 'POST', '/v1/verify/access-token', { body: { token: expired } })).status,
    ).toBe(401);
    expect(
      (await http(app.url, 'POST', '/v1/verify/access-token', { body: { token: 'made-up' } })).status,
    ).toBe(401);
    const extra = await http(app.url, 'POST', '/v1/verify/access-token', {
      body: { token, organisationId: home.organisationIds[1] },
    });
    expect(extra.status).toBe(400);
  });

  it('signs in only with sign-in tokens: a link of any other purpose is refused and stays unspent', async () => {
    const account = await user();
    const { token, hash } = newOpaqueToken();
    // A follow-up link (a purpose of its own, as every new kind of link gets) must never become a session.
    await insertAccessToken(app.db, {
      userId: account.id,
      purpose: 'follow_up',
      tokenHash: hash,
      expiresAt: new Date(Date.now() + 600_000),
    });
    const res = await http(app.url, 'POST', '/v1/verify/access-token', { body: { token } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'ACCESS_TOKEN_INVALID' });
    const row = await app.db
      .selectFrom('access_tokens')
      .select('used_at')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('parallel retries of one token: exactly one session, the others 401, never 500', async () => {
    const account = await user();
    const token = await issueAccessToken(app.db, { userId: account.id, purpose: 'sign_in', ttl: 600 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => http(app.url, 'POST', '/v1/verify/access-token', { body: { token } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('asks for the second factor when the account has one', async () => {
    const account = await user();
    const { token: access } = await login(app.url, account);
    const setup = (
      await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
        token: access,
        body: { currentPassword: account.password },
      })
    ).body;
    const code = await generate({ secret: setup.secret });
    await http(app.url, 'POST', '/v1/setup/totp/verify', {
      token: access,
      body: { factorSid: setup.factorSid, code },
    });
    const token = await issueAccessToken(app.db, { userId: account.id, purpose: 'sign_in', ttl: 600 });
    const res = await http(app.url, 'POST', '/v1/verify/access-token', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ requiresMfa: true, sessionId: expect.any(String), methods: ['totp'] });
  });

  it('is refused on /v1/login/verify and the MFA session works nowhere else', async () => {
    const account = await user();
    const session = await login(app.url, account);
    const res = await http(app.url, 'POST', '/v1/login/verify', {
      token: session.token,
      body: { code: '123456' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'MFA_SESSION_INVALID' });
  });
});
