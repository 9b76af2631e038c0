import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeNotFound } from './errors.ts';

/** Source maps are never served, even when a build left some in the folder (decision 0027). */
const isSourceMap = (path: string) => path.toLowerCase().endsWith('.map');

/**
 * How long a browser may keep a file (decision 0039). Everything under assets/ is named by
 * Vite after a hash of its content and never changes: a year. index.html names the current
 * assets, so it is checked on every visit. Anything else (the favicon): an hour.
 */
function cacheControl(webDist: string, file: string): string {
  const path = relative(webDist, file).replace(/\.(br|gz)$/, '');
  if (path === 'index.html') return 'no-cache';
  if (path.startsWith(`assets${sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** A GET or HEAD of one of the web app's hashed, immutable files (`/assets/…`). */
export const isWebAsset = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && url.startsWith('/assets/') && !url.includes('..');

/**
 * Serves the built web app at `/`, with client-side routing: a GET for a page the server
 * does not know, from a browser, answers index.html. API paths and source maps always
 * answer a JSON 404. The build writes a brotli and a gzip copy beside each file; the one the
 * browser accepts is sent.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControl(webDist, file)),
      allowedPath: (path) => !isSourceMap(path),
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/v1/') || path === '/v1' || path.startsWith('/docs');
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && !isApi && !isSourceMap(path) && (wantsPage || path === '/')) {
      return reply.sendFile('index.html');
    }
    return routeNotFound(request, reply);
  });
}
