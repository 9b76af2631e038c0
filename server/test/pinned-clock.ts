import { createDb, type Db } from '../src/platform/db.ts';

/**
 * A test's own clock for the database, without faking the database (decision 0318): every
 * connection the app takes from this pool first sets the session's `vigilo.now`, which
 * `vigilo_now()` (migration 202612041500) reads instead of `now()`. Pinning an instant moves
 * "today", day zero and overdue for that app's requests only; `null` gives the real clock back.
 * Other test files' apps have pools of their own, so they never see it.
 */
export function pinnedClock() {
  let pinned = '';
  return {
    makeDb: (databaseUrl: string): Db =>
      createDb(databaseUrl, 4, undefined, (client) => {
        // Queued before the statement the connection was taken for, so it runs first.
        client.query("select set_config('vigilo.now', $1, false)", [pinned]).catch(() => {});
      }),
    /** The instant (ISO 8601) the database's clock reads from now on, or null for its own. */
    pin(at: string | null) {
      pinned = at ?? '';
    },
  };
}
