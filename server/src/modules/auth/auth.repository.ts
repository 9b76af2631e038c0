import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { prepared } from '../../platform/prepared.ts';
import { selectUserView } from '../users/users.repository.ts';

export async function insertRefreshToken(
  db: Db,
  row: {
    familyId: string;
    userId: string;
    platformId: string;
    organisationId: string | null;
    tokenHash: string;
    familyCreatedAt: Date;
    expiresAt: Date;
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
      expires_at: row.expiresAt,
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
  selectUserView(db)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens as t')
            .select('t.id')
            .where('t.family_id', '=', p('familyId'))
            .where('t.revoked_at', 'is', null),
        )
        .as('session_live'),
    )
    .where('u.id', '=', p('userId'))
    .where('u.deactivated_at', 'is', null),
);

/**
 * The actor of a request in one round trip: the active user with memberships, and
 * whether the session family is still live. Runs on every authenticated request, so it
 * is compiled once (see prepared()).
 */
export async function findActiveActor(db: Db, userId: string, familyId: string) {
  const [row] = await activeActor.execute(db, { userId, familyId });
  return row;
}
