import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

// Dates, not strings, for timestamptz; bigint ids stay strings (no precision loss).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

/** Opens a pool to PostgreSQL. The caller owns it and must `destroy()` it. */
export function createDb(connectionString: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: 30_000 });
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
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
