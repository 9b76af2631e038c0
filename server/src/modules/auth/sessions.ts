import type { ActiveSession } from '@vigilo/contract';
import { sql } from 'kysely';
import { type Actor, type Rule, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { revokeFamily } from './auth.repository.ts';

/** Everyone manages their own sessions, and only those (decision 0036). */
const ownSessions: Rule = { roles: [], self: true };
const self = (actor: Actor) => ({ platformId: actor.platformId, organisationIds: [], userId: actor.userId });

/**
 * The user's live sessions: one row per refresh-token family with a token neither revoked
 * nor expired, described by its newest token (the last renewal), newest first.
 */
async function findLiveSessions(db: Db, userId: string) {
  return db
    .selectFrom('refresh_tokens as t')
    .distinctOn('t.family_id')
    .select(['t.family_id', 't.family_created_at', 't.created_at', 't.user_agent', 't.ip'])
    .where('t.user_id', '=', userId)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .orderBy('t.family_id')
    .orderBy('t.created_at', 'desc')
    .execute();
}

/** GET /v1/users/@me/sessions: where the caller is signed in; the calling session is marked. */
export async function listSessions(deps: AppDeps, actor: Actor): Promise<ActiveSession[]> {
  requireAccess(actor, ownSessions, self(actor));
  const rows = await findLiveSessions(deps.db, actor.userId);
  return rows
    .map((r) => ({
      id: r.family_id,
      userAgent: r.user_agent,
      ip: r.ip,
      createdAt: r.family_created_at.toISOString(),
      lastUsedAt: r.created_at.toISOString(),
      current: r.family_id === actor.familyId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/**
 * DELETE /v1/users/@me/sessions/{id} (one session; another user's or an ended one is 404)
 * and DELETE /v1/users/@me/sessions (every session, this one too: "sign out everywhere").
 * The access tokens of an ended session stop working at once (the actor needs a live family).
 */
export async function endSessions(
  deps: AppDeps,
  actor: Actor,
  which: { id: string } | 'all',
  ctx: { ip: string; requestId: string },
): Promise<number> {
  requireAccess(actor, ownSessions, self(actor));
  const live = await findLiveSessions(deps.db, actor.userId);
  const families = which === 'all' ? live.map((s) => s.family_id) : [which.id];
  if (which !== 'all' && !live.some((s) => s.family_id === which.id)) throw notFound('Session');
  const ended = await withTransaction(deps.db, async (tx) => {
    for (const family of families)
      await revokeFamily(tx, family, which === 'all' ? 'signed_out_everywhere' : 'revoked');
    await audit(tx, {
      action: which === 'all' ? 'auth.signed_out_everywhere' : 'auth.session_revoked',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      after: { sessions: families.length, current: families.includes(actor.familyId), ip: ctx.ip },
      requestId: ctx.requestId,
    });
    return families.length;
  });
  deps.actorCache?.invalidate(actor.userId);
  return ended;
}
