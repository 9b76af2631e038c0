import { type ColumnType, type QueryExecutorProvider, sql } from 'kysely';

/**
 * Columns of versioned tables that only the database writes (migration 202611240632): a
 * trigger increments `version` and sets `updated_at = now()` on every real change, so code
 * can neither forget nor fake them.
 */
export type Version = ColumnType<number, never, never>;
export type VersionedUpdatedAt = ColumnType<Date, never, never>;

/**
 * The database's clock, for every timestamp the application writes or compares: one clock
 * for all servers, the same one the triggers and `DEFAULT now()` use (decision 0049). Within a
 * transaction it is the transaction's start time.
 */
export const dbNow = () => sql<Date>`now()`;

/**
 * The database's clock read once, for a time the application must hold as a value (the
 * transmission time written inside an E2B message that is stored and sent): within a
 * transaction, its start time, as `dbNow()` gives in a statement.
 */
export async function readDbNow(db: QueryExecutorProvider): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
  return rows[0]!.now;
}
