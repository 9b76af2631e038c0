import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it. */
export interface Recorded {
  method: string;
  url: string;
  /** The path without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The body parsed as JSON (throws when it is not JSON). */
  json(): unknown;
}

export type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  requests: Recorded[];
  /** Answer `METHOD /path` (query ignored) with the handler, until reset(). */
  on(method: string, path: string, handler: Handler): void;
  /** Forget the handlers and the recorded requests (call in beforeEach). */
  reset(): void;
  close(): Promise<void>;
}

/** A real HTTP server on a free port that records every request and answers from per-test handlers. */
export async function startServer(): Promise<TestServer> {
  const handlers = new Map<string, Handler>();
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '/';
      const path = url.split('?')[0] ?? url;
      const recorded: Recorded = {
        method: req.method ?? '',
        url,
        path,
        headers: req.headers,
        body,
        text: body.toString('utf8'),
        json: () => JSON.parse(body.toString('utf8')),
      };
      requests.push(recorded);
      const handler = handlers.get(`${recorded.method} ${path}`);
      if (!handler)
        return sendJson(res, 404, apiError(404, 'NOT_FOUND', `No handler for ${recorded.method} ${path}`));
      Promise.resolve(handler(recorded, res)).catch((err: unknown) => {
        sendJson(res, 500, apiError(500, 'INTERNAL_ERROR', String(err)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (method, path, handler) => {
      handlers.set(`${method} ${path}`, handler);
    },
    reset: () => {
      handlers.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // held answers (time-out and abort tests) must not keep it open
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The service's error object (E-5). */
export function apiError(
  statusCode: number,
  code: string,
  message: string,
  meta: Record<string, unknown> = {},
) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[statusCode];
  return { code, statusCode, message, error: error ?? 'Internal Server Error', meta };
}

/** A port that nothing listens on: a server is opened to reserve it, then closed. */
export async function closedPortUrl(): Promise<string> {
  const server = await startServer();
  await server.close();
  return server.url;
}
