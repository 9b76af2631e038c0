import { sql } from 'kysely';
import { type Db, withTransaction } from '../../platform/db.ts';
import { prepared } from '../../platform/prepared.ts';
import { systemScope } from '../../platform/scope.ts';
import { selectUserView } from '../users/users.shared.ts';

export async function insertRefreshToken(
  db: Db,
  row: {
    familyId: string;
    userId: string;
    platformId: string;
    organisationId: string | null;
    tokenHash: string;
    familyCreatedAt: Date;
    /** Carried over on rotation: the session's last step-up, if any. */
    authenticatedAt?: Date | null;
    expiresAt: Date;
    userAgent?: string | null;
    ip?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      family_id: row.familyId,
      user_id: row.userId,
      platform_id: row.platformId,
      organisation_id: row.organisationId,
      token_hash: row.tokenHash,
      family_created_at: row.familyCreatedAt,
      authenticated_at: row.authenticatedAt ?? null,
      expires_at: row.expiresAt,
      user_agent: row.userAgent ?? null,
      ip: row.ip ?? null,
    })
    .execute();
}

/** The refresh token with this hash, locked for the rotation that follows. */
export async function findRefreshTokenForUpdate(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRotated(db: Db, id: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: sql`coalesce(rotated_at, now())` })
    .where('id', '=', id)
    .execute();
}

/** Revokes every live token of a family (logout, reuse detection). Returns how many. */
export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes tokens that expired over a day ago: the nightly prune job. */
export async function deleteExpiredRefreshTokens(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('refresh_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const activeActor = prepared((db, p: (name: 'userId' | 'familyId') => string) =>
  selectUserView(db, systemScope)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('refresh_tokens as t')
          .select([
            't.organisation_id',
            sql<Date>`coalesce(t.authenticated_at, t.family_created_at)`.as('authenticated_at'),
          ])
          .where('t.family_id', '=', p('familyId'))
          // The family must be this user's: a token naming one user with another's family is dead.
          .whereRef('t.user_id', '=', 'u.id')
          .where('t.revoked_at', 'is', null)
          .orderBy('t.created_at', 'desc')
          .limit(sql.lit(1))
          .as('s'),
      (join) => join.onTrue(),
    )
    .select([
      's.organisation_id as session_organisation_id',
      's.authenticated_at as session_authenticated_at',
    ])
    .where('u.id', '=', p('userId'))
    .where('u.deactivated_at', 'is', null),
);

/**
 * The actor of a request in one round trip: the active user with memberships, and the
 * live session of that user: the organisation it works in and when its holder last
 * proved who they are (null when the session is over). Runs on every authenticated
 * request, so it is compiled once (see prepared()).
 */
export async function findActiveActor(db: Db, userId: string, familyId: string) {
  const [row] = await activeActor.execute(db, { userId, familyId });
  return row;
}

/** PUT /v1/auth-context: the session's live tokens work in another organisation from now on. */
export async function setSessionOrganisation(
  db: Db,
  familyId: string,
  organisationId: string,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ organisation_id: organisationId })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A step-up (POST /v1/verify): the session's holder proved who they are just now. */
export async function markSessionAuthenticated(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ authenticated_at: sql`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Counts one attempt under every key, atomically with the check of the limits: `null` (and
 * nothing counted) when a key already has `max` attempts in the window, else the ids of
 * the rows counted. Each key is locked for the transaction first (advisory locks, taken in
 * key order so two callers never wait on each other crosswise), so of N parallel attempts
 * exactly as many as the limit allows get through. Call it outside other transactions:
 * the locks last until the transaction ends.
 */
export async function takeAttempt(
  db: Db,
  limits: readonly { key: string; max: number }[],
  windowSeconds: number,
): Promise<string[] | null> {
  const keys = limits.map((l) => l.key);
  return withTransaction(db, async (tx) => {
    for (const key of [...keys].sort()) {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
    }
    await tx
      .deleteFrom('login_attempts')
      .where('key', 'in', keys)
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
      .execute();
    const { rows } = await sql<{ id: string }>`
      WITH counts AS (
        SELECT l.key, l.max,
          (SELECT count(*) FROM login_attempts a
            WHERE a.key = l.key AND a.created_at > now() - make_interval(secs => ${windowSeconds})) AS n
        FROM unnest(${keys}::text[], ${limits.map((l) => l.max)}::int[]) AS l(key, max)
      )
      INSERT INTO login_attempts (key)
      SELECT key FROM counts WHERE NOT EXISTS (SELECT 1 FROM counts WHERE n >= max)
      RETURNING id`.execute(tx);
    return rows.length === keys.length ? rows.map((r) => r.id) : null;
  });
}

/** Forgets attempts that turned out right (they were counted before the secret was checked). */
export async function forgetAttempts(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** A login name as the database compares it: citext columns compare PostgreSQL's lower(). */
export async function normaliseLoginName(db: Db, name: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT lower(${name}) AS name`.execute(db);
  return rows[0]?.name ?? name;
}

/** Ends every session of a user (password change, reset), except `keepFamily` when given. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  keepFamily?: string,
): Promise<number> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamily) query = query.where('family_id', '!=', keepFamily);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertAccessToken(
  db: Db,
  row: { userId: string; purpose: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('access_tokens')
    .columns(['platform_id', 'user_id', 'purpose', 'token_hash', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select((s) => [
          'platform_id',
          'id',
          s.val(row.purpose).as('purpose'),
          s.val(row.tokenHash).as('token_hash'),
          s.val(row.expiresAt).as('expires_at'),
        ])
        .where('id', '=', row.userId),
    )
    .execute();
}

/**
 * Spends a live one-time token of the given purpose in a single statement, so two requests
 * racing with the same token cannot both win. Returns its user, or undefined.
 */
export async function consumeAccessToken(db: Db, tokenHash: string, purposes: { only: string }) {
  const query = db
    .updateTable('access_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  return query
    .where('purpose', '=', purposes.only)
    .returning(['user_id', 'platform_id', 'purpose'])
    .executeTakeFirst();
}

/** Marks every unused token of a purpose of a user as used (a newer reset replaces older links). */
export async function spendAccessTokens(db: Db, userId: string, purpose: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Deletes sign-in security rows that can no longer matter: attempts older than a day (past
 * any throttling window), spent or expired one-time tokens, SMS codes and email links after 30 days (kept
 * a while for support questions), expired remembered devices. The nightly prune job.
 */
export async function deleteStaleSecurityRows(db: Db): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db
    .deleteFrom('access_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '30 days'`)
    .execute();
  await db.deleteFrom('sms_codes').where('expires_at', '<', sql<Date>`now() - interval '30 days'`).execute();
  await db
    .deleteFrom('email_links')
    .where('expires_at', '<', sql<Date>`now() - interval '30 days'`)
    .execute();
  await db.deleteFrom('remembered_devices').where('expires_at', '<', sql<Date>`now()`).execute();
}
