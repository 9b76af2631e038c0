import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError, createApiClient, memoryStore } from '../src/index.ts';
import { apiError, type Recorded, sendJson, startServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const session = { token: 'old', refreshToken: 'ref-1', userId: 'u1', platformId: 'p1', organisationId: 'o1' };
const tokenAnswer = { id: 'u1', platformId: 'p1', organisationId: 'o1', token: 'new', refreshToken: 'ref-2' };
const makeClient = () => createApiClient({ baseUrl: server.url, store: memoryStore(session) });

/** GET /v1/things answers 200 to the new token and 403 to anything else. */
function thingsAcceptOnly(token: string) {
  server.on('GET', '/v1/things', (req, res) =>
    req.headers.authorization === `Bearer ${token}`
      ? sendJson(res, 200, { items: ['a'] })
      : sendJson(res, 403, apiError(403, 'TOKEN_EXPIRED', 'Token expired')),
  );
}
const issueToken = () => server.on('POST', '/v1/token', (_req, res) => sendJson(res, 200, tokenAnswer));
const calls = () => server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? '-'}`);

describe('G-5 / E-3 token refresh', () => {
  it('G-5: on 403 refreshes once with the exact body and retries once with the new bearer', async () => {
    thingsAcceptOnly('new');
    issueToken();
    const client = makeClient();
    await expect(client.request('GET', '/v1/things')).resolves.toEqual({ items: ['a'] });
    expect(calls()).toEqual([
      'GET /v1/things Bearer old',
      'POST /v1/token Bearer old',
      'GET /v1/things Bearer new',
    ]);
    expect(server.requests[1]?.json()).toEqual({
      refreshToken: 'ref-1',
      userId: 'u1',
      platformId: 'p1',
      organisationId: 'o1',
    });
    expect(client.session).toMatchObject({ token: 'new', refreshToken: 'ref-2', userId: 'u1' });
  });

  it('G-5: the retry repeats the method, query and body of the original request', async () => {
    server.on('PUT', '/v1/things', (req, res) =>
      req.headers.authorization === 'Bearer new'
        ? sendJson(res, 200, req.json())
        : sendJson(res, 403, apiError(403, 'TOKEN_EXPIRED', 'Token expired')),
    );
    issueToken();
    const client = makeClient();
    await client.request('PUT', '/v1/things', { body: { name: 'A' }, query: { force: true } });
    const [first, , retry] = server.requests;
    expect(retry?.url).toBe(first?.url);
    expect(retry?.text).toBe(first?.text);
    expect(retry?.json()).toEqual({ name: 'A' });
  });

  it('G-5: no second refresh and no second retry when the retry is refused too', async () => {
    let attempt = 0;
    server.on('GET', '/v1/things', (_req, res) => {
      attempt += 1;
      sendJson(res, 403, apiError(403, 'FORBIDDEN', `refusal ${attempt}`));
    });
    issueToken();
    const err = await makeClient()
      .request('GET', '/v1/things')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 403, message: 'refusal 2' });
    expect(calls()).toEqual([
      'GET /v1/things Bearer old',
      'POST /v1/token Bearer old',
      'GET /v1/things Bearer new',
    ]);
  });

  it('G-5: a failed refresh raises the original 403 and does not retry', async () => {
    thingsAcceptOnly('new');
    server.on('POST', '/v1/token', (_req, res) =>
      sendJson(res, 401, apiError(401, 'REFRESH_TOKEN_INVALID', 'Refresh token invalid')),
    );
    const err = await makeClient()
      .request('GET', '/v1/things')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, code: 'TOKEN_EXPIRED' });
    expect(calls()).toEqual(['GET /v1/things Bearer old', 'POST /v1/token Bearer old']);
  });

  it('a refresh answered 401 (dead refresh token) signs the client out and tells subscribers', async () => {
    thingsAcceptOnly('new');
    server.on('POST', '/v1/token', (_req, res) =>
      sendJson(res, 401, apiError(401, 'REFRESH_TOKEN_INVALID', 'Refresh token invalid')),
    );
    const client = makeClient();
    const seen: (string | null)[] = [];
    client.subscribe((s) => seen.push(s.token));
    await client.request('GET', '/v1/things').catch(() => undefined);
    expect(client.session).toEqual({
      token: null,
      refreshToken: null,
      userId: null,
      platformId: null,
      organisationId: null,
    });
    expect(seen).toEqual([null]);
  });

  it('a refresh that fails for another reason (network, 5xx) keeps the session for a later try', async () => {
    thingsAcceptOnly('new');
    server.on('POST', '/v1/token', (_req, res) =>
      sendJson(res, 503, apiError(503, 'SERVICE_UNAVAILABLE', 'Down')),
    );
    const client = makeClient();
    await client.request('GET', '/v1/things').catch(() => undefined);
    expect(client.session).toMatchObject({ token: 'old', refreshToken: 'ref-1' });
  });

  it('G-5: /v1/token itself never triggers a refresh', async () => {
    server.on('POST', '/v1/token', (_req, res) => sendJson(res, 403, apiError(403, 'FORBIDDEN', 'No')));
    const client = makeClient();
    await expect(client.refresh()).rejects.toMatchObject({ status: 403 });
    await expect(client.request('POST', '/v1/token', { body: {} })).rejects.toMatchObject({ status: 403 });
    expect(calls()).toEqual(['POST /v1/token Bearer old', 'POST /v1/token Bearer old']);
  });

  it('G-5: a 401 is raised as is (the client refreshes on 403 only)', async () => {
    server.on('GET', '/v1/things', (_req, res) =>
      sendJson(res, 401, apiError(401, 'UNAUTHENTICATED', 'Sign in')),
    );
    issueToken();
    await expect(makeClient().request('GET', '/v1/things')).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['GET /v1/things Bearer old']);
  });

  it('G-5: without a refresh token, or with skipRefresh, the 403 is raised at once', async () => {
    thingsAcceptOnly('new');
    issueToken();
    const noRefresh = createApiClient({
      baseUrl: server.url,
      store: memoryStore({ ...session, refreshToken: null }),
    });
    await expect(noRefresh.request('GET', '/v1/things')).rejects.toMatchObject({ status: 403 });
    await expect(makeClient().request('GET', '/v1/things', { skipRefresh: true })).rejects.toMatchObject({
      status: 403,
    });
    expect(calls()).toEqual(['GET /v1/things Bearer old', 'GET /v1/things Bearer old']);
  });

  it('G-5: concurrent 403s share one in-flight refresh', async () => {
    // Hold the three refusals until all three requests have arrived, so they land together.
    const held: ServerResponse[] = [];
    server.on('GET', '/v1/things', (req, res) => {
      if (req.headers.authorization === 'Bearer new') return sendJson(res, 200, { ok: true });
      held.push(res);
      if (held.length === 3) {
        for (const r of held) sendJson(r, 403, apiError(403, 'TOKEN_EXPIRED', 'Token expired'));
      }
    });
    issueToken();
    const client = makeClient();
    const results = await Promise.all([1, 2, 3].map(() => client.request('GET', '/v1/things')));
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(server.requests.filter((r) => r.path === '/v1/token')).toHaveLength(1);
    expect(server.requests.filter((r: Recorded) => r.headers.authorization === 'Bearer new')).toHaveLength(3);
  });

  it('G-5: a 403 that arrives after another request refreshed retries with the new token, no second refresh', async () => {
    let heldSlow: ServerResponse | undefined;
    let slowArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      slowArrived = resolve;
    });
    server.on('GET', '/v1/slow', (req, res) => {
      if (req.headers.authorization === 'Bearer new') return sendJson(res, 200, { slow: true });
      heldSlow = res;
      slowArrived();
    });
    thingsAcceptOnly('new');
    issueToken();
    const client = makeClient();
    const slow = client.request('GET', '/v1/slow');
    await arrived; // sent with the old token, answer held back
    await expect(client.request('GET', '/v1/things')).resolves.toEqual({ items: ['a'] });
    if (heldSlow) sendJson(heldSlow, 403, apiError(403, 'TOKEN_EXPIRED', 'Token expired'));
    await expect(slow).resolves.toEqual({ slow: true });
    expect(server.requests.filter((r) => r.path === '/v1/token')).toHaveLength(1);
  });
});
