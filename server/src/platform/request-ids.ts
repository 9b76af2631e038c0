import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Request ids (decision 0027). The id of every request is made here, never taken from the
 * client: it names the request in logs, in error answers (`meta.requestId`), in the
 * `x-request-id` answer header and in audit rows. A client's own `x-request-id` is kept
 * apart — as `clientRequestId` in the request's log lines and `client_request_id` in its
 * audit rows — and only when it is a plain token, so it can correlate but never forge.
 */

/** What a client's id may look like: up to 64 letters, digits, dots, underscores, hyphens. */
const CLIENT_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The client's `x-request-id` when it is one plain token; null otherwise (absent, repeated, odd). */
export function clientRequestIdOf(headers: IncomingHttpHeaders): string | null {
  const value = headers['x-request-id'];
  return typeof value === 'string' && CLIENT_ID.test(value) ? value : null;
}

/** Fastify's `genReqId`: a new UUID for every request. */
export const newRequestId = () => randomUUID();

/** Fastify's `childLoggerFactory`: every log line of a request also names the client's id. */
export function logClientRequestId(
  logger: FastifyBaseLogger,
  bindings: Parameters<FastifyBaseLogger['child']>[0],
  options: Parameters<FastifyBaseLogger['child']>[1],
  raw: { headers: IncomingHttpHeaders },
): FastifyBaseLogger {
  const clientRequestId = clientRequestIdOf(raw.headers);
  return logger.child(clientRequestId ? { ...bindings, clientRequestId } : bindings, options);
}

interface RequestIds {
  requestId: string;
  clientRequestId: string | null;
}

/**
 * The ids of the request being served, for code far from the request (the audit writer).
 * Node's AsyncLocalStorage carries them through every await of the request's handling.
 */
const current = new AsyncLocalStorage<RequestIds>();

/** Serves each request inside its ids' context; register it before every other hook. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run({ requestId: request.id, clientRequestId: clientRequestIdOf(request.headers) }, done);
  });
}

/**
 * The client's id of the request whose server id is `requestId`, when that request is the
 * one being served (a job writing an audit row for an older request gets null).
 */
export function clientRequestIdFor(requestId: string | null | undefined): string | null {
  const ids = current.getStore();
  return ids && requestId && ids.requestId === requestId ? ids.clientRequestId : null;
}
