import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  type HttpResult,
  http,
  startTestApp,
  type TestApp,
  type TestTenant,
  type TestUser,
} from '../../../test/index.ts';
import { issueAccessToken, PASSWORD_RESET } from './access-tokens.ts';

// Sign-ins are limited to 20 a minute per process, so each test runs its own processes.
const apps: TestApp[] = [];
const start = async (env: Record<string, string> = {}) => {
  const app = await startTestApp(env);
  apps.push(app);
  return app;
};
let tenant: TestTenant;

beforeAll(async () => {
  const app = await start();
  tenant = await createTenant(app.db);
});
afterEach(async () => {
  await Promise.all(apps.splice(1).map((a) => a.close()));
});
afterAll(() => Promise.all(apps.map((a) => a.close())));

const staff = (app: TestApp, t = tenant) =>
  createUser(app.db, {
    platformId: t.platformId,
    organisationId: t.organisationIds[0],
    role: 'organisation_staff',
  });

async function attempt(app: TestApp, email: string, password: string, platformId = tenant.platformId) {
  const started = performance.now();
  const res = await http(app.url, 'POST', '/v1/login', { body: { email, password, platformId } });
  return { ...res, ms: performance.now() - started } as HttpResult & { ms: number };
}

describe('sign-in throttling (kept in PostgreSQL)', () => {
  it('per account: after 5 failures in 15 minutes even the right password answers 429, unknown names alike', async () => {
    const app = await start();
    const user = await staff(app);
    const unknown = `nobody-${Date.now()}@example.test`;
    const failures = [];
    for (let i = 0; i < 5; i++) {
      failures.push(await attempt(app, user.email, 'wrong password'));
      expect((await attempt(app, unknown, 'wrong password')).status).toBe(401);
    }
    expect(failures.map((f) => f.status)).toEqual([401, 401, 401, 401, 401]);
    const throttled = await attempt(app, user.email, user.password);
    const throttledUnknown = await attempt(app, unknown, user.password);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', statusCode: 429 });
    expect(throttledUnknown.body).toEqual(throttled.body);
    // The throttled answer still does the password work: no faster way to tell accounts apart.
    const fastestFailure = Math.min(...failures.map((f) => f.ms));
    expect(throttled.ms).toBeGreaterThan(fastestFailure * 0.4);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('auth.sign_in_throttled');
    // Another account from the same address is not affected.
    const other = await staff(app);
    expect((await attempt(app, other.email, other.password)).status).toBe(200);
  });

  it('a success resets the account counter', async () => {
    const app = await start();
    const user = await staff(app);
    for (let i = 0; i < 4; i++) expect((await attempt(app, user.email, 'wrong')).status).toBe(401);
    expect((await attempt(app, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(app, user.email, 'wrong')).status).toBe(401);
    expect((await attempt(app, user.email, user.password)).status).toBe(200);
  });

  it('per address: failures across many names throttle the address on that platform', async () => {
    const app = await start({ LOGIN_MAX_FAILURES_ADDRESS: '6' });
    const local = await createTenant(app.db);
    const user = await staff(app, local);
    for (let i = 0; i < 6; i++)
      expect(
        (await attempt(app, `guess-${i}-${Date.now()}@example.test`, 'x', local.platformId)).status,
      ).toBe(401);
    const blocked = await attempt(app, user.email, user.password, local.platformId);
    expect(blocked.status).toBe(429);
    // Another platform's sign-ins from the address are counted apart.
    const second = await createTenant(app.db);
    const elsewhere = await staff(app, second);
    expect((await attempt(app, elsewhere.email, elsewhere.password, second.platformId)).status).toBe(200);
  });

  it('holds across API processes', async () => {
    const [one, two] = await Promise.all([start(), start()]);
    const user = await staff(one);
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? one : two;
      expect((await attempt(app, user.email, 'wrong')).status).toBe(401);
    }
    expect((await attempt(one, user.email, user.password)).status).toBe(429);
    expect((await attempt(two, user.email, user.password)).status).toBe(429);
  });

  it('wrong second-factor codes are throttled too', async () => {
    const app = await start();
    await app.db
      .updateTable('platforms')
      .set({ mfa_methods: ['totp'] })
      .where('id', '=', tenant.platformId)
      .execute();
    const user: TestUser = await staff(app);
    const session = await http<{ token: string }>(app.url, 'POST', '/v1/login', {
      body: { email: user.email, password: user.password, platformId: user.platformId },
    });
    const setup = await http<{ factorSid: string; secret: string }>(app.url, 'POST', '/v1/setup/totp', {
      token: session.body.token,
      body: { currentPassword: user.password },
    });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await http(app.url, 'POST', '/v1/setup/totp/verify', {
        token: session.body.token,
        body: { factorSid: setup.body.factorSid, code: 'wrong!' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('a spelling the database matches to the account (İ for i) counts against the same account', async () => {
    const app = await start();
    const user = await staff(app);
    const email = `ivan-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await app.db.updateTable('users').set({ email }).where('id', '=', user.id).execute();
    const dotted = email.replace('i', 'İ');
    // What the database says (citext compares lower(); in a UTF-8 locale İ lowers to i).
    const same = await app.db.selectFrom('users').select('id').where('email', '=', dotted).executeTakeFirst();
    for (let i = 0; i < 5; i++)
      expect((await attempt(app, i % 2 ? email : dotted, 'wrong')).status).toBe(401);
    expect((await attempt(app, dotted, user.password)).status).toBe(same ? 429 : 401);
    expect((await attempt(app, email, user.password)).status).toBe(429);
  });

  it('an unknown name is keyed as the database compares it', async () => {
    const app = await start();
    const name = `ilse-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const dotted = name.replace('i', 'İ');
    const { rows } = await sql<{ same: boolean }>`SELECT lower(${dotted}) = lower(${name}) AS same`.execute(
      app.db,
    );
    for (let i = 0; i < 5; i++) expect((await attempt(app, name, 'wrong')).status).toBe(401);
    expect((await attempt(app, dotted, 'wrong')).status).toBe(rows[0]?.same ? 429 : 401);
  });

  it('15 parallel wrong passwords with a limit of 5: at most 5 are tried, the rest answer 429', async () => {
    const app = await start();
    const user = await staff(app);
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => attempt(app, user.email, 'parallel wrong password')),
    );
    const statuses = answers.map((a) => a.status);
    const tried = statuses.filter((s) => s === 401).length;
    console.info(
      `parallel sign-ins: ${tried} tried (401), ${statuses.filter((s) => s === 429).length} refused (429)`,
    );
    expect(tried).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await attempt(app, user.email, user.password)).status).toBe(429);
    const counted = await app.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('key', '=', `account:user:${user.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(5);
  });

  it('parallel guesses of the current password are held to the limit as well', async () => {
    const app = await start();
    const user = await staff(app);
    const { token } = (
      await http<{ token: string }>(app.url, 'POST', '/v1/login', {
        body: { email: user.email, password: user.password, platformId: user.platformId },
      })
    ).body;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        http(app.url, 'PUT', '/v1/users/@me/change-password', {
          token,
          body: { currentPassword: 'not the password', password: 'a brand new passphrase' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
  });

  it('a password reset ends the lockout of the account', async () => {
    const app = await start();
    const user = await staff(app);
    for (let i = 0; i < 5; i++) expect((await attempt(app, user.email, 'wrong')).status).toBe(401);
    expect((await attempt(app, user.email, user.password)).status).toBe(429);
    const resetToken = await issueAccessToken(app.db, { userId: user.id, purpose: PASSWORD_RESET, ttl: 600 });
    const reset = await http(app.url, 'POST', '/v1/change-password', {
      body: { resetToken, password: 'the owner chose a new one' },
    });
    expect(reset.status).toBe(204);
    expect((await attempt(app, user.email, 'the owner chose a new one')).status).toBe(200);
  });
});
