import type { Socket } from 'node:net';
import pg from 'pg';

/** Seconds a client is told to wait (`Retry-After`) when the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Seconds a client is told to wait (`Retry-After`) when the database is there but busy (decision 0336). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

// SQLSTATEs that mean "the database is not there right now", not "your statement is wrong":
// class 08 (connection exceptions), 57P01–57P03 shutdown / crash / starting up, 57P05
// idle-session time-out. A busy database (too many connections, a statement time-out) is
// not an outage: see databaseBusy (decision 0336).
const UNAVAILABLE_STATES = /^(08...|57P0[1235])$/;
// Network failures reaching the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres and pg-pool report lost or unobtainable connections with plain messages.
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** True when `error` says PostgreSQL cannot be reached or answered in time (→ 503, retry later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code))) return true;
  if (DRIVER_MESSAGES.test(error.message)) return true;
  // Connecting to a name with several addresses fails with one error per address.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

/**
 * Every connection of the pool is in use and none came free in DB_CONNECT_TIMEOUT, while at
 * least one of them is connected: the database answers, it is busy (decision 0336). Raised by
 * createDb's pool in place of pg-pool's "timeout exceeded when trying to connect", which an
 * outage gives too (every connection still trying to connect).
 */
export class PoolBusyError extends Error {
  constructor(cause: unknown) {
    super('every database connection of the pool is in use', { cause });
    this.name = 'PoolBusyError';
  }
}

/** Why the database is busy, or null when `error` is not a busy database (decision 0336). */
export function databaseBusy(error: unknown): 'connections' | 'statementTimeout' | null {
  if (error instanceof PoolBusyError) return 'connections';
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  // 53300: the server's max_connections are taken (by other processes too).
  if (code === '53300') return 'connections';
  // 57014 is query_canceled: a statement time-out, or a cancel request (pg_cancel_backend), also load.
  if (code === '57014') return 'statementTimeout';
  return null;
}

/**
 * Closes a client's socket at once. `end()` waits for the server to acknowledge, which
 * never happens when the network path is dead; destroying the socket makes the client
 * fail its queries and report 'end', so its owner replaces it.
 */
export function destroyConnection(client: pg.Client, reason: string): void {
  const socket = (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
  socket?.destroy(new Error(`Connection terminated: ${reason}`));
}

/** How long one "connection lost" warning stands for every later one (an outage, not each client). */
const LOST_NOTICE_MS = 60_000;
let lostNoticeAt = Number.NEGATIVE_INFINITY;

/**
 * What a lost connection to PostgreSQL says in the log (issue 28 item 8): one warning in words
 * per outage (a minute), however many clients lose their connection at once; an error that is
 * not the database going away stays an error line. Every pool and client of the process
 * reports here.
 */
export function reportConnectionLost(
  source: string,
  error: Error,
  log: { warn: (line: string) => void; error: (line: string) => void } = console,
): void {
  if (!isDatabaseUnavailable(error)) {
    log.error(`[${source}] database connection error: ${error.message}`);
    return;
  }
  const now = Date.now();
  if (now - lostNoticeAt < LOST_NOTICE_MS) return;
  lostNoticeAt = now;
  log.warn(
    `[${source}] the connection to PostgreSQL was lost (${error.message}); Vigilo keeps running and connects again when the database answers`,
  );
}

/**
 * A pg client that is never without an 'error' listener. pg-pool listens to its idle clients
 * only: a client in use whose connection ends (the database stops) emits 'error' to nobody,
 * which Node makes an uncaught exception. Its queries fail on their own; the lost connection
 * is reported once (reportConnectionLost).
 */
export class ListeningClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', (error) => reportConnectionLost('db', error));
  }
}
