import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every `/v1` answer (decision 0027): the API answers with
 * personal and health data, tokens and error details that no browser cache, proxy or
 * shared computer should keep. Set at `onSend`, so errors, 404s and 429s carry it too; a
 * route that deliberately says otherwise keeps its own header.
 */
export function registerNoStore(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer (decision 0061).
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url;
    const isApi = path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1?');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
