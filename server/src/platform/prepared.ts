import { type Compilable, CompiledQuery, type InferResult } from 'kysely';
import type { Db } from './db.ts';

const SENTINEL = '\u0000vigilo-param:';

type Slot<P> = { param: P } | { constant: unknown };
interface Compiled<P> {
  sql: string;
  slots: Slot<P>[];
}

function compile<P extends string>(query: Compilable<unknown>): Compiled<P> {
  const compiled = query.compile();
  const slots = compiled.parameters.map(
    (value): Slot<P> =>
      typeof value === 'string' && value.startsWith(SENTINEL)
        ? { param: value.slice(SENTINEL.length) as P }
        : { constant: value },
  );
  return { sql: compiled.sql, slots };
}

async function run<P extends string, R>(
  db: Db,
  compiled: Compiled<P>,
  values: Record<P, unknown>,
): Promise<R> {
  const parameters = compiled.slots.map((slot) => ('param' in slot ? values[slot.param] : slot.constant));
  const result = await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters));
  return result.rows as R;
}

const param = (name: string) => `${SENTINEL}${name}`;

/**
 * A query built and compiled once, executed many times with new values. Kysely otherwise
 * rebuilds and recompiles the query tree on every call, which on the hottest paths (the
 * actor of every authenticated request, the lists) cost more CPU than PostgreSQL's work.
 * Values written in the query itself (`.limit(1)`, `'email_change'`) stay as they are;
 * a call's values come only through `p(name)`, since `build` never sees them.
 *
 *   const byId = prepared((db, p) => db.selectFrom('users').select('id').where('id', '=', p('id')));
 *   const rows = await byId.execute(db, { id });
 *
 * An array value works with `= any(p('ids'))`, never with `in`, whose SQL depends on its length.
 */
export function prepared<P extends string, Q extends Compilable<unknown>>(
  build: (db: Db, param: (name: P) => string) => Q,
) {
  let compiled: Compiled<P> | undefined;
  return {
    execute(db: Db, values: Record<P, unknown>): Promise<InferResult<Q>> {
      compiled ??= compile<P>(build(db, param));
      return run(db, compiled, values);
    },
  };
}

/** More shapes than any query's combination of options should ever make; past it, nothing is kept. */
const MAX_SHAPES = 512;

/**
 * prepared() for a query whose clauses depend on a few options (which filters a search
 * has): compiled once per shape. `shape` holds only such options (booleans, names), never
 * a request's value: it is the cache key, and everything `build` may put in the SQL.
 */
export function preparedShapes<
  S extends Record<string, boolean | string>,
  P extends string,
  Q extends Compilable<unknown>,
>(build: (db: Db, param: (name: P) => string, shape: S) => Q) {
  const compiled = new Map<string, Compiled<P>>();
  return {
    execute(db: Db, shape: S, values: Record<P, unknown>): Promise<InferResult<Q>> {
      const key = JSON.stringify(shape);
      let query = compiled.get(key);
      if (!query) {
        query = compile<P>(build(db, param, shape));
        if (compiled.size < MAX_SHAPES) compiled.set(key, query);
      }
      return run(db, query, values);
    },
  };
}
