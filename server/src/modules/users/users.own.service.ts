import type {
  EditWatchlistBody,
  FollowedItemRecord,
  OrganisationPreference,
  OrganisationPreferencesBody,
  RoleName,
  UserDetail,
  Workspace,
  WorkspaceSummary,
} from '@vigilo/contract';
import { dbNow } from '../../db/columns.ts';
import { type Actor, decide, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadForAccess, scopeFor } from '../../platform/scope.ts';
import { userPolicy } from './users.policy.ts';
import {
  clearDeletionRequest,
  findFollowing,
  findOrganisationPreferences,
  findUserDetail,
  follow,
  toUserDetail,
  type UserDetailRow,
  unfollow,
  upsertOrganisationPreferences,
  upsertSettings,
} from './users.repository.ts';
import { userTarget } from './users.scope.ts';
import type { Ctx } from './users.service.ts';

/** The caller as a policy target: `@me` routes are `self` rules. */
const me = (actor: Actor) => ({ platformId: actor.platformId, organisationIds: [], userId: actor.userId });

/** PUT /v1/users/@me/request-account-deletion: flags the account for administrators (decision 0011). */
export async function requestAccountDeletion(db: Db, actor: Actor, ctx: Ctx): Promise<void> {
  requireAccess(actor, userPolicy.own, me(actor));
  await withTransaction(db, async (tx) => {
    await upsertSettings(
      tx,
      scopeFor(actor),
      { id: actor.userId, platformId: actor.platformId },
      { deletionRequestedAt: dbNow() },
    );
    await audit(tx, {
      action: 'user.deletion_requested',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      before: { deletionRequested: false },
      after: { deletionRequested: true },
      requestId: ctx.requestId,
    });
  });
}

/**
 * DELETE /v1/users/@me/request-account-deletion: withdraws a pending deletion request
 * (decision 0034). Nothing pending is not an error: the request is gone either way.
 */
export async function withdrawAccountDeletion(db: Db, actor: Actor, ctx: Ctx): Promise<void> {
  requireAccess(actor, userPolicy.own, me(actor));
  await withTransaction(db, async (tx) => {
    const withdrawn = await clearDeletionRequest(tx, scopeFor(actor), actor.userId);
    if (!withdrawn) return;
    await audit(tx, {
      action: 'user.deletion_request_withdrawn',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      before: { deletionRequested: true },
      after: { deletionRequested: false },
      details: { requestedAt: withdrawn.toISOString() },
      requestId: ctx.requestId,
    });
  });
}

const toFollowed = (r: { item_type: string; item_id: string; created_at: Date }): FollowedItemRecord => ({
  type: r.item_type,
  id: r.item_id,
  createdAt: r.created_at.toISOString(),
});

/** GET /v1/users/@me/following: what the caller follows, newest first. */
export async function getFollowing(db: Db, actor: Actor): Promise<FollowedItemRecord[]> {
  requireAccess(actor, userPolicy.own, me(actor));
  return (await findFollowing(db, scopeFor(actor), actor.userId)).map(toFollowed);
}

/**
 * POST /v1/users/@me/edit-watchlist: follow and unfollow items (type + id). The areas that
 * own the items decide what a follower may see of them; this list only remembers.
 */
export async function editWatchlist(
  db: Db,
  actor: Actor,
  body: EditWatchlistBody,
): Promise<FollowedItemRecord[]> {
  requireAccess(actor, userPolicy.own, me(actor));
  await withTransaction(db, async (tx) => {
    await unfollow(tx, scopeFor(actor), actor.userId, body.unfollow ?? []);
    await follow(tx, scopeFor(actor), { id: actor.userId, platformId: actor.platformId }, body.follow ?? []);
  });
  return (await findFollowing(db, scopeFor(actor), actor.userId)).map(toFollowed);
}

/** PUT /v1/users/@me/push-token: the device token for push messages; null forgets it. */
export async function setPushToken(db: Db, actor: Actor, pushToken: string | null): Promise<void> {
  requireAccess(actor, userPolicy.own, me(actor));
  await upsertSettings(
    db,
    scopeFor(actor),
    { id: actor.userId, platformId: actor.platformId },
    { pushToken },
  );
}

/** The organisations the actor belongs to, with the roles held in each (kind read from the table). */
export async function workspacesOf(db: Db, actor: Actor): Promise<WorkspaceSummary[]> {
  const ids = [...new Set(actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : [])))];
  if (ids.length === 0) return [];
  const orgs = await db
    .selectFrom('organisations')
    .select(['id', 'name', 'kind'])
    .where('id', 'in', ids)
    .where('platform_id', '=', actor.platformId)
    .orderBy('name')
    .execute();
  return orgs.map((o) => ({
    ...o,
    roles: actor.memberships.filter((m) => m.organisationId === o.id).map((m) => m.role) as RoleName[],
  }));
}

/** GET /v1/users/@me/workspace: the organisation the session works in, and the others open to the caller. */
export async function getWorkspace(db: Db, actor: Actor): Promise<Workspace> {
  requireAccess(actor, userPolicy.own, me(actor));
  const workspaces = await workspacesOf(db, actor);
  return {
    platformId: actor.platformId,
    platformName: actor.profile.platformName,
    current: workspaces.find((w) => w.id === actor.organisationId) ?? null,
    workspaces,
  };
}

async function preferencesTarget(db: Db, actor: Actor, id: string, rule: keyof typeof userPolicy) {
  return loadForAccess(db, actor, findUserDetail, id === '@me' ? actor.userId : id, {
    rule: userPolicy[rule],
    what: 'User',
    target: userTarget,
  });
}

/**
 * The organisations of a user whose preferences the actor may use with `rule`: all of them
 * for the user and platform administrators, only their own for an organisation's
 * administrator (another organisation's settings for the user are not theirs).
 */
const organisationTarget = (row: UserDetailRow, organisationId: string) => ({
  platformId: row.platform_id,
  organisationIds: [organisationId],
  userId: row.id,
});

async function listPreferences(
  db: Db,
  actor: Actor,
  row: UserDetailRow,
  rule: keyof typeof userPolicy,
): Promise<OrganisationPreference[]> {
  const rows = await findOrganisationPreferences(db, scopeFor(actor), row.id);
  return rows
    .filter((r) => decide(actor, userPolicy[rule], organisationTarget(row, r.organisationId)) === 'allow')
    .map((r) => ({
      organisationId: r.organisationId,
      organisationName: r.organisationName,
      preferences: r.preferences ?? {},
      updatedAt: r.updated_at?.toISOString() ?? null,
    }));
}

/** GET /v1/users/{id}/organisation-preferences: one entry per organisation the user belongs to. */
export async function getOrganisationPreferences(
  db: Db,
  actor: Actor,
  id: string,
): Promise<OrganisationPreference[]> {
  const row = await preferencesTarget(db, actor, id, 'readOrganisationPreferences');
  return listPreferences(db, actor, row, 'readOrganisationPreferences');
}

/** GET /v1/users/{id}/organisation-preferences/count */
export async function countOrganisationPreferences(db: Db, actor: Actor, id: string): Promise<number> {
  return (await getOrganisationPreferences(db, actor, id)).length;
}

/**
 * PUT /v1/users/{id}/organisation-preferences: replaces the preferences of the organisations
 * named. Each must be one the user belongs to (else 404: no hint about other organisations).
 */
export async function putOrganisationPreferences(
  db: Db,
  actor: Actor,
  id: string,
  body: OrganisationPreferencesBody,
  ctx: Ctx,
): Promise<OrganisationPreference[]> {
  const row = await preferencesTarget(db, actor, id, 'updateOrganisationPreferences');
  const mine = new Set(userTarget(row).organisationIds);
  body.items.forEach((item) => {
    if (!mine.has(item.organisationId)) throw notFound('Organisation');
    requireAccess(
      actor,
      userPolicy.updateOrganisationPreferences,
      organisationTarget(row, item.organisationId),
      'Organisation',
    );
  });
  await withTransaction(db, async (tx) => {
    const named = new Set(body.items.map((item) => item.organisationId));
    const previous = (await listPreferences(tx, actor, row, 'updateOrganisationPreferences')).filter((p) =>
      named.has(p.organisationId),
    );
    for (const item of body.items) {
      await upsertOrganisationPreferences(
        tx,
        scopeFor(actor),
        { id: row.id, platformId: row.platform_id },
        item.organisationId,
        item.preferences,
      );
    }
    await audit(tx, {
      action: 'user.organisation_preferences_updated',
      entityType: 'user',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      before: { preferences: Object.fromEntries(previous.map((p) => [p.organisationId, p.preferences])) },
      after: { preferences: Object.fromEntries(body.items.map((p) => [p.organisationId, p.preferences])) },
      requestId: ctx.requestId,
    });
  });
  return listPreferences(db, actor, row, 'updateOrganisationPreferences');
}

/**
 * GET /v1/users/invited/{id}: an organisation invite and the account behind it (the one
 * that accepted it, else an existing account with the invited email).
 */
export async function getInvitedUser(
  deps: AppDeps,
  actor: Actor,
  inviteId: string,
): Promise<{
  inviteId: string;
  email: string;
  organisationId: string;
  organisationName: string;
  role: RoleName;
  status: string;
  user: UserDetail | null;
}> {
  const invite = await deps.db
    .selectFrom('organisation_invites as i')
    .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
    .select([
      'i.id',
      'i.platform_id',
      'i.organisation_id',
      'o.name as organisation_name',
      'i.email',
      'i.role',
      'i.expires_at',
      'i.accepted_at',
      'i.accepted_user_id',
    ])
    .where('i.id', '=', inviteId)
    .executeTakeFirst();
  if (!invite) throw notFound('Invite');
  requireAccess(
    actor,
    userPolicy.readInvited,
    { platformId: invite.platform_id, organisationIds: [invite.organisation_id] },
    'Invite',
  );
  let userId = invite.accepted_user_id;
  if (!userId) {
    const existing = await deps.db
      .selectFrom('users')
      .select('id')
      .where('platform_id', '=', invite.platform_id)
      .where('email', '=', invite.email)
      .executeTakeFirst();
    userId = existing?.id ?? null;
  }
  const row = userId ? await findUserDetail(deps.db, scopeFor(actor), userId) : undefined;
  const status = invite.accepted_at
    ? 'accepted'
    : invite.expires_at.getTime() < Date.now()
      ? 'expired'
      : 'pending';
  if (!['reporter', 'organisation_staff', 'organisation_admin', 'assessor'].includes(invite.role))
    throw new AppError('INTERNAL_ERROR', 'Unknown invite role');
  return {
    inviteId: invite.id,
    email: invite.email,
    organisationId: invite.organisation_id,
    organisationName: invite.organisation_name,
    role: invite.role as RoleName,
    status,
    user: row ? toUserDetail(row, null) : null,
  };
}
