import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, clientMessages, createApiClient, memoryStore, NetworkError } from '../src/index.ts';
import { apiError, closedPortUrl, sendJson, startServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const signedIn = () =>
  memoryStore({
    token: 'tok-1',
    refreshToken: 'ref-1',
    userId: 'u1',
    platformId: 'p1',
    organisationId: 'o1',
  });

describe('transport', () => {
  it('G-1: prefixes the base address to paths starting with "/" and passes absolute URLs through', async () => {
    server.on('GET', '/v1/ping', (_req, res) => sendJson(res, 200, { pong: true }));
    const client = createApiClient({ baseUrl: `${server.url}/` });
    await expect(client.request('GET', '/v1/ping')).resolves.toEqual({ pong: true });
    const elsewhere = createApiClient({ baseUrl: 'http://127.0.0.1:9/nowhere' });
    await expect(elsewhere.request('GET', `${server.url}/v1/ping`)).resolves.toEqual({ pong: true });
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/ping', '/v1/ping']);
  });

  it('G-1: serialises the query: arrays as repeated keys, undefined and null left out', async () => {
    server.on('GET', '/v1/things', (_req, res) => sendJson(res, 200, []));
    const client = createApiClient({ baseUrl: server.url });
    await client.request('GET', '/v1/things', {
      query: { page: 1, size: 50, tags: ['a', 'b c'], flagged: true, gone: undefined, none: null },
    });
    expect(server.requests[0]?.url).toBe('/v1/things?page=1&size=50&tags=a&tags=b+c&flagged=true');
  });

  it('G-2: sends Authorization: Bearer <token> only while a token is held', async () => {
    server.on('GET', '/v1/ping', (_req, res) => sendJson(res, 200, {}));
    const client = createApiClient({ baseUrl: server.url });
    await client.request('GET', '/v1/ping');
    client.setSession({ token: 'tok-1' });
    await client.request('GET', '/v1/ping');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[1]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('G-3: JSON bodies carry Accept and Content-Type application/json', async () => {
    server.on('POST', '/v1/things', (_req, res) => sendJson(res, 201, { id: 'x' }));
    const client = createApiClient({ baseUrl: server.url });
    await client.request('POST', '/v1/things', { body: { name: 'A' } });
    const [req] = server.requests;
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.json()).toEqual({ name: 'A' });
  });

  it('G-3: bodiless JSON requests carry Content-Type application/json too; text requests do not', async () => {
    server.on('DELETE', '/v1/things/1', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    server.on('GET', '/v1/things/1.csv', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('a,b');
    });
    const client = createApiClient({ baseUrl: server.url });
    await client.request('DELETE', '/v1/things/1');
    await client.request('DELETE', '/v1/things/1', { noContentType: true });
    await client.request('GET', '/v1/things/1.csv', { responseType: 'text' });
    expect(server.requests.map((r) => r.headers['content-type'])).toEqual([
      'application/json',
      undefined,
      undefined,
    ]);
    expect(server.requests[0]?.text).toBe('');
  });

  it('G-3: the no-content-type option leaves Content-Type out', async () => {
    server.on('POST', '/v1/things', (_req, res) => sendJson(res, 201, {}));
    const client = createApiClient({ baseUrl: server.url });
    await client.request('POST', '/v1/things', { body: { name: 'A' }, noContentType: true });
    const [req] = server.requests;
    expect(req?.headers['content-type']).toBeUndefined();
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.json()).toEqual({ name: 'A' });
  });

  it('G-3: FormData goes unchanged as multipart/form-data with the runtime boundary', async () => {
    server.on('POST', '/v1/report/load', (_req, res) => sendJson(res, 200, {}));
    const client = createApiClient({ baseUrl: server.url, store: signedIn() });
    const form = new FormData();
    form.append('note', 'hello');
    form.append('file', new Blob(['<xml/>'], { type: 'application/xml' }), 'case.xml');
    await client.request('POST', '/v1/report/load', { body: form });
    const [req] = server.requests;
    const contentType = String(req?.headers['content-type']);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
    expect(boundary).toBeTruthy();
    expect(req?.text).toContain(`--${boundary}`);
    expect(req?.text).toContain('name="file"; filename="case.xml"');
    expect(req?.text).toContain('<xml/>');
    expect(req?.headers.authorization).toBe('Bearer tok-1');
  });

  it('G-4: a non-2xx answer is raised with the parsed body', async () => {
    const body = apiError(404, 'NOT_FOUND', 'Report not found');
    server.on('GET', '/v1/reports/r1', (_req, res) => sendJson(res, 404, body));
    const client = createApiClient({ baseUrl: server.url });
    const err = await client.request('GET', '/v1/reports/r1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 404, body, code: 'NOT_FOUND', message: 'Report not found' });
  });

  it('G-4: an error answer that is not JSON keeps its text and says HTTP <status>', async () => {
    server.on('GET', '/v1/ping', (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const logger = { error: vi.fn(), warn: vi.fn() };
    const client = createApiClient({ baseUrl: server.url, logger });
    const err = await client.request('GET', '/v1/ping').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, body: '<h1>Bad gateway</h1>', message: 'HTTP 502' });
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('E-5: the error object has the fields code, statusCode, message, error and meta', async () => {
    const meta = { fields: [{ field: 'body/email', message: 'must be an email' }] };
    server.on('POST', '/v1/users', (_req, res) =>
      sendJson(res, 400, apiError(400, 'VALIDATION_FAILED', 'Invalid body', meta)),
    );
    const client = createApiClient({ baseUrl: server.url });
    const err = await client.request('POST', '/v1/users', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    const e = err as ApiRequestError;
    expect({
      code: e.code,
      statusCode: e.statusCode,
      message: e.message,
      error: e.error,
      meta: e.meta,
    }).toEqual({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      message: 'Invalid body',
      error: 'Bad Request',
      meta,
    });
  });

  it('G-6: text answers are returned as text; 204 and empty answers as undefined', async () => {
    const xml = '<?xml version="1.0"?><ichicsr/>';
    server.on('POST', '/v1/reports/json2xml', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(xml);
    });
    server.on('DELETE', '/v1/reports/r1', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const client = createApiClient({ baseUrl: server.url });
    await expect(
      client.request<string>('POST', '/v1/reports/json2xml', { body: { report: {} }, responseType: 'text' }),
    ).resolves.toBe(xml);
    await expect(client.request('DELETE', '/v1/reports/r1')).resolves.toBeUndefined();
    // A JSON request advertises JSON; a text one does not.
    expect(server.requests[0]?.headers.accept).not.toBe('application/json');
    // G-3: a JSON request says so even without a body.
    expect(server.requests[1]?.headers['content-type']).toBe('application/json');
  });

  it("reads a file answer as bytes with responseType 'blob', and a refusal of it as JSON", async () => {
    // Bytes that are not UTF-8: text decoding would replace them.
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x80]);
    server.on('GET', '/v1/formview/f1/zip', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/zip' });
      res.end(bytes);
    });
    server.on('GET', '/v1/formview/f2/zip', (_req, res) =>
      sendJson(res, 404, apiError(404, 'NOT_FOUND', 'Form view not found')),
    );
    const client = createApiClient({ baseUrl: server.url });
    const blob = await client.request<Blob>('GET', '/v1/formview/f1/zip', { responseType: 'blob' });
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([
      0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x80,
    ]);
    const refused = await client
      .request('GET', '/v1/formview/f2/zip', { responseType: 'blob' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).status).toBe(404);
    expect((refused as ApiRequestError).code).toBe('NOT_FOUND');
  });

  it('G-7: url() gives the full address of a download for plain browser navigation', async () => {
    server.on('GET', '/v1/drugs/export', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('a,b\n');
    });
    const client = createApiClient({ baseUrl: server.url, store: signedIn() });
    const href = client.url('/v1/drugs/export', { organisationId: 'o1' });
    expect(href).toBe(`${server.url}/v1/drugs/export?organisationId=o1`);
    expect(server.requests).toHaveLength(0);
  });

  it('E-1: an answer that cannot be parsed is logged with the exact message and raised again', async () => {
    server.on('GET', '/v1/ping', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"truncated":');
    });
    const logger = { error: vi.fn(), warn: vi.fn() };
    const client = createApiClient({ baseUrl: server.url, logger });
    const err = await client.request('GET', '/v1/ping').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SyntaxError);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith('Failed to parse API response', err);
  });

  it('E-4: a network failure raises "Network request failed"', async () => {
    const client = createApiClient({ baseUrl: await closedPortUrl() });
    const err = await client.request('GET', '/v1/ping').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toBe('Network request failed');
    expect(clientMessages.network).toBe('Network request failed');
  });

  it('E-4: a time-out raises "Network request failed"', async () => {
    server.on('GET', '/v1/slow', () => {
      // never answers
    });
    const client = createApiClient({ baseUrl: server.url, timeoutMs: 50 });
    await expect(client.request('GET', '/v1/slow')).rejects.toThrow(/^Network request failed$/);
    expect(server.requests).toHaveLength(1);
  });

  it('E-4: an aborted request raises the abort error, not a network error', async () => {
    const controller = new AbortController();
    server.on('GET', '/v1/slow', () => controller.abort());
    const client = createApiClient({ baseUrl: server.url });
    const err = await client
      .request('GET', '/v1/slow', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(err).not.toBeInstanceOf(NetworkError);
    const already = await client
      .request('GET', '/v1/slow', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(already).toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(1);
  });
});
