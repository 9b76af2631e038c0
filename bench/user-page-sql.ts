import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Database } from '../server/src/db/schema.ts';
import { findUserPage } from '../server/src/modules/users/users.repository.ts';
import type { Db } from '../server/src/platform/db.ts';
import type { Scope } from '../server/src/platform/scope.ts';

/**
 * The SQL and parameters `GET /v1/users` sends for a first page with no filters, taken
 * from the repository itself (a driver that runs nothing and records what it is given),
 * so the raw-SQL baseline can never drift from what the API runs.
 */
export async function userPageSql(scope: Scope, platformId: string, size: number) {
  const seen: CompiledQuery[] = [];
  const recorder = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      seen.push(event.query);
    },
  });
  await findUserPage(recorder as Db, scope, { platformId }, { page: 1, size });
  const [query] = seen;
  if (!query || seen.length !== 1) throw new Error(`expected one statement, saw ${seen.length}`);
  return { sql: query.sql, parameters: query.parameters };
}
