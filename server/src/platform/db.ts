import { createHash } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

// Dates, not strings, for timestamptz; bigint ids stay strings (no precision loss).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A pg client that runs our data statements as named prepared statements. Planning
 * costs more than executing for the small indexed queries an API makes (measured: 5.7k
 * vs 27k per second with pgbench on two cores), and every query the app builds repeats.
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is heavily overloaded; we only reshape (text, values).
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && PREPARABLE.test(config)) {
      const name = `k${createHash('sha1').update(config).digest('base64url')}`;
      return super.query({ name, text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}

/** Opens a pool to PostgreSQL. The caller owns it and must `destroy()` it. */
export function createDb(connectionString: string, poolSize = 10): Db {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    // Recycling connections bounds the prepared statements each one accumulates.
    maxUses: 20_000,
    Client: PreparingClient,
  });
  // An idle connection that the server closes (restart, shutdown) must not crash the
  // process; the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`[db] idle connection lost: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Runs `work` in a transaction. An open transaction is reused, never nested, so a
 * service can call another service and both writes commit or roll back together.
 */
export async function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((tx) => work(tx));
}

/** Applies every pending migration. Safe to run from several processes at once (Kysely takes a lock). */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Areas are built in parallel branches: a migration that lands after another with a
    // later timestamp must still apply on databases that already have the later one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
