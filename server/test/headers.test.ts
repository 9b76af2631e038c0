import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from './index.ts';

/**
 * The headers every answer carries, whatever path it took (decisions 0008 and 0061): the
 * security headers are read from helmet once at start and set in one step per request,
 * so this checks the full list by hand, on answers from every layer.
 */
let app: TestApp;
let withCors: TestApp;

beforeAll(async () => {
  [app, withCors] = await Promise.all([
    startTestApp(),
    startTestApp({ CORS_ORIGINS: 'https://app.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), withCors?.close()]);
});

// helmet's defaults with our Content-Security-Policy, written out here.
const SECURITY_HEADERS: Record<string, string | RegExp> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self';frame-src 'self' blob:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'x-request-id': /^[0-9a-f-]{36}$/,
};

function expectSecurityHeaders(headers: Headers, except: string[] = [], status?: number) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (except.includes(name)) continue;
    expect({ status, name, value: headers.get(name) }).toEqual({
      status,
      name,
      value: typeof value === 'string' ? value : expect.stringMatching(value),
    });
  }
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('headers on every answer', () => {
  it('200, 401, 404, 415 and a URL the router refuses all carry the security headers and a request id', async () => {
    const answers = await Promise.all([
      http(app.url, 'GET', '/v1/health-check'),
      http(app.url, 'GET', '/v1/users/@me'),
      http(app.url, 'GET', '/v1/no-such-route'),
      http(app.url, 'POST', '/v1/login', { raw: '<x/>', headers: { 'content-type': 'application/xml' } }),
      http(app.url, 'GET', '/v1/users/%E0%A4%A'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 415, 400]);
    for (const answer of answers) expectSecurityHeaders(answer.headers, [], answer.status);
    // Each answer its own id.
    expect(new Set(answers.map((a) => a.headers.get('x-request-id'))).size).toBe(answers.length);
  });

  it('/docs keeps its own Content-Security-Policy, with every other header', async () => {
    const docs = await fetch(`${app.url}/docs/`);
    expect(docs.status).toBe(200);
    expectSecurityHeaders(docs.headers, ['content-security-policy']);
    expect(docs.headers.get('content-security-policy')).not.toBe(SECURITY_HEADERS['content-security-policy']);
  });
});

describe('CORS', () => {
  const preflight = (base: string, origin: string) =>
    http(base, 'OPTIONS', '/v1/users/@me', {
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('without CORS_ORIGINS, no origin is allowed and a preflight is not answered', async () => {
    const res = await http(app.url, 'GET', '/v1/health-check', {
      headers: { origin: 'https://app.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(app.url, 'https://app.example');
    expect(pre.status).toBe(404);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('with CORS_ORIGINS, that origin only', async () => {
    const pre = await preflight(withCors.url, 'https://app.example');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const res = await http(withCors.url, 'GET', '/v1/health-check', {
      headers: { origin: 'https://app.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const other = await http(withCors.url, 'GET', '/v1/health-check', {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expectSecurityHeaders(res.headers);
  });
});
