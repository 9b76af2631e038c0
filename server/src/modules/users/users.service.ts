import type {
  CreateUserBody,
  UpdateUserBody,
  User,
  UserDetail,
  UserExportBody,
  UserPage,
  UserSearchQuery,
} from '@vigilo/contract';
import { dbNow } from '../../db/columns.ts';
import { type Actor, decide, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pruneMessagesOf } from '../../platform/mail-retention.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { destroyPersonKeys } from '../../platform/personal-data.ts';
import { loadForAccess, platformScope, scopeFor } from '../../platform/scope.ts';
import { insertChangeRequest } from '../change-requests/change-requests.shared.ts';
import { checkNewPassword } from '../passwords/passwords.service.ts';
import { toCsv } from './users.csv.ts';
import { nameTaken, requestEmailChange } from './users.email.ts';
import { userPolicy } from './users.policy.ts';
import {
  anonymiseUser,
  findUserDetail,
  findUserPage,
  findUsersForExport,
  insertMembership,
  insertUser,
  loginNameTaken,
  replaceMemberships,
  revokeAllSessions,
  toUser,
  toUserDetail,
  type UserDetailRow,
  updateUser,
  upsertSettings,
} from './users.repository.ts';
import { assignableRoles, checkAssignable, requireOutranks, userTarget, withinReach } from './users.scope.ts';

/** Who asked, for audit rows. */
export interface Ctx {
  requestId: string;
}

const resolveId = (actor: Actor, id: string) => (id === '@me' ? actor.userId : id);

/** The user row as the actor's scope finds it, or 404; the caller then checks the rule on it. */
async function loadUser(db: Db, actor: Actor, id: string): Promise<UserDetailRow> {
  const row = await findUserDetail(db, scopeFor(actor), id);
  if (!row) throw notFound('User');
  return row;
}

/** Roles as the audit log keeps them: who holds what where, in one order. */
const membershipsView = (memberships: UserDetailRow['memberships']) =>
  memberships
    .map((m) => ({ organisationId: m.organisationId, role: m.role }))
    .sort((a, b) => `${a.organisationId}:${a.role}`.localeCompare(`${b.organisationId}:${b.role}`));

/** The account fields an update may change, as audit() compares them. */
const accountView = (row: UserDetailRow, withMemberships: boolean) => ({
  firstName: row.first_name,
  lastName: row.last_name,
  language: row.language,
  email: row.email,
  username: row.username,
  accountType: row.account_type,
  ...(withMemberships && { memberships: membershipsView(row.memberships) }),
});

const detailFor = (actor: Actor, row: UserDetailRow): UserDetail => ({
  ...toUserDetail(row, row.id === actor.userId ? actor.organisationId : null),
  canManageAccount: decide(actor, userPolicy.changeAccount, userTarget(row)) === 'allow',
});

/**
 * GET /v1/users/{id}: one user; `@me` is the caller. Without `includeSettings` the
 * caller's own record comes from the authentication query (the fast path, decision 0007).
 */
export async function getUser(
  db: Db,
  actor: Actor,
  id: string,
  opts: { includeSettings?: boolean } = {},
): Promise<User | UserDetail> {
  const userId = resolveId(actor, id);
  if (userId === actor.userId && !opts.includeSettings) return actor.profile;
  // Permanently deleted users are gone for everyone (findUserDetail leaves them out).
  const row = await loadForAccess(db, actor, findUserDetail, userId, {
    rule: userPolicy.read,
    what: 'User',
    target: userTarget,
  });
  return opts.includeSettings ? detailFor(actor, row) : toUser(row, null);
}

/** GET /v1/users: the search of the administration screen; never another tenant's users. */
export async function searchUsers(db: Db, actor: Actor, query: UserSearchQuery): Promise<UserPage> {
  requireAccess(actor, userPolicy.list, {
    platformId: actor.platformId,
    organisationIds: listTargets(actor),
  });
  const { rows, total } = await findUserPage(
    db,
    scopeFor(actor, userPolicy.list),
    {
      platformId: actor.platformId,
      query: query.query,
      organisationIds: query.organisationIds,
      roles: query.roleIds,
      changeRequestStatuses: query.changeRequestStatuses,
      includeDeactivated: query.includeDeactivated,
      onlyDeletionRequests: query.includeOnlyDeletionRequests,
      accountTypes: query.accountTypes,
    },
    { page: query.page, size: query.size },
  );
  return { items: rows.map((r) => detailFor(actor, r)), page: query.page, size: query.size, total };
}

/** The organisations a list-level check is made against: the actor's own. */
const listTargets = (actor: Actor) =>
  actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : []));

/** POST /v1/users: an administrator creates an account with its roles. */
export async function createUser(
  deps: AppDeps,
  actor: Actor,
  body: CreateUserBody,
  ctx: Ctx,
): Promise<UserDetail> {
  const organisationIds = body.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : []));
  // Only platform-wide roles asked for: the check is against the actor's own organisations
  // (and checkAssignable then says whether the actor may grant them).
  const where = organisationIds.length ? organisationIds : listTargets(actor);
  requireAccess(
    actor,
    userPolicy.create,
    { platformId: actor.platformId, organisationIds: where },
    'Organisation',
  );
  await checkAssignable(deps.db, actor, actor.platformId, body.memberships);
  if (body.password) checkNewPassword(body.password, body.email);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const id = await withTransaction(deps.db, async (tx) => {
    const taken = await loginNameTaken(tx, actor.platformId, body);
    if (taken) throw nameTaken(taken);
    const user = await insertUser(tx, scopeFor(actor), {
      platformId: actor.platformId,
      email: body.email,
      username: body.username ?? null,
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      language: body.language,
      accountType: body.accountType,
      defaultOrganisationId: organisationIds[0] ?? null,
    });
    for (const m of body.memberships) {
      await insertMembership(tx, scopeFor(actor), { platformId: actor.platformId, userId: user.id, ...m });
    }
    if (body.phone !== undefined)
      await upsertSettings(
        tx,
        scopeFor(actor),
        { id: user.id, platformId: actor.platformId },
        { phone: body.phone },
      );
    await audit(tx, {
      action: 'user.created',
      entityType: 'user',
      entityId: user.id,
      platformId: actor.platformId,
      organisationId: organisationIds[0] ?? null,
      actorUserId: actor.userId,
      before: null,
      after: {
        email: body.email,
        username: body.username ?? null,
        firstName: body.firstName,
        lastName: body.lastName,
        language: body.language ?? null,
        accountType: body.accountType ?? 'standard',
        memberships: body.memberships,
      },
      details: { passwordSet: passwordHash !== null },
      requestId: ctx.requestId,
    });
    return user.id;
  });
  return detailFor(actor, await loadUser(deps.db, actor, id));
}

/**
 * PUT /v1/users/{id}. Self-service fields apply at once. A change of one's own email or
 * username (unless one may change the whole account), or a request to join an organisation,
 * becomes a change request. `memberships` and `accountType` are refused (400) unless the
 * actor may assign roles; login names and the account type of someone else need
 * `changeAccount` (403 for an administrator of only some of the user's organisations). A
 * new email is confirmed at the new address before it applies.
 */
export async function updateUserAccount(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: UpdateUserBody,
  ctx: Ctx,
): Promise<UserDetail> {
  const row = await loadUser(deps.db, actor, resolveId(actor, id));
  const target = userTarget(row);
  requireAccess(actor, userPolicy.update, target, 'User');
  const self = row.id === actor.userId;
  if (!self) requireOutranks(actor, row);
  const isAdmin = decide(actor, userPolicy.assignRoles, target) === 'allow';
  const wholeAccount = decide(actor, userPolicy.changeAccount, target) === 'allow';
  const adminFields = (['memberships', 'accountType'] as const).filter((f) => body[f] !== undefined);
  if (adminFields.length && !isAdmin) {
    throw new AppError('VALIDATION_FAILED', 'Only an administrator may change roles or the account type', {
      fields: adminFields.map((f) => ({
        field: `body/${f}`,
        message: 'is not an allowed field',
        reason: 'notAllowed',
      })),
    });
  }
  // The full list may be sent back (as the detail page does): memberships outside the
  // actor's reach that the user already holds are kept as they are, not refused.
  const memberships = body.memberships?.filter(
    (m) =>
      withinReach(actor, m) ||
      !row.memberships.some((h) => h.role === m.role && h.organisationId === m.organisationId),
  );
  if (memberships) await checkAssignable(deps.db, actor, row.platform_id, memberships);
  if (body.requestMembership && !self) {
    throw new AppError('VALIDATION_FAILED', 'Only the user may ask to join an organisation', {
      fields: [
        { field: 'body/requestMembership', message: 'is only for your own account', reason: 'notAllowed' },
      ],
    });
  }
  const nameChanges = {
    ...(body.email !== undefined && body.email !== row.email && { email: body.email }),
    ...(body.username !== undefined && body.username !== row.username && { username: body.username }),
  };
  // Login names and the account type belong to the whole account (decision 0025): users
  // ask for their own through a change request; anyone else needs `changeAccount`.
  const needsApproval = self && !wholeAccount && Object.keys(nameChanges).length > 0;
  const accountTypeChange = body.accountType !== undefined && body.accountType !== row.account_type;
  if (!needsApproval && (Object.keys(nameChanges).length > 0 || accountTypeChange))
    requireAccess(actor, userPolicy.changeAccount, target, 'User');
  // A new email applies once the link mailed to it is opened; a username at once.
  const { email: newEmail, ...directNames } = needsApproval ? {} : nameChanges;

  await withTransaction(deps.db, async (tx) => {
    if (Object.keys(directNames).length) {
      const taken = await loginNameTaken(tx, row.platform_id, directNames, row.id);
      if (taken) throw nameTaken(taken);
    }
    await updateUser(tx, scopeFor(actor), row.id, {
      firstName: body.firstName,
      lastName: body.lastName,
      language: body.language,
      accountType: body.accountType,
      ...directNames,
    });
    if (newEmail) {
      await requestEmailChange(deps, tx, row, newEmail, {
        userId: actor.userId,
        organisationId: actor.organisationId,
        requestId: ctx.requestId,
      });
    }
    if (body.phone !== undefined || body.preferences !== undefined) {
      await upsertSettings(
        tx,
        scopeFor(actor),
        { id: row.id, platformId: row.platform_id },
        { phone: body.phone, preferences: body.preferences },
      );
    }
    if (body.memberships) {
      const scope = assignableRoles(actor);
      await replaceMemberships(
        tx,
        scopeFor(actor),
        { id: row.id, platformId: row.platform_id },
        {
          organisationIds: scope.organisations === 'all' ? target.organisationIds : scope.organisations,
          allOrganisations: scope.organisations === 'all',
          roles: scope.roles,
        },
        memberships ?? [],
      );
    }
    const homeOrganisation = actor.organisationId ?? target.organisationIds[0];
    if (needsApproval && homeOrganisation) {
      await insertChangeRequest(tx, scopeFor(actor), {
        platformId: row.platform_id,
        organisationId: homeOrganisation,
        kind: 'profile',
        userId: row.id,
        changes: nameChanges,
      });
    }
    if (body.requestMembership) {
      await requireOrganisationOnPlatform(tx, row.platform_id, body.requestMembership.organisationId);
      // Asking to join an organisation one is not in yet: any organisation of one's platform.
      await insertChangeRequest(tx, platformScope(row.platform_id), {
        platformId: row.platform_id,
        organisationId: body.requestMembership.organisationId,
        kind: 'membership',
        userId: row.id,
        changes: { role: body.requestMembership.role },
      });
    }
    await audit(tx, {
      action: 'user.updated',
      entityType: 'user',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      before: accountView(row, body.memberships !== undefined),
      after: accountView(
        (await findUserDetail(tx, scopeFor(actor), row.id))!,
        body.memberships !== undefined,
      ),
      details: {
        changeRequested: needsApproval || undefined,
        emailAwaitsConfirmation: newEmail ? true : undefined,
        membershipRequested: body.requestMembership?.organisationId,
        phoneChanged: body.phone !== undefined || undefined,
        preferencesChanged: body.preferences !== undefined || undefined,
      },
      requestId: ctx.requestId,
    });
  });
  if (body.memberships) deps.actorCache?.invalidate(row.id);
  return detailFor(actor, await loadUser(deps.db, actor, row.id));
}

async function requireOrganisationOnPlatform(db: Db, platformId: string, organisationId: string) {
  const org = await db
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', organisationId)
    .where('platform_id', '=', platformId)
    .executeTakeFirst();
  if (!org) throw notFound('Organisation');
}

/** PUT /v1/users/{id}/toggle-deactivate: deactivation ends every session of the user at once. */
export async function toggleDeactivate(
  deps: AppDeps,
  actor: Actor,
  id: string,
  reason: string | undefined,
  ctx: Ctx,
): Promise<UserDetail> {
  const row = await loadUser(deps.db, actor, resolveId(actor, id));
  requireAccess(actor, userPolicy.deactivate, userTarget(row), 'User');
  if (row.id === actor.userId) throw new AppError('CONFLICT', 'You cannot deactivate your own account');
  requireOutranks(actor, row);
  const deactivate = row.deactivated_at === null;
  await withTransaction(deps.db, async (tx) => {
    await updateUser(tx, scopeFor(actor), row.id, { deactivatedAt: deactivate ? dbNow() : null });
    const revoked = deactivate ? await revokeAllSessions(tx, scopeFor(actor), row.id, 'deactivated') : 0;
    await audit(tx, {
      ...(deactivate
        ? { action: 'user.deactivated' as const, reason }
        : { action: 'user.reactivated' as const, reason }),
      entityType: 'user',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      before: { deactivated: !deactivate },
      after: { deactivated: deactivate },
      details: { sessionsEnded: revoked },
      requestId: ctx.requestId,
    });
  });
  deps.actorCache?.invalidate(row.id);
  return detailFor(actor, await loadUser(deps.db, actor, row.id));
}

/**
 * DELETE /v1/users/{id}: permanent deletion. Personal data is removed or anonymised; the
 * user row stays as "deleted", so reports and audit rows (kept by pharmacovigilance law)
 * still point at something. See decision 0011.
 */
export async function deleteUser(
  deps: AppDeps,
  actor: Actor,
  id: string,
  reason: string | undefined,
  ctx: Ctx,
): Promise<void> {
  const row = await loadUser(deps.db, actor, resolveId(actor, id));
  requireAccess(actor, userPolicy.delete, userTarget(row), 'User');
  if (row.id === actor.userId)
    throw new AppError('CONFLICT', 'You cannot delete your own account; request its deletion instead');
  requireOutranks(actor, row);
  await withTransaction(deps.db, async (tx) => {
    await anonymiseUser(tx, scopeFor(actor), { id: row.id, platformId: row.platform_id });
    // The person's values sealed in the audit trail become unreadable: no audit row changes (0331).
    const keys = await destroyPersonKeys(tx, [{ userId: row.id }, { email: row.email }]);
    // Mail to or about the person goes at once, not at the end of the outbox's retention.
    const fullName = `${row.first_name} ${row.last_name}`.trim();
    const messages = await pruneMessagesOf(tx, row.email, fullName.includes(' ') ? [fullName] : []);
    await audit(tx, {
      action: 'user.deleted',
      reason,
      entityType: 'user',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: actor.organisationId,
      actorUserId: actor.userId,
      // No personal data in the record: only what the account was, not who.
      before: { memberships: membershipsView(row.memberships), anonymised: false },
      after: { memberships: [], anonymised: true },
      details: {
        deletionRequested: row.deletion_requested_at !== null,
        personKeysDestroyed: keys,
        messagesPruned: messages,
      },
      requestId: ctx.requestId,
    });
  });
  deps.actorCache?.invalidate(row.id);
}

const EXPORT_LIMIT = 50_000;

/**
 * POST /v1/users/export: the users in the actor's scope as CSV. organisationId and
 * platformId narrow the export; one outside the actor's scope is a 404.
 */
export async function exportUsers(db: Db, actor: Actor, body: UserExportBody): Promise<string> {
  requireAccess(actor, userPolicy.export, {
    platformId: actor.platformId,
    organisationIds: listTargets(actor),
  });
  if (body.platformId && body.platformId !== actor.platformId) throw notFound('Platform');
  const scope = scopeFor(actor, userPolicy.list);
  if (body.organisationId) {
    if (scope.organisationIds !== null && !scope.organisationIds.includes(body.organisationId))
      throw notFound('Organisation');
    await requireOrganisationOnPlatform(db, actor.platformId, body.organisationId);
  }
  const rows = await findUsersForExport(
    db,
    scope,
    {
      platformId: actor.platformId,
      roles: body.roles,
      organisationIds: body.organisationId ? [body.organisationId] : undefined,
      includeDeactivated: true,
    },
    EXPORT_LIMIT,
  );
  return toCsv(rows);
}
