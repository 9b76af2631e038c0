import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';

/**
 * Optimistic concurrency (decision 0049). Versioned resources carry `version` in their
 * answers and an `ETag: "<version>"` header; a PUT that sends `If-Match: "<version>"` is
 * refused with 412 PRECONDITION_FAILED when someone else changed the resource since, and
 * the refusal carries what it looks like now so the screen can show the difference.
 * Without If-Match a write goes through (the specification's client sends none).
 */

const ETAG = /^\s*(?:W\/)?"(\d{1,9})"\s*$/;

/** The version an `If-Match` header asks for, or undefined when there is none (or `*`). */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const match = ETAG.exec(header);
  if (!match) {
    throw new AppError('BAD_REQUEST', 'If-Match must be the ETag of the resource, e.g. "3"', {
      fields: [{ field: 'headers/if-match', message: 'is not an ETag this API gave', reason: 'format' }],
    });
  }
  return Number(match[1]);
}

/** The tables whose rows carry a trigger-kept `version` (migration 202611240632). */
export type VersionedTable =
  | 'platforms'
  | 'organisations'
  | 'user_groups'
  | 'applications'
  | 'sso_providers'
  | 'reports'
  | 'form_schemas'
  | 'form_views'
  | 'conditions'
  | 'files'
  | 'sender_profiles';

/**
 * Inside the write's transaction and after its access check: locks the row and refuses
 * the write with 412 when the caller edited an older version than the one stored. The
 * refusal carries `view()` — the resource as it is now — and its version.
 */
export async function requireVersion(
  tx: Db,
  table: VersionedTable,
  id: string,
  expected: number | undefined,
  view: () => Promise<unknown>,
): Promise<void> {
  if (expected === undefined) return;
  const row = await tx
    .selectFrom(table)
    .select('version')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.version === expected) return;
  throw new AppError(
    'PRECONDITION_FAILED',
    'Someone else changed this since you opened it. Look at their change, then apply yours again.',
    { currentVersion: row.version, current: await view() },
  );
}

/**
 * Sets `ETag` on every answer whose body is a versioned resource (an object with a numeric
 * `version`), so no route has to remember it.
 */
export function registerEtags(app: FastifyInstance): void {
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    const version = (payload as { version?: unknown } | null)?.version;
    if (typeof version === 'number' && reply.statusCode < 300) reply.header('etag', `"${version}"`);
    done(null, payload);
  });
}
