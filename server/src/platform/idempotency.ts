import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, withTransaction } from './db.ts';
import { AppError } from './errors.ts';

/**
 * `Idempotency-Key` (decision 0076): the first successful answer of a request is kept with
 * its key, per caller, for `KEY_TTL_HOURS`; a retry with the same key and the same request
 * gets that answer again (same status, same body) and changes nothing. The key is claimed
 * by inserting its row in the transaction of the change: a parallel retry's insert waits
 * on the unique key until the first commits, then reads its answer, so twenty racing
 * retries make one change. A refusal (4xx) rolls the claim back with everything else: the
 * retry is checked afresh. The same key with another request is refused (422).
 */
export const KEY_TTL_HOURS = 24;

export interface Answer<T> {
  statusCode: number;
  body: T;
}

/** Who a key belongs to: keys of different callers never meet. */
export type KeyOwner = `user:${string}` | `application:${string}` | `anonymous:${string}`;

/** The request a key stands for: method, route and body, so a reused key with another body is caught. */
export const requestHash = (method: string, url: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url');

/**
 * Runs `work` in a transaction, once per (owner, key): `replayed` says the answer is the
 * stored one. Without a key it simply runs `work`.
 */
export async function idempotent<T>(
  db: Db,
  request: { owner: KeyOwner; key: string | undefined; hash: string },
  work: (tx: Db) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  const { key } = request;
  if (key === undefined) return { ...(await withTransaction(db, work)), replayed: false };
  return withTransaction(db, async (tx) => {
    const claimed = await sql<{ caller: string }>`
      INSERT INTO idempotency_keys (caller, key, request_hash, expires_at)
      VALUES (${request.owner}, ${key}, ${request.hash}, now() + make_interval(hours => ${KEY_TTL_HOURS}))
      ON CONFLICT (caller, key) DO UPDATE
        SET request_hash = excluded.request_hash, status_code = NULL, response = NULL,
            created_at = now(), expires_at = excluded.expires_at
        WHERE idempotency_keys.expires_at < now()
      RETURNING caller`.execute(tx);
    if (claimed.rows.length === 0) {
      const stored = await tx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('caller', '=', request.owner)
        .where('key', '=', key)
        .executeTakeFirst();
      if (stored && stored.request_hash !== request.hash) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for a different request: use a new key for a new request',
          {
            fields: [
              { field: 'headers/idempotency-key', message: 'was used for another request', reason: 'taken' },
            ],
          },
        );
      }
      if (!stored || stored.status_code === null) {
        // Only possible when the row went between the two statements (expired and reclaimed).
        throw new AppError('CONFLICT', 'A request with this Idempotency-Key is in progress: try again');
      }
      return { statusCode: stored.status_code, body: stored.response as T, replayed: true };
    }
    const answer = await work(tx);
    await tx
      .updateTable('idempotency_keys')
      .set({ status_code: answer.statusCode, response: JSON.stringify(answer.body) })
      .where('caller', '=', request.owner)
      .where('key', '=', key)
      .execute();
    return { ...answer, replayed: false };
  });
}

/** Background clean-up: keys past their time. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
