import { sql } from 'kysely';
import type { Db } from './db.ts';
import { needsReseal, openSecret, type SecretPurpose, type SecretsConfig, sealSecret } from './secrets.ts';

/** A column holding sealed values (declared by its area, platform/area.ts); rows are keyed by `id`. */
export interface SealedColumn {
  table: string;
  column: string;
  purpose: SecretPurpose;
}

export interface ResealResult {
  /** `table.column` → values moved to the first key of SECRETS_KEYS. */
  resealed: Record<string, number>;
  /** `table.column` → values no key opens (sealed under a key since removed, or altered). */
  unreadable: Record<string, number>;
}

/**
 * Re-seals, with the first key of SECRETS_KEYS, every stored value sealed under another key
 * or under JWT_SECRET (from before decision 0057). Runs at every server start and as
 * `npm run secrets:reseal` after a rotation. Each row is replaced only if it still holds
 * the value read (a concurrent change wins), so several servers may run it at once.
 */
export async function resealStoredSecrets(
  db: Db,
  config: SecretsConfig,
  columns: readonly SealedColumn[],
): Promise<ResealResult> {
  const result: ResealResult = { resealed: {}, unreadable: {} };
  for (const { table, column, purpose } of columns) {
    const name = `${table}.${column}`;
    const { rows } = await sql<{ id: string; value: string }>`
      SELECT id, ${sql.ref(column)} AS value FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL`.execute(
      db,
    );
    result.resealed[name] = 0;
    result.unreadable[name] = 0;
    for (const row of rows.filter((r) => needsReseal(config, r.value))) {
      let plain: string;
      try {
        plain = openSecret(config, purpose, row.value, name);
      } catch {
        result.unreadable[name] += 1;
        continue;
      }
      const sealed = sealSecret(config, purpose, plain);
      const updated = await sql`
        UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sealed}
        WHERE id = ${row.id} AND ${sql.ref(column)} = ${row.value}`.execute(db);
      result.resealed[name] += Number(updated.numAffectedRows ?? 0);
    }
  }
  return result;
}
