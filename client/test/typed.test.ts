import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError, call, createApiClient, fillPath, memoryStore } from '../src/index.ts';
import { apiError, sendJson, startServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const session = {
  token: 'tok-1',
  refreshToken: 'ref-1',
  userId: 'u1',
  platformId: 'p1',
  organisationId: 'o1',
};

describe('typed calls', () => {
  it('fill the path, send query and body through the client, and answer the parsed body', async () => {
    server.on('PUT', '/v1/user-groups/g%2F1', (_req, res) => sendJson(res, 200, { id: 'g/1' }));
    server.on('GET', '/v1/users/@me', (_req, res) => sendJson(res, 200, { id: 'u1' }));
    const api = createApiClient({ baseUrl: server.url, store: memoryStore(session) });
    const group = await call(api, 'PUT', '/v1/user-groups/{id}', {
      path: { id: 'g/1' },
      body: { name: 'Night shift' },
      headers: { 'If-Match': '"3"' },
    });
    await call(api, 'GET', '/v1/users/{id}', { path: { id: '@me' }, query: { includeSettings: true } });
    expect(group).toEqual({ id: 'g/1' });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /v1/user-groups/g%2F1',
      'GET /v1/users/@me?includeSettings=true',
    ]);
    expect(server.requests[0]?.json()).toEqual({ name: 'Night shift' });
    expect(server.requests[0]?.headers['if-match']).toBe('"3"');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('G-5 holds for typed calls: a 403 refreshes once and retries with the new bearer', async () => {
    let calls = 0;
    server.on('GET', '/v1/users/@me/sessions', (req, res) => {
      calls += 1;
      if (req.headers.authorization === 'Bearer tok-1')
        return sendJson(res, 403, apiError(403, 'TOKEN_EXPIRED', 'Token expired'));
      return sendJson(res, 200, []);
    });
    server.on('POST', '/v1/token', (_req, res) =>
      sendJson(res, 200, { token: 'tok-2', refreshToken: 'ref-2' }),
    );
    const api = createApiClient({ baseUrl: server.url, store: memoryStore(session) });
    await expect(call(api, 'GET', '/v1/users/@me/sessions')).resolves.toEqual([]);
    expect(calls).toBe(2);
    expect(api.session.token).toBe('tok-2');
  });

  it('G-4 holds for typed calls: a refusal is an ApiRequestError with the API error fields', async () => {
    server.on('DELETE', '/v1/api-keys/k1', (_req, res) =>
      sendJson(res, 404, apiError(404, 'NOT_FOUND', 'API key not found')),
    );
    const api = createApiClient({ baseUrl: server.url, store: memoryStore(session) });
    const failure = call(api, 'DELETE', '/v1/api-keys/{id}', { path: { id: 'k1' } });
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('fillPath encodes each value as one segment and refuses a missing one', () => {
    expect(fillPath('/v1/a/{id}/b/{name}', { id: 'x y', name: '@me' })).toBe('/v1/a/x%20y/b/@me');
    expect(() => fillPath('/v1/a/{id}', {})).toThrow('Missing path parameter "id"');
  });
});

/**
 * Type-level checks: `npm run typecheck` covers this file, and each `@ts-expect-error` fails
 * the typecheck when the line under it stops being an error. Never run.
 */
export function typeChecks(api: ReturnType<typeof createApiClient>) {
  // @ts-expect-error a path no server serves (the specification's /v1/themes/{id})
  void call(api, 'GET', '/v1/themes/{id}', { path: { id: '@me' } });
  // @ts-expect-error a method the path does not serve
  void call(api, 'DELETE', '/v1/organisations/lookup');
  // @ts-expect-error a body field the operation does not take
  void call(api, 'POST', '/v1/user-groups', { body: { name: 'A', organisationId: 'o1', colour: 'red' } });
  // @ts-expect-error a query parameter the operation does not take
  void call(api, 'GET', '/v1/users', { query: { page: 1, size: 20, nickname: 'ann' } });
  // @ts-expect-error a path parameter missing
  void call(api, 'GET', '/v1/users/{id}');
  // @ts-expect-error a body of the wrong type
  void call(api, 'PUT', '/v1/users/{id}', { path: { id: '@me' }, body: { firstName: 42 } });
  // A right call typechecks, and its answer has the document's fields.
  void call(api, 'GET', '/v1/users/{id}', { path: { id: '@me' } }).then((user) => user.email.toLowerCase());
}
