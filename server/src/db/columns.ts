import type { ColumnType } from 'kysely';

/**
 * Columns of versioned tables that only the database writes (migration 202611240632): a
 * trigger increments `version` and sets `updated_at = now()` on every real change, so code
 * can neither forget nor fake them.
 */
export type Version = ColumnType<number, never, never>;
export type VersionedUpdatedAt = ColumnType<Date, never, never>;
