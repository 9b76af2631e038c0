import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * `Cache-Control: no-store` on every `/v1` answer (decision 0027): the API answers with
 * personal and health data, tokens and error details that no browser cache, proxy or
 * shared computer should keep. Set in the app's first onRequest step, so errors, 404s and
 * 429s carry it too (frameworkErrors() calls it itself); a route that deliberately says
 * otherwise sets its own header later, which replaces it.
 */
export function setNoStore(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url;
  const isApi = path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1?');
  if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}
