import { createHash } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { destroyConnection } from './database-errors.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

// Dates, not strings, for timestamptz; bigint ids stay strings (no precision loss).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** How long the app waits for PostgreSQL (DB_CONNECT_TIMEOUT, DB_STATEMENT_TIMEOUT). */
export interface DbTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement (PostgreSQL's statement_timeout); 0 = no limit. */
  statementMs: number;
}

export const defaultTimeouts: DbTimeouts = { connectMs: 5_000, statementMs: 30_000 };

interface ClientConfig extends pg.ClientConfig {
  /** No answer at all within this time: the connection is dead (see PreparingClient). */
  readDeadlineMs?: number;
}

/**
 * A pg client that runs our data statements as named prepared statements. Planning
 * costs more than executing for the small indexed queries an API makes (measured: 5.7k
 * vs 27k per second with pgbench on two cores), and every query the app builds repeats.
 */
class PreparingClient extends pg.Client {
  readonly #readDeadlineMs: number;

  constructor(config: ClientConfig = {}) {
    super(config);
    this.#readDeadlineMs = config.readDeadlineMs ?? 0;
    // When the server ends a connection that a request holds between two statements
    // (restart, failover), pg emits 'error' on the client; with no listener Node would end
    // the process. The next statement fails on its own (→ 503), and the pool drops the
    // broken client when it is released (it is no longer queryable).
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is heavily overloaded; we only reshape (text, values).
  override query(config: any, values?: any, callback?: any): any {
    const result =
      typeof config === 'string' && Array.isArray(values) && PREPARABLE.test(config)
        ? super.query(
            { name: `k${createHash('sha1').update(config).digest('base64url')}`, text: config, values },
            callback,
          )
        : super.query(config, values, callback);
    return result instanceof Promise ? this.#withDeadline(result) : result;
  }

  /**
   * PostgreSQL's statement_timeout ends slow statements, but a server that is gone
   * without closing the socket (network loss) never answers at all: past the deadline the
   * connection is destroyed, so the statement fails and the client is not reused.
   */
  #withDeadline<T>(pending: Promise<T>): Promise<T> {
    if (!this.#readDeadlineMs) return pending;
    const timer = setTimeout(
      () => destroyConnection(this, `no answer from PostgreSQL within ${this.#readDeadlineMs} ms`),
      this.#readDeadlineMs,
    );
    return pending.finally(() => clearTimeout(timer));
  }
}

/** Opens a pool to PostgreSQL. The caller owns it and must `destroy()` it. */
export function createDb(connectionString: string, poolSize = 10, timeouts = defaultTimeouts): Db {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    ...(timeouts.statementMs > 0 && {
      statement_timeout: timeouts.statementMs,
      readDeadlineMs: timeouts.statementMs + timeouts.connectMs,
    }),
    // Recycling connections bounds the prepared statements each one accumulates.
    maxUses: 20_000,
    Client: PreparingClient,
  });
  // An idle connection that the server closes (restart, shutdown) must not crash the
  // process; the pool has already dropped it and opens a new one on the next query.
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
