import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from './index.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, (fastify) => {
    fastify.get('/v1/test/explode', { config: { auth: 'public' } }, async () => {
      throw new Error(
        'connection to db-internal-7.corp:5432 failed: password authentication failed for user "vigilo"',
      );
    });
  });
});
afterAll(() => app?.close());

const shape = {
  code: expect.any(String),
  statusCode: expect.any(Number),
  message: expect.any(String),
  error: expect.any(String),
  meta: expect.any(Object),
};

describe('the error shape', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    for (const [method, path] of [
      ['GET', '/v1/no-such-thing'],
      ['DELETE', '/v1/users'],
      ['GET', '/nothing-here.json'],
    ]) {
      const res = await http(app.url, method!, path!);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ ...shape, code: 'NOT_FOUND', statusCode: 404, error: 'Not Found' });
    }
  });

  it('answers a malformed JSON body with 400 BAD_REQUEST', async () => {
    const res = await http(app.url, 'POST', '/v1/login', { raw: '{"email": "a@b.c", "password": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ...shape, code: 'BAD_REQUEST', statusCode: 400, error: 'Bad Request' });
  });

  it('answers a schema failure with 400 VALIDATION_FAILED and the failing fields', async () => {
    const res = await http(app.url, 'POST', '/v1/login', {
      body: { email: 'a@b.c', password: '', platformId: 'nope' },
    });
    expect(res.status).toBe(400);
    const fields = (res.body as { meta: { fields: { field: string }[] } }).meta.fields
      .map((f) => f.field)
      .sort();
    expect(fields).toEqual(['body/password', 'body/platformId']);
  });

  it('says why each field failed with a reason word (and its limit) the web app translates', async () => {
    // The reasons are the contract's words for the JSON-schema rules broken (decision 0037).
    const login = await http(app.url, 'POST', '/v1/login', {
      body: { email: 'a@b.c', password: '', platformId: 'nope', extra: 1 },
    });
    const byField = Object.fromEntries(
      (
        login.body as { meta: { fields: { field: string; reason: string; limit?: number }[] } }
      ).meta.fields.map((f) => [f.field, f]),
    );
    expect(byField['body/password']).toMatchObject({ reason: 'tooShort', limit: 1 });
    expect(byField['body/platformId']).toMatchObject({ reason: 'format' });
    expect(byField['body/extra']).toMatchObject({ reason: 'notAllowed' });
    const missing = await http(app.url, 'POST', '/v1/login', { body: { email: 'a@b.c' } });
    expect((missing.body as { meta: { fields: unknown[] } }).meta.fields).toContainEqual(
      expect.objectContaining({ field: 'body/password', reason: 'required' }),
    );
    const token = await http(app.url, 'GET', '/v1/organisation-invite?token=short');
    expect(token.status).toBe(400);
    expect((token.body as { meta: { fields: unknown[] } }).meta.fields).toEqual([
      expect.objectContaining({ field: 'querystring/token', reason: 'tooShort', limit: 10 }),
    ]);
  });

  it('answers a thrown error with 500 INTERNAL_ERROR and leaks nothing', async () => {
    const res = await http(app.url, 'GET', '/v1/test/explode');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      ...shape,
      code: 'INTERNAL_ERROR',
      statusCode: 500,
      error: 'Internal Server Error',
    });
    const text = JSON.stringify(res.body);
    for (const secret of ['db-internal', '5432', 'password', 'vigilo"', 'Error:', 'at '])
      expect(text).not.toContain(secret);
    expect((res.body as { meta: { requestId: string } }).meta.requestId).toBe(
      res.headers.get('x-request-id'),
    );
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await http(app.url, 'POST', '/v1/login', {
      raw: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', statusCode: 415 });
  });
});

describe('service plumbing', () => {
  it('reports the database and the job queue at /v1/health-check', async () => {
    const res = await http(app.url, 'GET', '/v1/health-check');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { status: 'ok' }, jobs: { status: 'ok' } });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await http<{
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>(app.url, 'GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/v1/login', '/v1/token', '/v1/users/{id}', '/v1/health-check']),
    );
    expect(res.body.paths['/v1/login']!.post!.security).toEqual([]);
    const docs = await fetch(`${app.url}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('sends security headers and a request id on every answer', async () => {
    const res = await http(app.url, 'GET', '/v1/health-check');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends no CORS permission to other origins by default', async () => {
    const res = await http(app.url, 'GET', '/v1/health-check', {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited?.close());

  it('answers 429 TOO_MANY_REQUESTS in the error shape past the limit', async () => {
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 4; i++) {
      const res = await http(limited.url, 'GET', '/v1/health-check');
      statuses.push(res.status);
      last = res.body;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last).toEqual({
      ...shape,
      code: 'TOO_MANY_REQUESTS',
      statusCode: 429,
      error: 'Too Many Requests',
    });
  });
});

describe('the web app', () => {
  let withWeb: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'vigilo-web-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Vigilo</title><div id="root"></div>');
    await writeFile(join(dist, 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
    await writeFile(join(dist, 'app.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
    withWeb = await startTestApp({ WEB_DIST: dist });
  });
  afterAll(() => withWeb?.close());

  it('serves index.html at / and for client-side routes, files as they are, and JSON 404s under /v1', async () => {
    const root = await fetch(`${withWeb.url}/`);
    expect(await root.text()).toContain('<div id="root">');
    const page = await fetch(`${withWeb.url}/profile/settings`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const asset = await fetch(`${withWeb.url}/app.js`);
    expect(await asset.text()).toContain('console.log(1)');
    const api = await fetch(`${withWeb.url}/v1/profile`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never serves a source map, even one left in the folder (issue #6 item 10)', async () => {
    for (const [path, accept] of [
      ['/app.js.map', '*/*'],
      ['/app.js.map', 'text/html'],
      ['/app.js.map?v=1', '*/*'],
      ['/APP.JS.MAP', 'text/html'],
      ['/assets/other.js.map', 'text/html'],
    ] as const) {
      const res = await fetch(`${withWeb.url}${path}`, { headers: { accept } });
      const text = await res.text();
      expect(res.status, path).toBe(404);
      expect(text, path).not.toContain('secret-source');
      expect(JSON.parse(text), path).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
