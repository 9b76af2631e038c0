import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { Config } from './config.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { loadActor } from './modules/auth/auth.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { registerAuthentication } from './platform/authenticate.ts';
import type { Db } from './platform/db.ts';
import { errorBody, registerErrorHandling } from './platform/errors.ts';
import type { Jobs } from './platform/jobs.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { createTokenSigner, type TokenSigner } from './platform/tokens.ts';
import { registerWeb } from './platform/web.ts';

/** What the app is built from. Tests build it with their own database and config. */
export interface AppDeps {
  config: Config;
  db: Db;
  jobs: Jobs;
  tokens: TokenSigner;
}

/** The app as route files see it: TypeBox-typed, with its dependencies. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export const tokenSignerFor = (config: Config) =>
  createTokenSigner(config.jwtSecret, {
    access: config.accessTokenTtlSeconds,
    mfa: config.mfaSessionTtlSeconds,
  });

/** Builds the whole HTTP app: shared plugins first, then every module's routes, listed by hand. */
export async function buildApp(deps: Omit<AppDeps, 'tokens'> & { tokens?: TokenSigner }) {
  const { config } = deps;
  const full: AppDeps = { ...deps, tokens: deps.tokens ?? tokenSignerFor(config) };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.refreshToken'],
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.env === 'production',
    bodyLimit: 10 * 1024 * 1024,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('deps', full);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine sets inline styles; scripts stay same-origin only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: false,
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(
        'TOO_MANY_REQUESTS',
        429,
        `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`,
      ),
      statusCode: 429,
    }),
  });
  await registerOpenApi(app);
  registerAuthentication(app, full.tokens, (claims) => loadActor(full.db, claims));

  healthRoutes(app);
  authRoutes(app);
  userRoutes(app);

  await registerWeb(app, config.webDist);
  return app;
}
