import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from './db.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

/** A background job type: its queue name, its handler and, optionally, a cron schedule. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: JobHandler<T>;
  /** cron expression (UTC) to run it periodically. */
  cron?: string;
  /** How often an idle worker looks for new jobs (pg-boss polls; minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** How many jobs a worker takes per poll (1 unless said): pg-boss waits the interval between polls. */
  batchSize?: number;
}

export interface Jobs {
  /**
   * Enqueues a job. Pass the transaction that makes the change the job follows from, so
   * the job exists exactly when the change commits (transactional outbox).
   */
  send<T extends object>(
    name: string,
    data: T,
    options?: { singletonKey?: string; db?: Db },
  ): Promise<string | null>;
  /** Starts workers for the given definitions in this process. */
  work(definitions: JobDefinition[]): Promise<void>;
  /** For the health check: can the queue be read? */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss over the same PostgreSQL: jobs are rows, durable and transactional with the data.
 * When the database goes away, pg-boss reports errors (logged here, never thrown) and its
 * workers keep polling, so they resume by themselves when it is back.
 */
export async function startJobs(
  connectionString: string,
  options: { supervise: boolean; connectTimeoutMs?: number },
): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    supervise: options.supervise,
    schedule: options.supervise,
    application_name: 'vigilo-jobs',
    // The owner installs and upgrades pg-boss's schema (database.ts); the app only uses it.
    migrate: false,
    // Passed on to pg's pool: a dead database fails a poll quickly instead of hanging it.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    keepAlive: true,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => console.error('[jobs]', error.message));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };
  return {
    async send(name, data, opts = {}) {
      await ensureQueue(name);
      const db = opts.db;
      return boss.send(name, data, {
        singletonKey: opts.singletonKey,
        retryLimit: 5,
        retryBackoff: true,
        ...(db && {
          db: {
            executeSql: async (text: string, values: unknown[]) => {
              const result = await db.executeQuery(CompiledQuery.raw(text, values));
              return { rows: result.rows as unknown[] };
            },
          },
        }),
      });
    },
    async work(definitions) {
      for (const def of definitions) {
        await ensureQueue(def.name);
        await boss.work<object>(
          def.name,
          { batchSize: def.batchSize ?? 1, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 },
          async (batch) => {
            for (const job of batch) await def.handler(job.data);
          },
        );
        if (def.cron && options.supervise) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
    },
    async check() {
      await boss.getQueues();
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
