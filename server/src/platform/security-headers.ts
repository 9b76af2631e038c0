import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers every answer carries, from `helmet`. Its configuration is static,
 * so its headers are the same on every answer: they are read from it once, at start, and
 * set per request in one step (running its dozen middlewares per request, each calling
 * Node's validating `setHeader`, cost ~10% of an authenticated request; decision 0061).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine sets inline styles; scripts stay same-origin only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The case view previews a PDF attachment from its bytes in a blob: frame (decision 0137).
        frameSrc: ["'self'", 'blob:'],
      },
    },
  });
  let failure: unknown;
  apply({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure || Object.keys(headers).length === 0) throw new Error('helmet set no headers');
  return headers;
}

const HEADERS = securityHeaders();

/**
 * The security headers and the request id: on every answer, set in the app's first onRequest
 * step (frameworkErrors() calls it too, as no hook sees those). Swagger UI (/docs) replaces
 * the CSP with its own stricter static one.
 */
export function setStandardHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(HEADERS);
  reply.header('x-request-id', request.id);
}
