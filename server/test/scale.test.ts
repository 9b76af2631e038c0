import type { Session } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/platform/db.ts';
import { eventually } from './eventually.ts';
import { createTenant, createUser, login, type TestUser } from './factories.ts';
import { http } from './http.ts';
import { startServer } from './spawn.ts';

/**
 * Two API processes against one database, as behind a load balancer: nothing a request
 * needs lives in one process's memory, and a change made through one reaches the other.
 */
const url = inject('databaseUrl');
const db = createDb(url, 2);
let a: { url: string; stop(): Promise<void> };
let b: { url: string; stop(): Promise<void> };
let user: TestUser;

beforeAll(async () => {
  const env = { DATABASE_URL: url, SEED_DEMO: 'false', RUN_WORKER: 'false', RATE_LIMIT_PER_MINUTE: '100000' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  const tenant = await createTenant(db);
  user = await createUser(db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });
}, 90_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db.destroy();
});

describe('two API processes', () => {
  it('a session made on one works on the other, refreshes there, and a logout on one ends it on both', async () => {
    const session = await login(a.url, user);
    // Both processes now hold the actor in their caches.
    expect((await http(a.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(200);
    expect((await http(b.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(200);

    const renewed = await http<Session>(b.url, 'POST', '/v1/token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(renewed.status).toBe(200);

    expect((await http(b.url, 'POST', '/v1/logout', { token: renewed.body.token })).status).toBe(204);
    // Process A hears of it from PostgreSQL and stops accepting the session.
    await eventually(async () => {
      expect((await http(a.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(403);
    });
  });
});
