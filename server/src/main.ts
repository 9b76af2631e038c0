import { buildApp } from './app.ts';
import { sealedColumns } from './areas.ts';
import { loadConfig } from './config.ts';
import { jobDefinitions } from './jobs.ts';
import type { Actor } from './platform/access.ts';
import { startActorCache } from './platform/actor-cache.ts';
import { openDatabase } from './platform/database.ts';
import { startJobs } from './platform/jobs.ts';
import { withLocalDefaults } from './platform/local-state.ts';
import { mailerFor } from './platform/mail.ts';
import { resealStoredSecrets } from './platform/secrets-reseal.ts';
import { runProcess } from './platform/startup.ts';
import { bootstrap } from './seed/bootstrap.ts';

/** Reads config, opens the database (embedded when DATABASE_URL is unset), serves, and shuts down cleanly. */
async function main() {
  const config = loadConfig(await withLocalDefaults(process.env, { httpPort: true }));
  const database = await openDatabase(config);
  const connectTimeoutMs = config.dbConnectTimeoutMs;
  const jobs = await startJobs(database.url, {
    supervise: config.runWorker,
    connectTimeoutMs,
    queuePrefix: config.jobsQueuePrefix,
    maintenanceIntervalSeconds: config.jobsMaintenanceSeconds,
  });
  const actorCache = config.actorCacheTtlSeconds
    ? await startActorCache<Actor>(database.url, {
        ttlMs: config.actorCacheTtlSeconds * 1000,
        maxEntries: 50_000,
        connectTimeoutMs,
        onError: (error) => console.error(`[actor-cache] connection lost: ${error.message}`),
      })
    : undefined;
  const app = await buildApp({ config, db: database.db, jobs, actorCache });
  await bootstrap(config, database.db, app.log);
  // Values sealed under JWT_SECRET (before decision 0057) or an older key move to the current one.
  const { resealed, unreadable } = await resealStoredSecrets(database.db, config, sealedColumns);
  if (Object.values(resealed).some(Boolean)) app.log.info({ resealed }, 'stored secrets re-sealed');
  if (Object.values(unreadable).some(Boolean))
    app.log.warn({ unreadable }, 'stored secrets no key of SECRETS_KEYS opens (see docs/decisions/0057)');
  if (config.runWorker)
    await jobs.work(jobDefinitions(database.db, mailerFor(config, database.db, jobs), config, jobs));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    await app.close();
    await jobs.stop();
    await actorCache?.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Vigilo is serving on http://localhost:${config.port} (API docs at /docs)`);
  if (config.seedDemo && !['127.0.0.1', 'localhost', '::1'].includes(config.host)) {
    app.log.warn(
      `The demo accounts (published password) can be reached from other machines through ${config.host}`,
    );
  }
}

runProcess(main);
