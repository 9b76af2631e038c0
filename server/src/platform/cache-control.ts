import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * `Cache-Control: no-store` on every `/v1` answer (decision 0027): the API answers with
 * personal and health data, tokens and error details that no browser cache, proxy or
 * shared computer should keep. A route that deliberately says otherwise keeps its own header.
 */
export function setNoStore(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url;
  const isApi = path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1?');
  if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/** Set at `onSend`, so errors, 404s and 429s carry it too (frameworkErrors() calls setNoStore itself). */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    setNoStore(request, reply);
    done(null, payload);
  });
}
