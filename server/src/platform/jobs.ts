import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { ListeningClient, reportConnectionLost } from './database-errors.ts';
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
  /** Run the jobs of one batch at once rather than one after another (independent network calls). */
  parallel?: boolean;
}

export interface Jobs {
  /**
   * Enqueues a job. Pass the transaction that makes the change the job follows from, so
   * the job exists exactly when the change commits (transactional outbox).
   */
  send<T extends object>(
    name: string,
    data: T,
    options?: {
      singletonKey?: string;
      db?: Db;
      /**
       * An INSERT (with `db`) run in the same statement as the job's own insert, before it:
       * the row the job is about (an outbox message) and its job in one round trip.
       */
      alongside?: CompiledQuery;
      /**
       * Retries after a failed run (5 unless said), the first after `retryDelaySeconds`
       * (1 unless said), each next one about twice as late with random jitter (pg-boss's
       * backoff: delay × 2^n / 2, plus up to as much again at random).
       */
      retryLimit?: number;
      retryDelaySeconds?: number;
      /** Not before this many seconds from now (by the database's clock). */
      startAfterSeconds?: number;
      /** How long a run may take before pg-boss counts it failed (a killed worker's job waits this long; 15 minutes unless said). */
      expireInSeconds?: number;
    },
  ): Promise<string | null>;
  /** Starts workers for the given definitions in this process. */
  work(definitions: JobDefinition[]): Promise<void>;
  /** For the health check: can the queue be read? */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss's insert of a job (`text`, `values`) preceded, in the same statement, by another
 * INSERT as a common table expression: its parameters are numbered on after pg-boss's.
 */
function withAlongside(alongside: CompiledQuery, text: string, values: unknown[]) {
  if (!/^\s*insert\b/i.test(alongside.sql) || !/^\s*insert\b/i.test(text))
    throw new Error('jobs: `alongside` goes with an INSERT of a job only');
  const shifted = alongside.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + values.length}`);
  return { text: `WITH alongside AS (${shifted}) ${text}`, values: [...values, ...alongside.parameters] };
}

/**
 * pg-boss over the same PostgreSQL: jobs are rows, durable and transactional with the data.
 * When the database goes away, pg-boss reports errors (logged here, never thrown) and its
 * workers keep polling, so they resume by themselves when it is back.
 */
export async function startJobs(
  connectionString: string,
  options: {
    supervise: boolean;
    connectTimeoutMs?: number;
    queuePrefix?: string;
    /** How often a supervising process hands out again the jobs of dead workers (pg-boss's 120 s unless said). */
    maintenanceIntervalSeconds?: number;
    /** The connections' application_name (`vigilo-jobs` unless said): how they are told apart in pg_stat_activity. */
    applicationName?: string;
  },
): Promise<Jobs> {
  // Every queue name goes through this: the prefix keeps apart deployments (and test
  // files) that share one database, so one's worker never takes another's jobs.
  const queue = (name: string) => `${options.queuePrefix ?? ''}${name}`;
  const boss = new PgBoss({
    connectionString,
    max: 4,
    supervise: options.supervise,
    schedule: options.supervise,
    application_name: options.applicationName ?? 'vigilo-jobs',
    // The owner installs and upgrades pg-boss's schema (database.ts); the app only uses it.
    migrate: false,
    // Passed on to pg's pool: a dead database fails a poll quickly instead of hanging it.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    keepAlive: true,
    // Passed on to pg's pool too: its clients in use are never without an 'error' listener.
    Client: ListeningClient,
    ...(options.maintenanceIntervalSeconds !== undefined && {
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    }),
  } as PgBoss.ConstructorOptions);
  // A lost connection is said once per outage, in words; pg-boss's other errors as they come.
  boss.on('error', (error) => reportConnectionLost('jobs', error));
  await boss.start();
  // One creation per queue and process, shared by concurrent callers. Two processes
  // creating the same new queue at once can deadlock or collide inside pg-boss (a queue is a
  // partition table): the loser tries again and finds the queue there.
  const creating = new Map<string, Promise<string>>();
  const createQueue = async (name: string): Promise<string> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name);
        return name;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 4 || (code !== '40P01' && code !== '23505')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
      }
    }
  };
  const ensureQueue = (name: string): Promise<string> => {
    let created = creating.get(name);
    if (!created) {
      created = createQueue(name);
      creating.set(name, created);
      created.catch(() => creating.delete(name));
    }
    return created;
  };
  return {
    async send(name, data, opts = {}) {
      const db = opts.db;
      return boss.send(await ensureQueue(queue(name)), data, {
        singletonKey: opts.singletonKey,
        retryLimit: opts.retryLimit ?? 5,
        retryBackoff: true,
        ...(opts.retryDelaySeconds !== undefined && { retryDelay: opts.retryDelaySeconds }),
        ...(opts.expireInSeconds !== undefined && { expireInSeconds: opts.expireInSeconds }),
        ...(opts.startAfterSeconds !== undefined && { startAfter: opts.startAfterSeconds }),
        ...(db && {
          db: {
            executeSql: async (text: string, values: unknown[]) => {
              const query = opts.alongside ? withAlongside(opts.alongside, text, values) : { text, values };
              const result = await db.executeQuery(CompiledQuery.raw(query.text, query.values));
              return { rows: result.rows as unknown[] };
            },
          },
        }),
      });
    },
    async work(definitions) {
      for (const def of definitions) {
        const name = await ensureQueue(queue(def.name));
        await boss.work<object>(
          name,
          { batchSize: def.batchSize ?? 1, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 },
          async (batch) => {
            // Each job succeeds or fails alone: a failed one is failed (and retried) here; the
            // others, still active, are completed by pg-boss when this returns. Without this a
            // single failure would fail (and retry) every job of its batch.
            const run = async (job: (typeof batch)[number]) => {
              try {
                await def.handler(job.data);
              } catch (error) {
                await boss.fail(name, job.id, { message: (error as Error).message });
              }
            };
            if (def.parallel) await Promise.all(batch.map(run));
            else for (const job of batch) await run(job);
          },
        );
        if (def.cron && options.supervise) await boss.schedule(name, def.cron, {}, { tz: 'UTC' });
      }
    },
    async check() {
      await boss.getQueues();
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
