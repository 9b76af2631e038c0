import pg from 'pg';

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
  close(): Promise<void>;
}

interface Entry<T> {
  value: T;
  expires: number;
}

/**
 * A per-process cache of request actors, kept correct by PostgreSQL: triggers NOTIFY
 * `vigilo_actor` on every change that matters (migration 202611220120), and this cache
 * LISTENs on its own connection. While that connection is down the cache answers
 * nothing, so a missed notification can never serve a stale actor; on reconnect it starts
 * empty. The TTL is a backstop only. See docs/decisions/0007-request-fast-path.md.
 */
export async function startActorCache<T>(
  connectionString: string,
  options: { ttlMs: number; maxEntries: number; onError?: (error: Error) => void },
): Promise<ActorCache<T>> {
  const byUser = new Map<string, Map<string, Entry<T>>>();
  let size = 0;
  let generation = 0;
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;

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
    const c = new pg.Client({ connectionString, application_name: 'vigilo-actor-cache' });
    c.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      if (!message.payload || message.payload === '*') clear();
      else drop(message.payload);
    });
    c.on('error', (error) => {
      options.onError?.(error);
    });
    c.on('end', () => {
      live = false;
      clear();
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1_000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    clear();
    live = true;
  };
  await connect();

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
    async close() {
      closed = true;
      live = false;
      await client?.end();
    },
  };
}
