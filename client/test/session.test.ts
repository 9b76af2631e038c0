import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  createApiClient,
  emptySession,
  localStorageStore,
  memoryStore,
  type SessionState,
} from '../src/index.ts';
import { apiError, closedPortUrl, sendJson, startServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const u1 = '11111111-1111-4111-8111-111111111111';
const p1 = '22222222-2222-4222-8222-222222222222';
const o1 = '33333333-3333-4333-8333-333333333333';
const sessionAnswer = { token: 'tok-1', refreshToken: 'ref-1', id: u1, platformId: p1, organisationId: o1 };
const stored: SessionState = {
  token: 'tok-1',
  refreshToken: 'ref-1',
  userId: u1,
  platformId: p1,
  organisationId: o1,
};
const credentials = { email: 'ann@example.org', password: 'secret', platformId: p1 };
const quietLogger = () => ({ error: vi.fn(), warn: vi.fn() });

describe('sessions', () => {
  it('S-1/S-3: a normal login stores token, refresh token, user, platform and organisation', async () => {
    server.on('POST', '/v1/login', (_req, res) => sendJson(res, 200, sessionAnswer));
    const store = memoryStore();
    const client = createApiClient({ baseUrl: server.url, store });
    await expect(client.login(credentials)).resolves.toEqual(sessionAnswer);
    expect(server.requests[0]?.json()).toEqual(credentials);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(client.session).toEqual(stored);
    expect(store.load()).toEqual(stored);
  });

  it('S-1: assessors log in through /v1/login/assessor', async () => {
    server.on('POST', '/v1/login/assessor', (_req, res) => sendJson(res, 200, sessionAnswer));
    const client = createApiClient({ baseUrl: server.url });
    await client.loginAssessor(credentials);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/login/assessor']);
    expect(client.session).toEqual(stored);
  });

  it('S-2: after requiresMfa the sessionId is the bearer and the refresh token is cleared', async () => {
    server.on('POST', '/v1/login', (_req, res) =>
      sendJson(res, 200, { requiresMfa: true, sessionId: 'mfa-9' }),
    );
    server.on('GET', '/v1/auth-context', (_req, res) => sendJson(res, 200, {}));
    const client = createApiClient({
      baseUrl: server.url,
      store: memoryStore({ ...stored, token: 'stale' }),
    });
    await expect(client.login(credentials)).resolves.toEqual({ requiresMfa: true, sessionId: 'mfa-9' });
    expect(client.session).toEqual({ ...emptySession(), token: 'mfa-9' });
    await client.request('GET', '/v1/auth-context');
    expect(server.requests[1]?.headers.authorization).toBe('Bearer mfa-9');
  });

  it('S-2/S-3: verify sends bearer sessionId and body sessionId, then stores the session', async () => {
    server.on('POST', '/v1/login', (_req, res) =>
      sendJson(res, 200, { requiresMfa: true, sessionId: 'mfa-9' }),
    );
    server.on('POST', '/v1/login/verify', (_req, res) => sendJson(res, 200, sessionAnswer));
    const client = createApiClient({ baseUrl: server.url });
    await client.login(credentials);
    await expect(
      client.verifyLogin({ code: '123456', method: 'sms', phoneNumber: '+4512345678' }),
    ).resolves.toEqual(sessionAnswer);
    const verify = server.requests[1];
    expect(verify?.headers.authorization).toBe('Bearer mfa-9');
    expect(verify?.json()).toEqual({
      sessionId: 'mfa-9',
      code: '123456',
      method: 'sms',
      phoneNumber: '+4512345678',
    });
    expect(client.session).toEqual(stored);
  });

  it('S-4: logout sends pushInstanceId and the refresh token, then clears everything', async () => {
    server.on('POST', '/v1/logout', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const store = memoryStore(stored);
    const client = createApiClient({ baseUrl: server.url, store });
    await client.logout('push-7');
    expect(server.requests[0]?.json()).toEqual({ pushInstanceId: 'push-7', refreshToken: 'ref-1' });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-1');
    expect(client.session).toEqual(emptySession());
    expect(store.load()).toBeNull();
  });

  it('S-4: logout clears the session even when the server errors or cannot be reached', async () => {
    server.on('POST', '/v1/logout', (_req, res) =>
      sendJson(res, 500, apiError(500, 'INTERNAL_ERROR', 'boom')),
    );
    const logger = quietLogger();
    const failing = createApiClient({ baseUrl: server.url, store: memoryStore(stored), logger });
    await expect(failing.logout()).resolves.toBeUndefined();
    expect(failing.session).toEqual(emptySession());
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const offline = createApiClient({ baseUrl: await closedPortUrl(), store: memoryStore(stored), logger });
    await expect(offline.logout()).resolves.toBeUndefined();
    expect(offline.session).toEqual(emptySession());
  });

  it("S-5: user and change-password default to @me; the theme to the session's platform", async () => {
    server.on('GET', '/v1/users/@me', (_req, res) => sendJson(res, 200, { id: u1 }));
    server.on('GET', `/v1/users/${u1}`, (_req, res) => sendJson(res, 200, { id: u1 }));
    server.on('GET', `/v1/platforms/${stored.platformId}/theme`, (_req, res) =>
      sendJson(res, 200, { id: 't1', data: { primary: '#000' } }),
    );
    server.on('PUT', '/v1/users/@me/change-password', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const client = createApiClient({ baseUrl: server.url, store: memoryStore(stored) });
    await client.getUser();
    await client.getUser(u1, { includeReporting: true });
    await expect(client.getTheme()).resolves.toEqual({ id: 't1', data: { primary: '#000' } });
    await expect(
      client.changePassword({ password: 'new-secret', currentPassword: 'secret' }),
    ).resolves.toBeUndefined();
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v1/users/@me',
      `GET /v1/users/${u1}?includeReporting=true`,
      `GET /v1/platforms/${stored.platformId}/theme`,
      'PUT /v1/users/@me/change-password',
    ]);
    expect(server.requests[3]?.json()).toEqual({ password: 'new-secret', currentPassword: 'secret' });
  });

  it('S-6: access-token verification is retried after network failures and 5xx answers', async () => {
    let attempt = 0;
    server.on('POST', '/v1/verify/access-token', (_req, res) => {
      attempt += 1;
      if (attempt === 1) {
        res.socket?.destroy(); // the connection drops without an answer
        return;
      }
      if (attempt === 2) return sendJson(res, 503, apiError(503, 'SERVICE_UNAVAILABLE', 'busy'));
      sendJson(res, 200, { valid: true });
    });
    const client = createApiClient({ baseUrl: server.url, accessTokenRetry: { attempts: 3, delayMs: 0 } });
    await expect(client.verifyAccessToken('one-time')).resolves.toEqual({ valid: true });
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((r) => r.json())).toEqual([
      { token: 'one-time' },
      { token: 'one-time' },
      { token: 'one-time' },
    ]);
  });

  it('S-6: gives up after the configured attempts and does not retry a 4xx', async () => {
    server.on('POST', '/v1/verify/access-token', (_req, res) =>
      sendJson(res, 500, apiError(500, 'INTERNAL_ERROR', 'x')),
    );
    const client = createApiClient({ baseUrl: server.url, accessTokenRetry: { attempts: 2, delayMs: 0 } });
    await expect(client.verifyAccessToken('t')).rejects.toBeInstanceOf(ApiRequestError);
    expect(server.requests).toHaveLength(2);
    server.reset();
    server.on('POST', '/v1/verify/access-token', (_req, res) =>
      sendJson(res, 400, apiError(400, 'BAD_REQUEST', 'used')),
    );
    await expect(client.verifyAccessToken('t')).rejects.toMatchObject({ status: 400 });
    expect(server.requests).toHaveLength(1);
  });

  it('subscribe: listeners see every session change until they unsubscribe', async () => {
    server.on('POST', '/v1/login', (_req, res) => sendJson(res, 200, sessionAnswer));
    const client = createApiClient({ baseUrl: server.url });
    const seen: SessionState[] = [];
    const unsubscribe = client.subscribe((s) => seen.push(s));
    await client.login(credentials);
    client.clearSession();
    unsubscribe();
    client.setSession({ token: 'ignored' });
    expect(seen).toEqual([stored, emptySession()]);
  });
});

describe('stores', () => {
  const backing = new Map<string, string>();
  beforeEach(() => {
    backing.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => backing.get(k) ?? null,
      setItem: (k: string, v: string) => backing.set(k, v),
      removeItem: (k: string) => backing.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('localStorageStore keeps the session as JSON under its key, so a new client starts signed in', () => {
    const first = createApiClient({ baseUrl: server.url, store: localStorageStore('vigilo.test') });
    first.setSession(stored);
    expect(JSON.parse(backing.get('vigilo.test') ?? 'null')).toEqual(stored);
    const second = createApiClient({ baseUrl: server.url, store: localStorageStore('vigilo.test') });
    expect(second.session).toEqual(stored);
    second.clearSession();
    expect(backing.has('vigilo.test')).toBe(false);
  });

  it('localStorageStore ignores a corrupt entry', () => {
    backing.set('vigilo.session', '{not json');
    expect(localStorageStore().load()).toBeNull();
    backing.set('vigilo.session', JSON.stringify({ token: 42, refreshToken: 'r' }));
    expect(localStorageStore().load()).toEqual({ ...emptySession(), refreshToken: 'r' });
  });
});
