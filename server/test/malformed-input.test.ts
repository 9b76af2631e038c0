import { connect } from 'node:net';
import type { ApiError } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, sessionFor, useTestApp } from './index.ts';

/**
 * Malformed input is a 400 in the error shape, never a 500 (decision 0023). The generated
 * requests of fuzz.test.ts cover every operation; these are the cases found by hand.
 */
let adminToken: string;

const app = useTestApp();

beforeAll(async () => {
  const tenant = await createTenant(app.db);
  const admin = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: null,
    role: 'platform_admin',
  });
  adminToken = (await sessionFor(app, admin)).token;
});

const expectShape = (body: unknown, code: string, status: number) =>
  expect(body).toMatchObject({
    code,
    statusCode: status,
    message: expect.any(String),
    meta: expect.any(Object),
  });

/** Sends raw bytes and returns the status line and body (for what fetch refuses to send). */
function rawRequest(text: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: body ? JSON.parse(body) : null });
    });
  });
}

describe('strings with NUL bytes or lone surrogates', () => {
  it('are refused in sign-in, reset and account-request bodies, naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/v1/login', { email: 'a\u0000@example.test', password: 'whatever password' }, 'body/email'],
      ['/v1/login', { username: 'bob', password: 'pass\ud800word!' }, 'body/password'],
      ['/v1/reset-password', { email: 'x\udc00@example.test' }, 'body/email'],
      ['/v1/reset-password', { username: '\u0000' }, 'body/username'],
    ];
    for (const [path, body, field] of cases) {
      const res = await http<ApiError>(app.url, 'POST', path, { body });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expectShape(res.body, 'VALIDATION_FAILED', 400);
      expect(res.body.meta.fields).toEqual([
        { field, message: expect.stringMatching(/NUL/), reason: 'format' },
      ]);
    }
  });

  it('are refused in names, free-form preferences (values and keys) and query parameters', async () => {
    const bodies = [
      { firstName: 'Ann\u0000' },
      { preferences: { theme: 'dark\ud83d' } },
      { preferences: { 'bad\u0000key': true } },
    ];
    for (const body of bodies) {
      const res = await http<ApiError>(app.url, 'PUT', '/v1/users/@me', { token: adminToken, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expectShape(res.body, 'VALIDATION_FAILED', 400);
    }
    for (const path of ['/v1/users?query=a%00b', '/v1/organisations/search?query=%00']) {
      const res = await http<ApiError>(app.url, 'GET', path, { token: adminToken });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expectShape(res.body, 'VALIDATION_FAILED', 400);
    }
  });
});

describe('numbers', () => {
  it('huge, infinite and past-the-end pages are 400', async () => {
    for (const query of ['page=1e20', 'page=Infinity', 'size=1e400', 'page=10001', 'size=501', 'page=-1']) {
      const res = await http<ApiError>(app.url, 'GET', `/v1/users?${query}`, { token: adminToken });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expectShape(res.body, 'VALIDATION_FAILED', 400);
    }
    const last = await http(app.url, 'GET', '/v1/users?page=10000&size=500', { token: adminToken });
    expect(last.status).toBe(200);
  });

  it('a JSON number that overflows to Infinity is 400', async () => {
    const res = await http<ApiError>(app.url, 'PUT', '/v1/users/@me', {
      token: adminToken,
      raw: '{"preferences":{"n":1e400}}',
    });
    expect(res.status).toBe(400);
    expect(res.body.meta.fields).toEqual([
      { field: 'body/preferences/n', message: expect.any(String), reason: 'tooLarge' },
    ]);
  });
});

describe('nesting', () => {
  it('a body nested deeper than 32 levels is 400, objects and arrays alike', async () => {
    const nested = (depth: number) => `{"preferences":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    for (const depth of [33, 10_000]) {
      const res = await http<ApiError>(app.url, 'PUT', '/v1/users/@me', {
        token: adminToken,
        raw: nested(depth),
      });
      expect({ depth, status: res.status }).toEqual({ depth, status: 400 });
      expectShape(res.body, 'VALIDATION_FAILED', 400);
    }
    const arrays = await http<ApiError>(app.url, 'POST', '/v1/login', {
      raw: `{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`,
    });
    expect(arrays.status).toBe(400);
  });
});

describe('requests the HTTP layer refuses', () => {
  it('a JSON body over 100 KB is 413 in the error shape, and changes nothing', async () => {
    const res = await http<ApiError>(app.url, 'PUT', '/v1/users/@me', {
      token: adminToken,
      body: { firstName: 'Big', preferences: { blob: 'x'.repeat(101 * 1024) } },
    });
    expect(res.status).toBe(413);
    expectShape(res.body, 'PAYLOAD_TOO_LARGE', 413);
    const me = await http<{ firstName: string }>(app.url, 'GET', '/v1/users/@me', { token: adminToken });
    expect(me.body.firstName).toBe('Test');
  });

  it('answer in the error shape: a broken URL, an over-long path segment, huge headers, bad header bytes', async () => {
    const badUrl = await http<ApiError>(app.url, 'GET', '/v1/users/%E0%A4%A', { token: adminToken });
    expect(badUrl.status).toBe(400);
    expectShape(badUrl.body, 'BAD_REQUEST', 400);

    const longSegment = await http<ApiError>(app.url, 'GET', `/v1/users/${'a'.repeat(200)}`, {
      token: adminToken,
    });
    expect(longSegment.status).toBe(414);
    expectShape(longSegment.body, 'BAD_REQUEST', 414);

    const huge = await rawRequest(
      `GET /v1/health-check HTTP/1.1\r\nHost: x\r\nX-Filler: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.status).toBe(431);
    expectShape(huge.body, 'HEADERS_TOO_LARGE', 431);

    const control = await rawRequest('GET /v1/health-check HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n');
    expect(control.status).toBe(400);
    expectShape(control.body, 'BAD_REQUEST', 400);
  });
});
