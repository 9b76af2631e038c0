import type { User } from '@vigilo/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ActorCache, startActorCache } from '../src/platform/actor-cache.ts';
import { createTenant, createUser, eventually, http, login, useTestApp } from './index.ts';
import { startTcpProxy } from './tcp-proxy.ts';

const app = useTestApp();

async function signedInStaff() {
  const tenant = await createTenant(app.db);
  const user = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'organisation_staff',
  });
  const session = await login(app.url, user);
  // Read once so the actor is cached in the server process.
  expect((await http(app.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(200);
  return { tenant, user, session };
}

describe('cached actors follow changes made anywhere', () => {
  it('a role granted by another process shows on the next requests', async () => {
    const { tenant, user, session } = await signedInStaff();
    await app.db
      .insertInto('memberships')
      .values({
        platform_id: tenant.platformId,
        user_id: user.id,
        organisation_id: tenant.organisationIds[0],
        role: 'organisation_admin',
      })
      .execute();
    await eventually(async () => {
      const me = await http<User>(app.url, 'GET', '/v1/users/@me', { token: session.token });
      expect(me.body.memberships.map((m) => m.role).sort()).toEqual([
        'organisation_admin',
        'organisation_staff',
      ]);
    });
  });

  it('a deactivation by another process ends the session', async () => {
    const { user, session } = await signedInStaff();
    await app.db.updateTable('users').set({ deactivated_at: new Date() }).where('id', '=', user.id).execute();
    await eventually(async () => {
      expect((await http(app.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(403);
    });
  });

  it('a logout in this process ends the session at once', async () => {
    const { session } = await signedInStaff();
    expect((await http(app.url, 'POST', '/v1/logout', { token: session.token })).status).toBe(204);
    expect((await http(app.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(403);
  });
});

describe('the cache itself', () => {
  let cache: ActorCache<string>;
  beforeAll(async () => {
    cache = await startActorCache<string>(inject('databaseUrl'), { ttlMs: 60_000, maxEntries: 100 });
  });
  afterAll(() => cache?.close());

  it('drops a value loaded before an invalidation (no stale write-back)', () => {
    const seen = cache.generation();
    cache.invalidate('someone else');
    cache.set('u1', 'k', 'stale', seen);
    expect(cache.get('u1', 'k')).toBeUndefined();
    cache.set('u1', 'k', 'fresh', cache.generation());
    expect(cache.get('u1', 'k')).toBe('fresh');
  });

  it('forgets a user, or everyone, when PostgreSQL says so', async () => {
    cache.set('u2', 'k', 'a', cache.generation());
    cache.set('u3', 'k', 'b', cache.generation());
    await sql`SELECT pg_notify('vigilo_actor', 'u2')`.execute(app.db);
    await eventually(async () => expect(cache.get('u2', 'k')).toBeUndefined());
    expect(cache.get('u3', 'k')).toBe('b');
    await sql`SELECT pg_notify('vigilo_actor', '*')`.execute(app.db);
    await eventually(async () => expect(cache.get('u3', 'k')).toBeUndefined());
  });
});

describe('the invalidation feed', () => {
  it('a LISTEN connection that goes silent is noticed and replaced; nothing stale is served meanwhile', async () => {
    const proxy = await startTcpProxy(inject('databaseUrl'));
    const cache = await startActorCache<string>(proxy.url, {
      ttlMs: 60_000,
      maxEntries: 100,
      heartbeatMs: 200,
    });
    try {
      cache.set('u4', 'k', 'before', cache.generation());
      expect(cache.get('u4', 'k')).toBe('before');
      proxy.freeze();
      // This invalidation is lost on the dead path: the cache must not keep serving 'before'.
      await sql`SELECT pg_notify('vigilo_actor', 'u4')`.execute(app.db);
      await eventually(async () => expect(cache.get('u4', 'k')).toBeUndefined(), 2_000);
      // It reconnects by itself (through a new connection) and caches again.
      await eventually(async () => expect(cache.isLive()).toBe(true), 5_000);
      cache.set('u4', 'k', 'after', cache.generation());
      expect(cache.get('u4', 'k')).toBe('after');
      await sql`SELECT pg_notify('vigilo_actor', 'u4')`.execute(app.db);
      await eventually(async () => expect(cache.get('u4', 'k')).toBeUndefined());
    } finally {
      await cache.close();
      await proxy.close();
    }
  });
});
