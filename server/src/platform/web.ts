import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeNotFound } from './errors.ts';

/** Source maps are never served, even when a build left some in the folder (decision 0027). */
const isSourceMap = (path: string) => path.toLowerCase().endsWith('.map');

/**
 * Serves the built web app at `/`, with client-side routing: a GET for a page the server
 * does not know, from a browser, answers index.html. API paths and source maps always
 * answer a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      allowedPath: (path) => !isSourceMap(path),
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/v1/') || path === '/v1' || path.startsWith('/docs');
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && !isApi && !isSourceMap(path) && (wantsPage || path === '/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return routeNotFound(request, reply);
  });
}
