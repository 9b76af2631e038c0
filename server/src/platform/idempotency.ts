import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, withTransaction } from './db.ts';
import { AppError } from './errors.ts';

/**
 * `Idempotency-Key` (decision 0076): the first successful answer of a request is kept with
 * its key, per caller, for `KEY_TTL_HOURS`; a retry with the same key and the same request
 * gets that answer again (same status, same body) and changes nothing. The answer is saved
 * with its key in the transaction of the change, by an insert on the unique (caller, key):
 * of parallel retries, each does its work, the first to commit keeps it, and every other
 * one waits on the key, finds it taken, rolls its own work back and answers the kept answer.
 * So twenty racing retries make one change. A refusal (4xx) saves nothing: the retry is
 * checked afresh. The same key with another request is refused (422).
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

interface KeyRequest {
  owner: KeyOwner;
  key: string | undefined;
  hash: string;
  /**
   * Look the key up before doing the work (costly work: files). Otherwise the work is done
   * and the key's insert at its end finds a kept answer (a retry, rare): one round trip
   * fewer for every first request (decision 0089).
   */
  lookFirst?: boolean;
}

/** Thrown inside the transaction when a parallel retry saved its answer first: rolls this one back. */
class AnsweredElsewhere extends Error {}

/** The live answer kept for (owner, key), or undefined; 422 when it was for another request. */
async function keptAnswer<T>(db: Db, request: KeyRequest & { key: string }): Promise<Answer<T> | undefined> {
  const stored = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response'])
    .where('caller', '=', request.owner)
    .where('key', '=', request.key)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!stored) return undefined;
  if (stored.request_hash !== request.hash) {
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
  return { statusCode: stored.status_code ?? 200, body: stored.response as T };
}

/**
 * Runs `work` in a transaction, once per (owner, key): `replayed` says the answer is the
 * kept one. Without a key it simply runs `work`.
 */
export async function idempotent<T>(
  db: Db,
  request: KeyRequest,
  work: (tx: Db) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  const { key } = request;
  if (key === undefined) return { ...(await withTransaction(db, work)), replayed: false };
  const keyed = { ...request, key };
  if (request.lookFirst) {
    const before = await keptAnswer<T>(db, keyed);
    if (before) return { ...before, replayed: true };
  }
  try {
    return await withTransaction(db, async (tx) => {
      const answer = await work(tx);
      // An expired row of the same key is taken over; a live one means another request won.
      const saved = await sql<{ caller: string }>`
        INSERT INTO idempotency_keys (caller, key, request_hash, status_code, response, expires_at)
        VALUES (${request.owner}, ${key}, ${request.hash}, ${answer.statusCode}, ${JSON.stringify(answer.body)},
                now() + make_interval(hours => ${KEY_TTL_HOURS}))
        ON CONFLICT (caller, key) DO UPDATE
          SET request_hash = excluded.request_hash, status_code = excluded.status_code,
              response = excluded.response, created_at = now(), expires_at = excluded.expires_at
          WHERE idempotency_keys.expires_at < now()
        RETURNING caller`.execute(tx);
      if (saved.rows.length === 0) throw new AnsweredElsewhere();
      return { ...answer, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof AnsweredElsewhere)) throw error;
    const kept = await keptAnswer<T>(db, keyed);
    if (!kept)
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is in progress: try again');
    return { ...kept, replayed: true };
  }
}

/** Background clean-up: keys past their time. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
