import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3.1 generated from the route schemas, at /v1/openapi.json and browsable at /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vigilo API',
        version: '1',
        description:
          'Collect, review and submit adverse-event reports. Errors always answer `{code, statusCode, message, error, meta}`. ' +
          'An expired or invalid access token answers 403 (TOKEN_EXPIRED / TOKEN_INVALID): refresh with POST /v1/token and retry once.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          mfaSession: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The `sessionId` of a login that answered `requiresMfa`; good only for the MFA step.',
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description:
              "An application's API key (`vk_…`), also accepted as `Authorization: Bearer vk_…`; only on routes that say so.",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      // Public routes need no bearer, `anyone` routes take one if given; say so in the document.
      const auth = (route.config as { auth?: string } | undefined)?.auth;
      const security: Record<string, string[]>[] | undefined =
        auth === 'public'
          ? []
          : auth === 'mfa'
            ? [{ mfaSession: [] }]
            : auth === 'user-or-key'
              ? [{ bearer: [] }, { apiKey: [] }]
              : auth === 'anyone'
                ? // `{}`: no credentials at all is accepted too (anonymous reporting, decision 0078).
                  [{}, { bearer: [] }, { apiKey: [] }]
                : undefined;
      const out = security ? { ...schema, security } : schema;
      return { schema: out, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/v1/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger());
}
