import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/platform/db.ts';
import { useTestApp } from './app.ts';
import { createTenant } from './factories.ts';
import { http } from './http.ts';
import { signedIn } from './sessions.ts';

/**
 * Issue 29 item 4, decision 0336: a busy database is not an outage. Every connection in use
 * (a pool of one, held by a slow statement) and a statement over the time limit answer
 * 503 BUSY with Retry-After 2, in their own words; "cannot be reached" stays for outages.
 */

// The app's pool: one connection, 400 ms to get it, 400 ms per statement.
const app = useTestApp({}, undefined, undefined, (url) =>
  createDb(url, 1, { connectMs: 400, statementMs: 400 }),
);
// Another connection, outside the app's pool, that holds a lock the app then waits for.
const other = createDb(inject('databaseUrl'), 1);
afterAll(() => other.destroy());

describe('a busy database', () => {
  it('every connection in use: 503 BUSY, reason connections, Retry-After 2, and the next request is served', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'organisation_staff');
    // The only connection is held by slow statements (3 × 0.3 s, each under the 0.4 s limit).
    const held = app.db.connection().execute(async (c) => {
      for (let i = 0; i < 3; i++) await sql`SELECT pg_sleep(0.3)`.execute(c);
    });
    await new Promise((r) => setTimeout(r, 50));
    const busy = await http(app.url, 'GET', '/v1/users/@me', { token });
    await held;
    expect({ status: busy.status, retryAfter: busy.headers.get('retry-after'), body: busy.body }).toEqual({
      status: 503,
      retryAfter: '2',
      body: {
        code: 'BUSY',
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The server is busy with other requests right now; try again in a few seconds',
        meta: { reason: 'connections', retryAfterSeconds: 2 },
      },
    });
    expect((await http(app.url, 'GET', '/v1/users/@me', { token })).status).toBe(200);
  });

  it('a statement over the time limit (a row locked elsewhere): 503 BUSY, reason statementTimeout, nothing changed', async () => {
    const tenant = await createTenant(app.db);
    const { token, user } = await signedIn(app, tenant, 'organisation_staff');
    const answer = await other.transaction().execute(async (tx) => {
      await sql`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`.execute(tx);
      return http(app.url, 'PUT', '/v1/users/@me', { token, body: { firstName: 'Renamed' } });
    });
    expect({
      status: answer.status,
      retryAfter: answer.headers.get('retry-after'),
      body: answer.body,
    }).toEqual({
      status: 503,
      retryAfter: '2',
      body: {
        code: 'BUSY',
        statusCode: 503,
        error: 'Service Unavailable',
        message:
          'The database took too long over this request and stopped it; try again in a few seconds, or narrow what you asked for',
        meta: { reason: 'statementTimeout', retryAfterSeconds: 2 },
      },
    });
    const row = await other
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).not.toBe('Renamed');
  });
});
