import { loadConfig } from './config.ts';
import { jobDefinitions } from './jobs.ts';
import { openDatabase } from './platform/database.ts';
import { startJobs } from './platform/jobs.ts';
import { withLocalDefaults } from './platform/local-state.ts';
import { mailerFor } from './platform/mail.ts';
import { runProcess } from './platform/startup.ts';

/** A worker process: runs background jobs from the shared queue. Start as many as you like. */
async function main() {
  const config = loadConfig(await withLocalDefaults(process.env, { httpPort: false }));
  const database = await openDatabase(config);
  const jobs = await startJobs(database.url, {
    supervise: true,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    queuePrefix: config.jobsQueuePrefix,
    maintenanceIntervalSeconds: config.jobsMaintenanceSeconds,
  });
  await jobs.work(jobDefinitions(database.db, mailerFor(config, database.db, jobs), config, jobs));
  console.log('[worker] ready');
  const shutdown = async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

runProcess(main);
