import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, with one difference from Fastify's parser: an empty body is no body. The
 * specification's client sends `Content-Type: application/json` on every JSON request
 * (G-3), also on DELETE and on bodiless PUT/POST; Fastify would refuse those with 400
 * "Body cannot be empty". Everything else (prototype-poisoning checks, errors) stays
 * Fastify's own.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // A JSON merge patch (RFC 7396) is JSON with its own media type (PATCH routes).
  app.addContentTypeParser(
    ['application/json', 'application/merge-patch+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parse(request, text, done);
    },
  );
}
