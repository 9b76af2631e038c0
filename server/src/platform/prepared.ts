import { type Compilable, CompiledQuery, type InferResult } from 'kysely';
import type { Db } from './db.ts';

const SENTINEL = '\u0000vigilo-param:';

/**
 * A query built and compiled once, executed many times with new values. Kysely otherwise
 * rebuilds and recompiles the query tree on every call, which on the hottest path (the
 * actor of every authenticated request) cost more CPU than PostgreSQL's work.
 *
 *   const byId = prepared((db, p) => db.selectFrom('users').selectAll().where('id', '=', p('id')));
 *   const rows = await byId.execute(db, { id });
 */
export function prepared<P extends string, Q extends Compilable<unknown>>(
  build: (db: Db, param: (name: P) => string) => Q,
) {
  let compiled: { sql: string; order: P[] } | undefined;
  const compile = (db: Db) => {
    const query = build(db, (name) => `${SENTINEL}${name}`).compile();
    const order = query.parameters.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(SENTINEL)) {
        throw new Error(`prepared(): every value must be a parameter; found ${String(value)}`);
      }
      return value.slice(SENTINEL.length) as P;
    });
    return { sql: query.sql, order };
  };
  return {
    async execute(db: Db, values: Record<P, unknown>): Promise<InferResult<Q>> {
      compiled ??= compile(db);
      const parameters = compiled.order.map((name) => values[name]);
      const result = await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters));
      return result.rows as InferResult<Q>;
    },
  };
}
