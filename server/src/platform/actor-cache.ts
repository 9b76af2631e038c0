import pg from 'pg';
import { destroyConnection } from './database-errors.ts';

const CHANNEL = 'vigilo_actor';

export interface ActorCache<T> {
  /** The cached value, or undefined (also whenever the invalidation feed is down). */
  get(userId: string, key: string): T | undefined;
  /** A counter bumped by every invalidation: read it before loading, pass it to set(). */
  generation(): number;
  /** Stores a value loaded when generation() was `seenGeneration`; dropped if anything changed since. */
  set(userId: string, key: string, value: T, seenGeneration: number): void;
  /** Drops one user's entries now (this process); other processes hear it from PostgreSQL. */
  invalidate(userId: string): void;
  /** Whether the invalidation feed is connected (the cache serves nothing while it is not). */
  isLive(): boolean;
  close(): Promise<void>;
}

export interface ActorCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Opening the LISTEN connection (DB_CONNECT_TIMEOUT). */
  connectTimeoutMs?: number;
  /** How often the LISTEN connection proves it is alive; a silent one is replaced. */
  heartbeatMs?: number;
  onError?: (error: Error) => void;
}

interface Entry<T> {
  value: T;
  expires: number;
}

/**
 * A per-process cache of request actors, kept correct by PostgreSQL: triggers NOTIFY
 * `vigilo_actor` on every change that matters (migration 202611220120), and this cache
 * LISTENs on its own connection. While that connection is down the cache answers
 * nothing, so a missed notification can never serve a stale actor; it reconnects by
 * itself and starts empty. A heartbeat finds a connection that died without a word
 * (network loss) within two heartbeats. The TTL is a backstop only.
 * See docs/decisions/0007-request-fast-path.md and 0018-surviving-the-database.md.
 */
export async function startActorCache<T>(
  connectionString: string,
  options: ActorCacheOptions,
): Promise<ActorCache<T>> {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const byUser = new Map<string, Map<string, Entry<T>>>();
  let size = 0;
  let generation = 0;
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retries = 0;

  const clear = () => {
    byUser.clear();
    size = 0;
    generation++;
  };
  const drop = (userId: string) => {
    generation++;
    const entries = byUser.get(userId);
    if (!entries) return;
    size -= entries.size;
    byUser.delete(userId);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({
      connectionString,
      application_name: 'vigilo-actor-cache',
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      keepAlive: true,
    });
    let heartbeat: NodeJS.Timeout | undefined;
    let lost = false;
    // Called once per connection, however it ends: forget everything, then try again.
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      if (client === c) {
        client = undefined;
        live = false;
        clear();
      }
      destroyConnection(c, 'the actor cache dropped this connection');
      if (closed) return;
      const delay = Math.min(250 * 2 ** retries++, 2_000);
      setTimeout(() => void connect().catch(() => {}), delay).unref();
    };
    c.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      if (!message.payload || message.payload === '*') clear();
      else drop(message.payload);
    });
    c.on('error', (error) => {
      options.onError?.(error);
      onLost();
    });
    c.on('end', onLost);
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (closed) return void c.end().catch(() => {});
    client = c;
    retries = 0;
    // Invalidations may have been missed while no connection listened.
    clear();
    live = true;
    heartbeat = setInterval(() => {
      const deadline = setTimeout(onLost, heartbeatMs).unref();
      c.query('SELECT 1').then(
        () => clearTimeout(deadline),
        () => {},
      );
    }, heartbeatMs).unref();
  };
  try {
    await connect();
  } catch (error) {
    closed = true;
    throw error;
  }

  return {
    get(userId, key) {
      if (!live) return undefined;
      const entry = byUser.get(userId)?.get(key);
      if (!entry) return undefined;
      if (entry.expires <= Date.now()) {
        byUser.get(userId)?.delete(key);
        size--;
        return undefined;
      }
      return entry.value;
    },
    generation: () => generation,
    set(userId, key, value, seenGeneration) {
      if (!live || seenGeneration !== generation) return;
      if (size >= options.maxEntries) clear();
      let entries = byUser.get(userId);
      if (!entries) {
        entries = new Map();
        byUser.set(userId, entries);
      }
      if (!entries.has(key)) size++;
      entries.set(key, { value, expires: Date.now() + options.ttlMs });
    },
    invalidate: drop,
    isLive: () => live,
    async close() {
      closed = true;
      live = false;
      const c = client;
      if (!c) return;
      // end() waits for the server, which a dead network path never lets happen.
      const timer = setTimeout(() => destroyConnection(c, 'closing'), 1_000);
      await c.end().catch(() => {});
      clearTimeout(timer);
    },
  };
}
