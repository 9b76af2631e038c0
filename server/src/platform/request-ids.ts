import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

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

/**
 * Fastify's `childLoggerFactory`: every log line of a request names its id and, when the
 * client sent a plain one, the client's id. The pino child that carries them is made when
 * the request first logs at an enabled level: at the usual levels most requests never do,
 * and a child per request was ~3% of an authenticated request (decision 0064). A route
 * with its own log level or serializers gets its child at once.
 */
export function logClientRequestId(
  logger: FastifyBaseLogger,
  bindings: Parameters<FastifyBaseLogger['child']>[0],
  options: Parameters<FastifyBaseLogger['child']>[1],
  raw: { headers: IncomingHttpHeaders },
): FastifyBaseLogger {
  const clientRequestId = clientRequestIdOf(raw.headers);
  const all = clientRequestId ? { ...bindings, clientRequestId } : bindings;
  if (options?.level !== undefined || options?.serializers !== undefined) return logger.child(all, options);
  return new RequestLogger(logger, all, options) as unknown as FastifyBaseLogger;
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Args = Parameters<FastifyBaseLogger['info']>;

/** A request's logger that makes its pino child on the first line it really writes. */
class RequestLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Parameters<FastifyBaseLogger['child']>[0];
  readonly #options: Parameters<FastifyBaseLogger['child']>[1];
  #child: FastifyBaseLogger | undefined;

  constructor(
    parent: FastifyBaseLogger,
    bindings: Parameters<FastifyBaseLogger['child']>[0],
    options: Parameters<FastifyBaseLogger['child']>[1],
  ) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: Level, args: Args): void {
    const enabled = (this.#parent as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    if (!this.#child && enabled?.call(this.#parent, level) === false) return;
    this.#real()[level](...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  fatal(...args: Args) {
    this.#write('fatal', args);
  }
  error(...args: Args) {
    this.#write('error', args);
  }
  warn(...args: Args) {
    this.#write('warn', args);
  }
  info(...args: Args) {
    this.#write('info', args);
  }
  debug(...args: Args) {
    this.#write('debug', args);
  }
  trace(...args: Args) {
    this.#write('trace', args);
  }
  silent(...args: Args) {
    this.#real().silent(...args);
  }
  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#real().child(...args);
  }
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

/**
 * Runs the rest of the request's handling (`done`) inside its ids' context: called from
 * the app's first onRequest step, so every later hook, the handler and the audit writer see it.
 */
export function runWithRequestIds(request: FastifyRequest, done: () => void): void {
  current.run({ requestId: request.id, clientRequestId: clientRequestIdOf(request.headers) }, done);
}

/**
 * The client's id of the request whose server id is `requestId`, when that request is the
 * one being served (a job writing an audit row for an older request gets null).
 */
export function clientRequestIdFor(requestId: string | null | undefined): string | null {
  const ids = current.getStore();
  return ids && requestId && ids.requestId === requestId ? ids.clientRequestId : null;
}
