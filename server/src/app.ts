import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type preValidationHookHandler } from 'fastify';
import { areas, auditCatalogue } from './areas.ts';
import type { Config } from './config.ts';
import { apiKeyActorLoader } from './modules/api-keys/api-keys.service.ts';
import { actorLoader } from './modules/auth/auth.service.ts';
import type { AppDeps } from './platform/app-types.ts';
import { useAuditCatalogue } from './platform/audit.ts';
import { registerAuthentication } from './platform/authenticate.ts';
import { setNoStore } from './platform/cache-control.ts';
import { registerEtags } from './platform/concurrency.ts';
import { clientErrorHandler, errorBody, frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { registerJsonBody } from './platform/json-body.ts';
import { serializeRequest } from './platform/log-redaction.ts';
import { type Mailer, mailerFor } from './platform/mail.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { parseQueryString, registerQueryStrings } from './platform/query-strings.ts';
import { logClientRequestId, newRequestId, runWithRequestIds } from './platform/request-ids.ts';
import { setStandardHeaders } from './platform/security-headers.ts';
import { type Storage, storageFor } from './platform/storage.ts';
import { createTokenSigner, type TokenSigner } from './platform/tokens.ts';
import { limitStreamedBody, MULTIPART_FILE_LIMIT } from './platform/uploads.ts';
import { isWebAsset, registerWeb } from './platform/web.ts';

/** The largest request body a route takes unless its options declare a larger `bodyLimit`. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

export const tokenSignerFor = (config: Config) =>
  createTokenSigner(config.jwtSecret, {
    access: config.accessTokenTtlSeconds,
    mfa: config.mfaSessionTtlSeconds,
  });

/** TRUST_PROXY for Fastify: a hop count becomes "trust the first n hops" (its types take no number). */
const trustProxyFor = ({ trustProxy }: Config) =>
  typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;

/** Builds the whole HTTP app: shared plugins first, then every area's routes (src/areas.ts). */
export async function buildApp(
  deps: Omit<AppDeps, 'tokens' | 'mailer' | 'storage'> & {
    tokens?: TokenSigner;
    mailer?: Mailer;
    storage?: Storage;
    /** Where the log lines go (standard output unless given; tests read them). */
    logStream?: { write(line: string): void };
  },
) {
  const { config } = deps;
  useAuditCatalogue(auditCatalogue());
  const full: AppDeps = {
    ...deps,
    tokens: deps.tokens ?? tokenSignerFor(config),
    mailer: deps.mailer ?? mailerFor(config, deps.db, deps.jobs),
    storage: deps.storage ?? storageFor(config),
  };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.refreshToken'],
      // Request URLs without their secrets (signed links, email and assignment tokens, SSO codes).
      serializers: { req: serializeRequest },
      ...(deps.logStream && { stream: deps.logStream }),
    },
    // Ids made here, never the client's x-request-id (decision 0027).
    genReqId: newRequestId,
    requestIdHeader: false,
    childLoggerFactory: logClientRequestId,
    trustProxy: trustProxyFor(config),
    // 100 KB: a route that needs more says so with its own `bodyLimit` (decision 0023).
    bodyLimit: DEFAULT_BODY_LIMIT,
    clientErrorHandler,
    frameworkErrors,
    routerOptions: { querystringParser: parseQueryString },
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('deps', full);
  // What every answer carries, in one step before every other hook (one hook, not three:
  // decision 0064): security headers and x-request-id, no-store on /v1, and the request's
  // ids for code far from the request (the audit writer) through the rest of its handling.
  app.addHook('onRequest', (request, reply, done) => {
    setStandardHeaders(request, reply);
    setNoStore(request, reply);
    runWithRequestIds(request, done);
  });

  registerErrorHandling(app, Object.assign({}, ...areas.map((area) => area.conflicts ?? {})));
  registerJsonBody(app);
  registerQueryStrings(app);
  registerEtags(app);
  // A POST or PUT sent with no body at all is read as `{}`, so "nothing to say" is valid
  // wherever every field is optional (logout, for one). Only routes with a body schema get
  // the hook: decided once per route, not per request (decision 0064).
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const emptyBody: preValidationHookHandler = (request, _reply, done) => {
      if (request.body === undefined) request.body = {};
      done();
    };
    route.preValidation = [
      emptyBody,
      ...(route.preValidation === undefined ? [] : [route.preValidation].flat()),
    ];
  });
  registerInputGuard(app);
  // Without CORS_ORIGINS no other origin may call: no hook at all (the plugin's hook would
  // run on every request only to do nothing; preflights answer 404 either way).
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: false });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The web app's hashed files are not counted: one page load fetches dozens of them, and
    // many real users share one address behind a NAT. They are immutable, precompressed and
    // cached for a year; the API calls and pages they lead to are still counted (decision 0125).
    allowList: (request) => isWebAsset(request.method, request.url),
    // Limit headers only where they help: on the 429 itself (with retry-after).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(
        'TOO_MANY_REQUESTS',
        429,
        `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`,
      ),
      statusCode: 429,
    }),
  });
  // multipart/form-data for every `multipart:` row (G-3), registered once here. Files are
  // read as streams by the routes that take them; each route checks its own limits.
  await app.register(multipart, { limits: { fileSize: MULTIPART_FILE_LIMIT, files: 20, fields: 50 } });
  await registerOpenApi(app);
  registerAuthentication(app, full.tokens, actorLoader(full.db, full.actorCache), apiKeyActorLoader(full.db));
  // After authentication's hook, so it runs first: a Content-Length over a multipart route's
  // bodyLimit is a 413 before anything else is done or read (issue 28 item 6).
  app.addHook('onRoute', limitStreamedBody);

  for (const area of areas) area.routes?.(app);

  await registerWeb(app, config.webDist);
  return app;
}
