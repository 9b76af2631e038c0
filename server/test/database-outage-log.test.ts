import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { ListeningClient } from '../src/platform/database-errors.ts';
import { createDb, withTransaction } from '../src/platform/db.ts';
import { startJobs } from '../src/platform/jobs.ts';
import { testQueuePrefix } from './app.ts';

/**
 * Issue 28 item 8: when the database goes away, the connections a process holds (idle or in
 * use, the app's pool and pg-boss's) are lost at once. That is said once, at warn, in words:
 * never an "unhandled database error", never a line per connection.
 */

const url = inject('databaseUrl');
const admin = new pg.Pool({ connectionString: url, max: 1 });
afterAll(() => admin.end());

/** Ends the backends of these application names (ours only: other test files share the database). */
const terminate = (names: string[]) =>
  admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ANY($1)',
    [names],
  );

describe('connections lost in an outage', () => {
  it('are said once, at warn, in words: idle and in use, the app pool and the job queue', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => void uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    const appName = `outage-app-${randomUUID().slice(0, 8)}`;
    const jobsName = `outage-jobs-${randomUUID().slice(0, 8)}`;
    const clientName = `outage-client-${randomUUID().slice(0, 8)}`;
    const db = createDb(`${url}${url.includes('?') ? '&' : '?'}application_name=${appName}`, 2);
    const jobs = await startJobs(url, {
      supervise: false,
      queuePrefix: testQueuePrefix(),
      applicationName: jobsName,
    });
    // A pool like pg-boss's, with a client checked out (in use) when the database goes.
    const pool = new pg.Pool({
      connectionString: url,
      application_name: clientName,
      max: 2,
      Client: ListeningClient,
    });
    pool.on('error', () => {});
    try {
      // Two app connections: one stays idle in the pool, the other is held below.
      await Promise.all([sql`SELECT pg_sleep(0.1)`.execute(db), sql`SELECT pg_sleep(0.1)`.execute(db)]);
      const inUse = await pool.connect();
      await inUse.query('SELECT 1');
      // A transaction holds an app connection while every connection is ended.
      const held = withTransaction(db, async (tx) => {
        await sql`SELECT 1`.execute(tx);
        await terminate([appName, jobsName, clientName]);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await sql`SELECT 1`.execute(tx);
      }).catch((e: Error) => e);
      expect(await held).toBeInstanceOf(Error);
      await new Promise((resolve) => setTimeout(resolve, 500));
      inUse.release(true);

      expect(uncaught).toEqual([]);
      expect(error.mock.calls).toEqual([]);
      expect(warn.mock.calls).toHaveLength(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(
        /^\[(db|jobs)\] the connection to PostgreSQL was lost \(.+\); Vigilo keeps running and connects again when the database answers$/,
      );
      // And it works again at once.
      expect((await sql<{ n: number }>`SELECT 1 AS n`.execute(db)).rows).toEqual([{ n: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      warn.mockRestore();
      error.mockRestore();
      await pool.end().catch(() => {});
      await jobs.stop();
      await db.destroy();
    }
  });
});
