import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Actor } from '../src/platform/access.ts';
import { startActorCache } from '../src/platform/actor-cache.ts';
import type { AppInstance } from '../src/platform/app-types.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { type Jobs, startJobs } from '../src/platform/jobs.ts';

export interface TestApp {
  /** Base address of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  db: Db;
  jobs: Jobs;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a real port against the test database. `env` overrides configuration
 * (for example a short ACCESS_TOKEN_TTL).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  extend?: (app: AppInstance) => void,
  logStream?: { write(line: string): void },
  /** The app's database handle, when the test needs its own (test/pinned-clock.ts). */
  makeDb?: (databaseUrl: string) => Db,
): Promise<TestApp> {
  const databaseUrl = inject('databaseUrl');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: inject('jwtSecret'),
    SECRETS_KEYS: inject('secretsKeys'),
    WEB_DIST: 'test/no-web',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Tests sign in many users from one address; the per-account throttle is tested on its own.
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    // Test files run at once on one database: each app's jobs (mail above all) stay its own.
    JOBS_QUEUE_PREFIX: testQueuePrefix(),
    ...env,
  });
  const db = makeDb ? makeDb(databaseUrl) : createDb(databaseUrl, 4);
  const jobs = await startJobs(databaseUrl, { supervise: false, queuePrefix: config.jobsQueuePrefix });
  const actorCache = config.actorCacheTtlSeconds
    ? await startActorCache<Actor>(databaseUrl, {
        ttlMs: config.actorCacheTtlSeconds * 1000,
        maxEntries: 1000,
      })
    : undefined;
  const app = await buildApp({ config, db, jobs, actorCache, ...(logStream && { logStream }) });
  extend?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    jobs,
    config,
    async close() {
      await app.close();
      await jobs.stop();
      await actorCache?.close();
      await db.destroy();
    },
  };
}

/**
 * The opening of a test file that uses the app: started before the file's tests (`beforeAll`)
 * and closed after them (`afterAll`). The handle reads the started app, so `app.url` and `app.db`
 * work in any hook or test that runs after it; read at the file's top level, it says so.
 * `env` may be a function, run in that `beforeAll`: for configuration that names another
 * server the file starts first (an SMTP server, a receiver) in a `beforeAll` registered before
 * this call; its `afterAll`, registered before too, then runs after the app is closed.
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>) = {},
  extend?: (app: AppInstance) => void,
  logStream?: { write(line: string): void },
  makeDb?: (databaseUrl: string) => Db,
): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    const settings = typeof env === 'function' ? await env() : env;
    started = await startTestApp(settings, extend, logStream, makeDb);
  });
  afterAll(() => started?.close());
  const app = () => {
    if (!started) throw new Error('useTestApp: the app starts in beforeAll; read it inside a hook or a test');
    return started;
  };
  return {
    get url() {
      return app().url;
    },
    get db() {
      return app().db;
    },
    get jobs() {
      return app().jobs;
    },
    get config() {
      return app().config;
    },
    close: () => app().close(),
  };
}

/** A job-queue prefix of its own, for a test that starts jobs (or a worker) beside its app. */
export function testQueuePrefix(): string {
  return `t${randomUUID().slice(0, 8)}_`;
}
