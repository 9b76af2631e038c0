import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from '../config.ts';
import type { Actor } from './access.ts';
import type { ActorCache } from './actor-cache.ts';
import type { Db } from './db.ts';
import type { Jobs } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { Storage } from './storage.ts';
import type { TokenSigner } from './tokens.ts';

// The app's types live here, not in app.ts, so that areas depend on the platform only, never on
// the file that assembles every area (decision 0316).

/** What the app is built from. Tests build it with their own database and config. */
export interface AppDeps {
  config: Config;
  db: Db;
  jobs: Jobs;
  tokens: TokenSigner;
  /** Request actors cached per process, invalidated by PostgreSQL notifications; absent = always read. */
  actorCache?: ActorCache<Actor>;
  mailer: Mailer;
  /** Where file bytes live (platform/storage.ts): local disk or S3, from the configuration. */
  storage: Storage;
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
