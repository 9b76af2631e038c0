import type {
  ApproveChangeRequestBody,
  ChangeRequest,
  ChangeRequestPage,
  ChangeRequestQuery,
  CommitPreview,
  DeclineChangeRequestBody,
  RoleName,
} from '@vigilo/contract';
import { type Actor, requireAccess, type Target } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { loadForAccess, platformScope, scopeFor } from '../../platform/scope.ts';
import { nameTaken, requestEmailChange } from '../users/users.email.ts';
import { userPolicy } from '../users/users.policy.ts';
import { userTarget } from '../users/users.scope.ts';
import {
  findUserView,
  insertMembership,
  insertUser,
  loginNameTaken,
  type UserViewRow,
  updateUser,
} from '../users/users.shared.ts';
import { accountReadyEmail, requestDeclinedEmail } from './change-requests.emails.ts';
import { changeRequestPolicy } from './change-requests.policy.ts';
import {
  type ChangeRequestRow,
  findAccountRequestPassword,
  findChangeRequest,
  findChangeRequestPage,
  markDecided,
  toChangeRequest,
} from './change-requests.repository.ts';

interface Ctx {
  requestId: string;
}

const targetOf = (r: ChangeRequestRow): Target => ({
  platformId: r.platform_id,
  organisationIds: [r.organisation_id],
  ...(r.user_id && { userId: r.user_id }),
});

const load = (db: Db, actor: Actor, id: string, rule: keyof typeof changeRequestPolicy, lock = false) =>
  loadForAccess(db, actor, (d, scope, i) => findChangeRequest(d, scope, i, { lock }), id, {
    rule: changeRequestPolicy[rule],
    what: 'Change request',
    target: targetOf,
  });

/** GET /v1/change-requests: the queue of the organisations the actor administers, pending first. */
export async function listChangeRequests(
  db: Db,
  actor: Actor,
  q: ChangeRequestQuery,
): Promise<ChangeRequestPage> {
  const own = actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : []));
  requireAccess(actor, changeRequestPolicy.list, { platformId: actor.platformId, organisationIds: own });
  const { rows, total } = await findChangeRequestPage(
    db,
    scopeFor(actor, changeRequestPolicy.list),
    {
      platformId: actor.platformId,
      statuses: q.statuses,
      kinds: q.kinds,
      organisationIds: q.organisationIds,
      userId: q.userId,
    },
    q,
  );
  return { items: rows.map(toChangeRequest), page: q.page, size: q.size, total };
}

/** GET /v1/change-requests/{id} */
export async function getChangeRequest(db: Db, actor: Actor, id: string): Promise<ChangeRequest> {
  return toChangeRequest(await load(db, actor, id, 'read'));
}

const ACCOUNT_FIELDS = ['email', 'firstName', 'lastName', 'language', 'role'] as const;
const PROFILE_FIELDS: Record<string, (u: UserViewRow) => unknown> = {
  email: (u) => u.email,
  username: (u) => u.username,
  firstName: (u) => u.first_name,
  lastName: (u) => u.last_name,
};

/** The diff of a request against the data as it is now: field, old, new. */
function diffOf(row: ChangeRequestRow, user: UserViewRow | undefined) {
  const changes = row.changes ?? {};
  if (row.kind === 'account') {
    return ACCOUNT_FIELDS.filter((f) => changes[f] !== undefined).map((f) => ({
      field: f,
      old: null,
      new: changes[f],
    }));
  }
  if (row.kind === 'membership') {
    const held = (user?.memberships ?? [])
      .filter((m) => m.organisationId === row.organisation_id)
      .map((m) => m.role);
    const after = [...new Set([...held, changes.role as string])];
    return [{ field: `roles@${row.organisation_name}`, old: held, new: after }];
  }
  return Object.keys(changes).map((f) => ({
    field: f,
    old: user && PROFILE_FIELDS[f] ? PROFILE_FIELDS[f](user) : null,
    new: changes[f],
  }));
}

/**
 * The user a request (already found in the actor's scope) is about. Reached through the
 * request, on its platform: a membership request's user is not a member of the
 * organisation yet, so the actor's own scope would not find them.
 */
const requesterOf = async (db: Db, row: ChangeRequestRow) =>
  row.user_id ? findUserView(db, platformScope(row.platform_id), row.user_id) : undefined;

/** GET /v1/change-requests/{id}/commit-preview: what approving would change. */
export async function previewChangeRequest(db: Db, actor: Actor, id: string): Promise<CommitPreview> {
  const row = await load(db, actor, id, 'preview');
  const user = await requesterOf(db, row);
  return { id: row.id, kind: row.kind, status: row.status, changes: diffOf(row, user) };
}

/** The specification's client sends organisationId and userId: when present they must match the request. */
function checkNamed(row: ChangeRequestRow, body: ApproveChangeRequestBody) {
  const fields = [];
  if (body.organisationId && body.organisationId !== row.organisation_id)
    fields.push({
      field: 'body/organisationId',
      message: 'is not the organisation of this change request',
      reason: 'invalid',
    });
  if (body.userId && body.userId !== row.user_id)
    fields.push({
      field: 'body/userId',
      message: 'is not the user of this change request',
      reason: 'invalid',
    });
  if (fields.length)
    throw new AppError('VALIDATION_FAILED', 'The request names another organisation or user', { fields });
}

const notPending = (status: string) =>
  new AppError('INVALID_TRANSITION', `This change request is already ${status}`, { from: status });

/**
 * PUT /v1/change-requests/{id}/approve: applies the change in one transaction with its
 * audit row: new login names (a new email once its link is opened), the new membership,
 * or the new account.
 */
export async function approveChangeRequest(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: ApproveChangeRequestBody,
  ctx: Ctx,
): Promise<ChangeRequest> {
  let affectedUser: string | null = null;
  await withTransaction(deps.db, async (tx) => {
    const row = await load(tx, actor, id, 'approve', true);
    checkNamed(row, body);
    if (row.status !== 'pending') throw notPending(row.status);
    const changes = row.changes ?? {};
    const user = await requesterOf(tx, row);
    const diff = diffOf(row, user);
    let userId = row.user_id;
    if (row.kind === 'profile') {
      if (!user) throw notFound('User');
      // Login names belong to the whole account: approving needs every organisation of the
      // user (or platform-wide), and a new email applies once its link is opened (decision 0025).
      requireAccess(actor, userPolicy.changeAccount, userTarget(user), 'User');
      const username = changes.username as string | null | undefined;
      if (username !== undefined) {
        if (await loginNameTaken(tx, row.platform_id, { username }, user.id)) throw nameTaken('username');
        await updateUser(tx, scopeFor(actor), user.id, { username });
      }
      if (typeof changes.email === 'string') {
        await requestEmailChange(deps, tx, user, changes.email, {
          userId: actor.userId,
          organisationId: row.organisation_id,
          requestId: ctx.requestId,
        });
      }
    } else if (row.kind === 'membership') {
      if (!user) throw notFound('User');
      await tx
        .insertInto('memberships')
        .values({
          platform_id: row.platform_id,
          user_id: user.id,
          organisation_id: row.organisation_id,
          role: changes.role as RoleName,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      const email = String(changes.email);
      if (await loginNameTaken(tx, row.platform_id, { email }))
        throw new AppError('CONFLICT', 'An account with this email exists already on the platform');
      const created = await insertUser(tx, scopeFor(actor), {
        platformId: row.platform_id,
        email,
        passwordHash: await findAccountRequestPassword(tx, scopeFor(actor), row.id),
        firstName: String(changes.firstName ?? ''),
        lastName: String(changes.lastName ?? ''),
        language: typeof changes.language === 'string' ? changes.language : undefined,
        defaultOrganisationId: row.organisation_id,
      });
      await insertMembership(tx, scopeFor(actor), {
        platformId: row.platform_id,
        userId: created.id,
        organisationId: row.organisation_id,
        role: (changes.role as RoleName | undefined) ?? 'reporter',
      });
      userId = created.id;
      const language = languageOf(typeof changes.language === 'string' ? changes.language : undefined);
      await deps.mailer.send(tx, {
        to: email,
        ...accountReadyEmail[language]({
          organisation: row.organisation_name,
          signInUrl: `${deps.config.publicUrl}/login`,
        }),
        template: 'account-request-approved',
        platformId: row.platform_id,
        organisationId: row.organisation_id,
      });
    }
    await markDecided(tx, scopeFor(actor), row.id, {
      status: 'approved',
      decidedBy: actor.userId,
      userId: userId ?? undefined,
    });
    await audit(tx, {
      action: 'change_request.approved',
      entityType: 'change_request',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      // The request's fields as they were and as the approval made them.
      before: { status: row.status, ...Object.fromEntries(diff.map((d) => [d.field, d.old])) },
      after: { status: 'approved', ...Object.fromEntries(diff.map((d) => [d.field, d.new])) },
      details: { kind: row.kind, userId },
      // The requester's values are sealed under their key, so erasing them erases these (0331).
      ...(userId ? { person: { userId } } : {}),
      requestId: ctx.requestId,
    });
    affectedUser = userId;
  });
  if (affectedUser) deps.actorCache?.invalidate(affectedUser);
  return getChangeRequest(deps.db, actor, id);
}

/** PUT /v1/change-requests/{id}/decline: stores the message; an account request's password is forgotten. */
export async function declineChangeRequest(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: DeclineChangeRequestBody,
  ctx: Ctx,
): Promise<ChangeRequest> {
  await withTransaction(deps.db, async (tx) => {
    const row = await load(tx, actor, id, 'decline', true);
    checkNamed(row, body);
    if (row.status !== 'pending') throw notPending(row.status);
    await markDecided(tx, scopeFor(actor), row.id, {
      status: 'declined',
      decidedBy: actor.userId,
      rejectionMessage: body.rejectionMessage,
    });
    const recipient = row.kind === 'account' ? String(row.changes?.email ?? '') : row.user_email;
    if (recipient) {
      const language = languageOf(
        row.kind === 'account' ? String(row.changes?.language ?? '') : row.user_language,
      );
      await deps.mailer.send(tx, {
        to: recipient,
        ...requestDeclinedEmail[language]({
          organisation: row.organisation_name,
          message: body.rejectionMessage,
        }),
        template: 'change-request-declined',
        platformId: row.platform_id,
        organisationId: row.organisation_id,
      });
    }
    await audit(tx, {
      action: 'change_request.declined',
      entityType: 'change_request',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      reason: body.rejectionMessage,
      before: { status: row.status },
      after: { status: 'declined' },
      details: { kind: row.kind },
      requestId: ctx.requestId,
    });
  });
  return getChangeRequest(deps.db, actor, id);
}
