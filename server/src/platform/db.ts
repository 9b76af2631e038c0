import { createHash } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { destroyConnection, PoolBusyError, reportConnectionLost } from './database-errors.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

// Dates, not strings, for timestamptz; bigint ids stay strings (no precision loss).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** What setLocalStatementTimeout sends; the client reads it to follow the limit with its deadline. */
const LOCAL_TIMEOUT = /^SET LOCAL statement_timeout = (\d+)$/;

/**
 * Bumped when PostgreSQL says a prepared statement's result shape changed (a migration
 * added a column under a running server). It is part of every statement name, so from then
 * on every pooled connection prepares its statements afresh instead of each failing once.
 */
let planGeneration = 0;

/**
 * True when `error` (or its cause) is "cached plan must not change result type": a named
 * statement prepared before `ALTER TABLE … ADD COLUMN` whose `*` now means more columns.
 */
export function isStalePlan(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, routine } = e as { code?: unknown; routine?: unknown };
    if (code === '0A000' && (routine === 'RevalidateCachedQuery' || /cached plan/.test(e.message)))
      return true;
  }
  return false;
}

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
  readonly #connectMs: number;
  /** The statement limit the open transaction set for itself (setLocalStatementTimeout). */
  #localStatementMs: number | undefined;

  constructor(config: ClientConfig = {}) {
    super(config);
    this.#readDeadlineMs = config.readDeadlineMs ?? 0;
    this.#connectMs = config.connectionTimeoutMillis ?? 0;
    // When the server ends a connection that a request holds between two statements
    // (restart, failover), pg emits 'error' on the client; with no listener Node would end
    // the process. The next statement fails on its own (→ 503), and the pool drops the
    // broken client when it is released (it is no longer queryable). Said once per outage.
    this.on('error', (error) => reportConnectionLost('db', error));
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is heavily overloaded; we only reshape (text, values).
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && PREPARABLE.test(config) && !callback) {
      return this.#prepared(config, values);
    }
    const local = typeof config === 'string' ? LOCAL_TIMEOUT.exec(config) : null;
    if (local) this.#localStatementMs = Number(local[1]);
    const result: unknown = super.query(config, values, callback);
    return result instanceof Promise ? this.#withDeadline(result) : result;
  }

  /**
   * Runs `text` as a named statement. A stale plan (see isStalePlan) outside a transaction
   * is prepared again under a new name and run once more; inside one, the transaction is
   * already aborted, so the error goes up to withTransaction(), which runs it again.
   */
  async #prepared(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const generation = planGeneration;
    try {
      return await this.#withDeadline(super.query({ name: statementName(text, generation), text, values }));
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      if (planGeneration === generation) planGeneration++;
      if (this.getTransactionStatus() !== 'I') throw error;
      return this.#withDeadline(super.query({ name: statementName(text, planGeneration), text, values }));
    }
  }

  /**
   * PostgreSQL's statement_timeout ends slow statements, but a server that is gone
   * without closing the socket (network loss) never answers at all: past the deadline the
   * connection is destroyed, so the statement fails and the client is not reused.
   */
  #withDeadline<T>(pending: Promise<T>): Promise<T> {
    const deadline = this.#deadlineMs();
    if (!deadline) return pending;
    const timer = setTimeout(
      () => destroyConnection(this, `no answer from PostgreSQL within ${deadline} ms`),
      deadline,
    );
    return pending.finally(() => clearTimeout(timer));
  }

  /**
   * The deadline of the statement being sent: the pool's, or within a transaction that set its
   * own statement limit, that limit's (0: none). A SET LOCAL ends with its transaction: the
   * first statement sent after it (status idle again) is back to the pool's.
   */
  #deadlineMs(): number {
    if (this.#localStatementMs === undefined) return this.#readDeadlineMs;
    if (this.getTransactionStatus() === 'I') {
      this.#localStatementMs = undefined;
      return this.#readDeadlineMs;
    }
    return this.#localStatementMs && this.#localStatementMs + this.#connectMs;
  }
}

const statementName = (text: string, generation: number) =>
  `k${generation}_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * pg's pool, telling a busy pool from an outage: waiting for a free connection times out with
 * the same words in both; with a connection open to the database, it is busy (PoolBusyError).
 */
class Pool extends pg.Pool {
  #connected = 0;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('connect', () => this.#connected++);
    this.on('remove', () => this.#connected--);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's connect() is overloaded (callback or promise); Kysely uses the promise.
  override connect(callback?: any): any {
    if (callback) return super.connect(callback);
    return super.connect().catch((error: Error) => {
      if (this.#connected > 0 && error.message === 'timeout exceeded when trying to connect')
        throw new PoolBusyError(error);
      throw error;
    });
  }
}

/** Opens a pool to PostgreSQL. The caller owns it and must `destroy()` it. */
export function createDb(
  connectionString: string,
  poolSize = 10,
  timeouts = defaultTimeouts,
  /** Run on each connection as it is handed out, before its first statement (tests pin their clock). */
  onAcquire?: (client: pg.PoolClient) => void,
): Db {
  const pool = new Pool({
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
    // No JIT compilation: an API's statements are short, and PostgreSQL compiles any whose
    // estimated cost passes jit_above_cost (the case list's user-group subqueries do), which
    // cost 1.2 s of a 1.3 s inbox page over 100,000 cases (decision 0133).
    options: '-c jit=off',
    Client: PreparingClient,
  });
  // An idle connection that the server closes (restart, shutdown) must not crash the
  // process; the pool has already dropped it and opens a new one on the next query.
  pool.on('error', (error) => reportConnectionLost('db', error));
  if (onAcquire) pool.on('acquire', onAcquire);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Sets the statement limit of the open transaction `tx` for the rest of it (PostgreSQL's SET
 * LOCAL statement_timeout; 0 = none), and the client's read deadline with it: for background
 * work whose statements may run longer than a request's (a MedDRA import, issue 29).
 */
export async function setLocalStatementTimeout(tx: Db, ms: number): Promise<void> {
  if (!tx.isTransaction) throw new Error('setLocalStatementTimeout: only inside a transaction');
  await sql.raw(`SET LOCAL statement_timeout = ${Math.max(0, Math.trunc(ms))}`).execute(tx);
}

/**
 * Runs `work` in a transaction. An open transaction is reused, never nested, so a
 * service can call another service and both writes commit or roll back together.
 */
export async function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  try {
    return await db.transaction().execute((tx) => work(tx));
  } catch (error) {
    // A migration changed a table under a statement prepared before it: nothing was
    // committed, the statement is now prepared afresh, so the whole transaction runs once more.
    // Safe because side effects go through the transaction too (mail and jobs are outboxed).
    if (!isStalePlan(error)) throw error;
    return db.transaction().execute((tx) => work(tx));
  }
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
