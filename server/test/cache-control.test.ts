import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, signedIn, startTestApp, type TestApp } from './index.ts';

// Issue #6 item 10: API answers carry personal data and tokens; no cache may keep them.
let app: TestApp;
let limited: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, (fastify) => {
    fastify.get('/v1/test/explode', { config: { auth: 'public' } }, async () => {
      throw new Error('boom');
    });
  });
  limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
});
afterAll(async () => {
  await app?.close();
  await limited?.close();
});

describe('Cache-Control on /v1 answers', () => {
  it('is no-store on successes, errors of every kind and the OpenAPI document', async () => {
    const tenant = await createTenant(app.db);
    const { token, user } = await signedIn(app, tenant, 'organisation_admin');
    const calls: [string, string, { body?: unknown; token?: string; raw?: string }, number][] = [
      ['GET', '/v1/health-check', {}, 200],
      ['GET', '/v1/openapi.json', {}, 200],
      ['GET', '/v1/users/@me', { token }, 200],
      ['GET', '/v1/users?page=1', { token }, 200],
      ['POST', '/v1/login', { body: { email: user.email, password: user.password } }, 200],
      ['POST', '/v1/reset-password', { body: { email: `nobody-${crypto.randomUUID()}@example.org` } }, 204],
      ['POST', '/v1/login', { body: { email: user.email, password: 'not it' } }, 401],
      ['GET', '/v1/users/@me', {}, 401],
      ['GET', '/v1/users/@me', { token: 'forged' }, 403],
      ['GET', '/v1/users/00000000-0000-4000-8000-000000000000', { token }, 404],
      ['GET', '/v1/no-such-route', {}, 404],
      ['POST', '/v1/login', { raw: '{"email": ' }, 400],
      ['POST', '/v1/login', { body: { email: 'a@b.c', password: '' } }, 400],
      ['GET', '/v1/test/explode', {}, 500],
      ['GET', '/v1/users/%E0%A4%A', {}, 400],
    ];
    const seen: string[] = [];
    for (const [method, path, options, status] of calls) {
      const res = await http(app.url, method, path, options);
      seen.push(`${method} ${path} ${res.status} ${res.headers.get('cache-control')}`);
      expect(res.status, `${method} ${path}`).toBe(status);
    }
    expect(seen.filter((line) => !line.endsWith(' no-store'))).toEqual([]);
  });

  it('is no-store on a 429 from the rate limiter', async () => {
    await http(limited.url, 'GET', '/v1/health-check');
    const res = await http(limited.url, 'GET', '/v1/health-check');
    expect(res.status).toBe(429);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
