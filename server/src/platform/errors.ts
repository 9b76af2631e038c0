import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  type ApiError,
  type ErrorCode,
  errorCodes,
  type FieldError,
  type FieldReason,
} from '@vigilo/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Conflict } from './area.ts';
import { setNoStore } from './cache-control.ts';
import {
  BUSY_RETRY_AFTER_SECONDS,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseBusy,
  isDatabaseUnavailable,
} from './database-errors.ts';
import { closeUnreadBody } from './lingering-close.ts';
import { setStandardHeaders } from './security-headers.ts';

/**
 * The one error class. Services throw it with a code from the catalogue; the error
 * handler turns it into `{code, statusCode, message, error, meta}`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly meta: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = errorCodes[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Authentication is required') =>
  new AppError('UNAUTHENTICATED', message, {}, { 'www-authenticate': 'Bearer' });

export function errorBody(
  code: ErrorCode | string,
  statusCode: number,
  message: string,
  meta = {},
): ApiError {
  return { code, statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error', meta };
}

/** Ajv's keywords as the catalogue's field reasons (contract `fieldReasons`); others are 'invalid'. */
const ajvReasons: Record<string, FieldReason> = {
  required: 'required',
  additionalProperties: 'notAllowed',
  minLength: 'tooShort',
  maxLength: 'tooLong',
  minimum: 'tooSmall',
  exclusiveMinimum: 'tooSmall',
  maximum: 'tooLarge',
  exclusiveMaximum: 'tooLarge',
  minItems: 'tooFew',
  maxItems: 'tooMany',
  format: 'format',
  pattern: 'format',
  type: 'format',
  enum: 'choice',
  const: 'choice',
};

/**
 * Ajv's validation errors as `[{field, message, reason, limit}]`, e.g. `body/email: must match
 * format "email"` with reason 'format'. The reason is what the web app translates.
 */
function fieldErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((v) => {
    const missing = v.keyword === 'required' ? `/${String(v.params.missingProperty)}` : '';
    const extra = v.keyword === 'additionalProperties' ? `/${String(v.params.additionalProperty)}` : '';
    const path = `${v.instancePath}${missing}${extra}`.replace(/^\//, '');
    const message =
      v.keyword === 'additionalProperties' ? 'is not an allowed field' : (v.message ?? 'is invalid');
    const reason = ajvReasons[v.keyword] ?? 'invalid';
    const limit = typeof v.params.limit === 'number' ? { limit: v.params.limit } : {};
    return { field: path ? `${context}/${path}` : context, message, reason, ...limit };
  });
}

/** A refusal of one field: VALIDATION_FAILED with `meta.fields = [{field, message, reason}]`. */
export function fieldError(field: string, reason: FieldReason, message: string, limit?: number): AppError {
  const entry: FieldError = { field, message, reason, ...(limit === undefined ? {} : { limit }) };
  return new AppError('VALIDATION_FAILED', message, { fields: [entry] });
}

/** A PostgreSQL unique violation (SQLSTATE 23505), with the index or constraint it broke. */
const uniqueViolation = (error: unknown): string | null => {
  const pg = error as { code?: unknown; constraint?: unknown };
  return pg.code === '23505' ? (typeof pg.constraint === 'string' ? pg.constraint : '') : null;
};

function toApiError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  conflicts: Readonly<Record<string, Conflict>>,
): ApiError {
  if (error instanceof AppError) return errorBody(error.code, error.statusCode, error.message, error.meta);
  const constraint = uniqueViolation(error);
  if (constraint !== null) {
    // Two requests raced past the service's own check: the loser gets the 409 the check
    // would have given it. The constraint's name stays inside; the field comes from the
    // area that declared it (platform/area.ts).
    const known = Object.hasOwn(conflicts, constraint) ? conflicts[constraint] : undefined;
    const fields = known ? [{ field: known.field, message: known.message, reason: 'taken' as const }] : [];
    const message = known
      ? `${known.field} ${known.message}`
      : 'This conflicts with something that exists already';
    return errorBody('CONFLICT', 409, message, { fields });
  }
  if (bodyCutOff(request, error))
    return errorBody('BAD_REQUEST', 400, 'The request body was cut off before its end');
  const fe = error as FastifyError;
  if (fe.validation) {
    const fields = fieldErrors(fe);
    const summary = fields.map((f) => `${f.field} ${f.message}`).join('; ');
    return errorBody('VALIDATION_FAILED', 400, `Invalid request: ${summary}`, { fields });
  }
  const status = fe.statusCode ?? 500;
  if (status === 413) return errorBody('PAYLOAD_TOO_LARGE', 413, 'The request body is too large');
  if (status === 415) return errorBody('UNSUPPORTED_MEDIA_TYPE', 415, fe.message);
  if (status === 429) return errorBody('TOO_MANY_REQUESTS', 429, 'Too many requests, try again later');
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, empty body): their messages carry no internals.
    return errorBody('BAD_REQUEST', status, fe.message || 'Bad request');
  }
  const busy = databaseBusy(error);
  if (busy) {
    request.log.warn({ reason: error.message, busy }, 'database busy');
    return errorBody('BUSY', 503, BUSY_MESSAGES[busy], {
      reason: busy,
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ reason: error.message }, 'database unavailable');
    return errorBody(
      'DATABASE_UNAVAILABLE',
      503,
      'The database cannot be reached right now; try again in a few seconds',
      { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    );
  }
  request.log.error({ err: error }, 'unhandled error');
  return errorBody('INTERNAL_ERROR', 500, 'Something went wrong on our side. It has been logged.', {
    requestId: request.id,
  });
}

/** A busy database in its own words (decision 0336): it answers, later, not an outage. */
const BUSY_MESSAGES = {
  connections: 'The server is busy with other requests right now; try again in a few seconds',
  statementTimeout:
    'The database took too long over this request and stopped it; try again in a few seconds, or narrow what you asked for',
} as const;

/** Whether the request declared a body (a length or chunks). */
const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length']) > 0 || request.headers['transfer-encoding'] !== undefined;

/** The errors a body that stops before its end raises while it is read (the client aborted). */
const CUT_OFF = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'FST_MP_PREMATURE_CLOSE']);

/**
 * A body the client stopped sending before its end (it closed or aborted the connection):
 * the client's doing, a 400 (issue 28 item 6), never a 500; nothing was stored, the handler
 * failed while reading.
 */
const bodyCutOff = (request: FastifyRequest, error: Error & { code?: string }) =>
  hasBody(request) &&
  !request.raw.complete &&
  (request.raw.aborted || request.raw.destroyed || (error.code !== undefined && CUT_OFF.has(error.code)));

/** Installs the error and not-found handlers that give every failure the one shape. */
export function registerErrorHandling(
  app: FastifyInstance,
  conflicts: Readonly<Record<string, Conflict>> = {},
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply: FastifyReply) => {
    const body = toApiError(error, request, conflicts);
    if (error instanceof AppError) reply.headers(error.headers);
    if (body.code === 'DATABASE_UNAVAILABLE') reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
    if (body.code === 'BUSY') reply.header('retry-after', BUSY_RETRY_AFTER_SECONDS);
    if (error instanceof AppError || body.statusCode < 500)
      request.log.info({ code: body.code }, body.message);
    // Answered before the body has all arrived (too large, refused at once): the connection
    // closes after the answer, so the rest is never read (decision 0156).
    if (hasBody(request) && !request.raw.complete) void closeUnreadBody(request, reply);
    return reply.status(body.statusCode).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`%E0%A4%A`) or a path segment
 * over the router's length limit, answered in the one error shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setStandardHeaders(request, reply);
  setNoStore(request, reply);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the path is too long' : 'The URL is not valid';
  return reply.status(status).send(errorBody('BAD_REQUEST', status, message));
}

/**
 * The HTTP server's `clientError` handler: a request Node's parser refuses (control
 * characters in a header, headers over 16 KB, a timeout) still gets the error shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? (['HEADERS_TOO_LARGE', 431, 'The request headers are too large'] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? (['REQUEST_TIMEOUT', 408, 'The request took too long to arrive'] as const)
        : (['BAD_REQUEST', 400, 'The request is not valid HTTP'] as const);
  const body = JSON.stringify(errorBody(code, status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The 404 answer for an unknown API route. */
export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body = errorBody('NOT_FOUND', 404, `Route ${request.method} ${request.url.split('?')[0]} not found`);
  return reply.status(404).send(body);
}
