import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type { MfaSession } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealedColumns } from '../src/areas.ts';
import { resealStoredSecrets } from '../src/platform/secrets-reseal.ts';
import {
  createTenant,
  createUser,
  http,
  login,
  startTestApp,
  type TestApp,
  type TestTenant,
  type TestUser,
} from './index.ts';
import { enableTotp, totpCode } from './totp.ts';

/**
 * Stored secrets have a key ring of their own (SECRETS_KEYS, decision 0057): rotating
 * JWT_SECRET leaves TOTP sign-in working, a new key seals while the old ones still open,
 * values from before (sealed under JWT_SECRET) are re-sealed, and a value no key opens is
 * a clear 409, never a 500.
 */
const key = () => randomBytes(32).toString('base64');
const jwt = () => randomBytes(32).toString('base64url');
const k1 = `k1:${key()}`;
const k2 = `k2:${key()}`;

const apps: TestApp[] = [];
const appWith = async (env: Record<string, string>) => {
  const app = await startTestApp(env);
  apps.push(app);
  return app;
};
afterAll(() => Promise.all(apps.map((a) => a.close())));

let tenant: TestTenant;
let first: TestApp;
beforeAll(async () => {
  first = await appWith({ SECRETS_KEYS: k1 });
  tenant = await createTenant(first.db);
  await first.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp'] })
    .where('id', '=', tenant.platformId)
    .execute();
});

/** A user with TOTP turned on through `app`; the current time step is spent. */
async function totpUser(app: TestApp) {
  const user = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });
  const secret = await enableTotp(app, (await login(app.url, user)).token, user.password);
  return { user, secret };
}

/** Password, then the authenticator's next code, through `app`: the status and body of the second step. */
async function signInWithTotp(app: TestApp, user: TestUser, secret: string) {
  const challenge = await http<{ sessionId: string }>(app.url, 'POST', '/v1/login', {
    body: { email: user.email, password: user.password, platformId: user.platformId },
  });
  expect(challenge.body).toMatchObject({ requiresMfa: true });
  return http<MfaSession & { code?: string; message?: string }>(app.url, 'POST', '/v1/login/verify', {
    token: challenge.body.sessionId,
    body: { code: await totpCode(secret, 1), method: 'totp' },
  });
}

const storedBox = async (app: TestApp, user: TestUser) =>
  (
    await app.db
      .selectFrom('mfa_factors')
      .select('secret_box')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
  ).secret_box!;

const setBox = (app: TestApp, user: TestUser, box: string) =>
  app.db.updateTable('mfa_factors').set({ secret_box: box }).where('user_id', '=', user.id).execute();

describe('stored secrets (SECRETS_KEYS)', () => {
  it('survive a change of JWT_SECRET: TOTP sign-in keeps working', async () => {
    const before = await appWith({ SECRETS_KEYS: k1, JWT_SECRET: jwt() });
    const { user, secret } = await totpUser(before);
    const after = await appWith({ SECRETS_KEYS: k1, JWT_SECRET: jwt() });
    const res = await signInWithTotp(after, user, secret);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it('rotate: a new first key seals, the old one still opens, a re-seal moves every value to the new key', async () => {
    const a = await totpUser(first);
    const b = await totpUser(first);
    expect(await storedBox(first, a.user)).toMatch(/^v2\.k1\./);

    const rotated = await appWith({ SECRETS_KEYS: `${k2},${k1}` });
    expect((await signInWithTotp(rotated, a.user, a.secret)).status).toBe(200);
    const c = await totpUser(rotated);
    expect(await storedBox(rotated, c.user)).toMatch(/^v2\.k2\./);

    // `npm run secrets:reseal` (and every start): b's value moves to k2, then k1 can go.
    await resealStoredSecrets(rotated.db, rotated.config, sealedColumns);
    expect(await storedBox(rotated, b.user)).toMatch(/^v2\.k2\./);
    const onlyNew = await appWith({ SECRETS_KEYS: k2 });
    expect((await signInWithTotp(onlyNew, b.user, b.secret)).status).toBe(200);
  });

  it('re-seal values sealed under JWT_SECRET before SECRETS_KEYS existed; then JWT_SECRET may change', async () => {
    const oldJwt = jwt();
    const app = await appWith({ SECRETS_KEYS: k1, JWT_SECRET: oldJwt });
    const { user, secret } = await totpUser(app);
    // The format of the former mfa/totp.ts: v1.<iv>.<tag>.<data>, key sha256("vigilo:totp:" + JWT_SECRET).
    const iv = randomBytes(12);
    const cipher = createCipheriv(
      'aes-256-gcm',
      createHash('sha256').update(`vigilo:totp:${oldJwt}`).digest(),
      iv,
    );
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const legacy = ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
    await setBox(app, user, legacy);

    const result = await resealStoredSecrets(app.db, app.config, sealedColumns);
    expect(result.resealed['mfa_factors.secret_box']).toBeGreaterThanOrEqual(1);
    expect(await storedBox(app, user)).toMatch(/^v2\.k1\./);
    const newJwt = await appWith({ SECRETS_KEYS: k1, JWT_SECRET: jwt() });
    expect((await signInWithTotp(newJwt, user, secret)).status).toBe(200);
  });

  it('answer 409 STORED_SECRET_UNREADABLE, not 500, for an altered value or a key no longer listed', async () => {
    const altered = await totpUser(first);
    const box = await storedBox(first, altered.user);
    const parts = box.split('.');
    const data = Buffer.from(parts[4]!, 'base64url');
    data[0]! ^= 1;
    await setBox(first, altered.user, [...parts.slice(0, 4), data.toString('base64url')].join('.'));
    const tampered = await signInWithTotp(first, altered.user, altered.secret);
    expect([tampered.status, tampered.body.code]).toEqual([409, 'STORED_SECRET_UNREADABLE']);
    expect(tampered.body.message).toMatch(/authenticator app's secret .* altered/);

    const orphan = await totpUser(first);
    const withoutK1 = await appWith({ SECRETS_KEYS: k2 });
    const unknownKey = await signInWithTotp(withoutK1, orphan.user, orphan.secret);
    expect([unknownKey.status, unknownKey.body.code]).toEqual([409, 'STORED_SECRET_UNREADABLE']);
    expect(unknownKey.body.message).toMatch(/"k1", which SECRETS_KEYS does not list/);
  });
});
