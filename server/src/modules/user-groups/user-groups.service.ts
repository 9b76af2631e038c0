import type {
  AssignmentChange,
  AssignmentQuery,
  GroupLocation,
  GroupUser,
  UserGroup,
  UserGroupCreate,
  UserGroupUpdate,
} from '@vigilo/contract';
import { type Actor, type Rule, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { findOrganisation } from '../organisations/organisations.shared.ts';
import { platformTarget } from '../platforms/platforms.policy.ts';
import { userGroupPolicy as policy } from './user-groups.policy.ts';
import {
  type AssignmentKind,
  changeAssignments,
  deleteGroup,
  findGroup,
  groupLocations,
  groupUsers,
  insertGroup,
  knownAmong,
  listGroups,
  toGroup,
  updateGroup,
} from './user-groups.repository.ts';

type Found = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

const authorised = (db: Db, actor: Actor, rule: Rule, id: string): Promise<Found> =>
  loadForAccess(db, actor, findGroup, id, { rule, what: 'User group', target: rowTarget });

type GroupAction = 'created' | 'updated' | 'deleted' | 'users_changed' | 'locations_changed';

/** The audit row of a change to a group: before and after as the API shows the group. */
const groupAudit = (
  tx: Db,
  actor: Actor,
  group: Found,
  action: GroupAction,
  requestId: string,
  values: { before?: object | null; after?: object | null; details?: Record<string, unknown> },
) =>
  audit(tx, {
    action: `user_group.${action}`,
    entityType: 'user_group',
    entityId: group.id,
    platformId: group.platform_id,
    organisationId: group.organisation_id,
    actorUserId: actor.userId,
    requestId,
    ...values,
  });

/** GET /v1/user-groups/platform/{platformId} */
export async function groupsOfPlatform(db: Db, actor: Actor, platformId: string): Promise<UserGroup[]> {
  requireAccess(actor, policy.listByPlatform, platformTarget(actor, platformId), 'Platform');
  return (await listGroups(db, scopeFor(actor), { platformId })).map(toGroup);
}

/** GET /v1/user-groups/organisation/{organisationId} */
export async function groupsOfOrganisation(
  db: Db,
  actor: Actor,
  organisationId: string,
): Promise<UserGroup[]> {
  const org = await findOrganisation(db, scopeFor(actor), organisationId);
  if (!org) throw notFound('Organisation');
  requireAccess(
    actor,
    policy.read,
    { platformId: org.platform_id, organisationIds: [org.id] },
    'Organisation',
  );
  return (await listGroups(db, scopeFor(actor), { platformId: org.platform_id, organisationId })).map(
    toGroup,
  );
}

/** GET /v1/user-groups/{id} */
export async function getGroup(db: Db, actor: Actor, id: string): Promise<UserGroup> {
  return toGroup(await authorised(db, actor, policy.read, id));
}

/** POST /v1/user-groups: in the session's organisation unless organisationId names another. */
export async function createGroup(
  db: Db,
  actor: Actor,
  body: UserGroupCreate,
  requestId: string,
): Promise<UserGroup> {
  const organisationId = body.organisationId ?? actor.organisationId;
  if (!organisationId)
    throw new AppError('VALIDATION_FAILED', 'Say which organisation the group belongs to', {
      fields: [
        {
          field: 'body/organisationId',
          message: 'is required when the session has no organisation',
          reason: 'required',
        },
      ],
    });
  const org = await findOrganisation(db, scopeFor(actor), organisationId);
  if (!org) throw notFound('Organisation');
  requireAccess(
    actor,
    policy.manage,
    { platformId: org.platform_id, organisationIds: [org.id] },
    'Organisation',
  );
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const id = await insertGroup(tx, scope, { platformId: org.platform_id, organisationId: org.id }, body);
    const group = (await findGroup(tx, scope, id))!;
    await groupAudit(tx, actor, group, 'created', requestId, { after: toGroup(group) });
    return toGroup(group);
  });
}

/** PUT /v1/user-groups/{id} */
export async function changeGroup(
  db: Db,
  actor: Actor,
  id: string,
  body: UserGroupUpdate,
  requestId: string,
  expected?: number,
): Promise<UserGroup> {
  return withTransaction(db, async (tx) => {
    await authorised(tx, actor, policy.manage, id);
    const scope = scopeFor(actor);
    const current = async () => (await findGroup(tx, scope, id))!;
    await requireVersion(tx, 'user_groups', id, expected, async () => toGroup(await current()));
    const before = await current();
    await updateGroup(tx, scope, id, body);
    const after = (await findGroup(tx, scope, id))!;
    await groupAudit(tx, actor, after, 'updated', requestId, {
      before: toGroup(before),
      after: toGroup(after),
    });
    return toGroup(after);
  });
}

/** DELETE /v1/user-groups/{id}: its members are no longer narrowed by it. */
export async function removeGroup(db: Db, actor: Actor, id: string, requestId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const group = await authorised(tx, actor, policy.manage, id);
    await deleteGroup(tx, scopeFor(actor), id);
    await groupAudit(tx, actor, group, 'deleted', requestId, { before: toGroup(group) });
  });
}

/** GET /v1/user-groups/{id}/users */
export async function usersOfGroup(
  db: Db,
  actor: Actor,
  id: string,
  q: AssignmentQuery,
): Promise<GroupUser[]> {
  const group = await authorised(db, actor, policy.read, id);
  return groupUsers(db, scopeFor(actor), { id, organisationId: group.organisation_id }, q);
}

/** GET /v1/user-groups/{id}/locations */
export async function locationsOfGroup(
  db: Db,
  actor: Actor,
  id: string,
  q: AssignmentQuery,
): Promise<GroupLocation[]> {
  const group = await authorised(db, actor, policy.read, id);
  return groupLocations(db, scopeFor(actor), { id, organisationId: group.organisation_id }, q);
}

/** Ids outside the organisation are refused (and nothing changes), so a group never reaches another tenant. */
function refuseForeign(ids: readonly string[], known: Set<string>, field: string, what: string) {
  const foreign = ids.filter((id) => !known.has(id));
  if (foreign.length)
    throw new AppError('VALIDATION_FAILED', `Some ${what} are not in the group's organisation`, {
      fields: foreign.map((id) => ({
        field,
        message: `${id} is not in the organisation`,
        reason: 'notFound' as const,
      })),
    });
}

/** PUT /v1/user-groups/{id}/users and …/locations: only the organisation's own may be assigned. */
export async function assign(
  db: Db,
  actor: Actor,
  id: string,
  kind: AssignmentKind,
  body: AssignmentChange,
  requestId: string,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const group = await authorised(tx, actor, policy.manage, id);
    const scope = scopeFor(actor);
    refuseForeign(
      body.assigned,
      await knownAmong(tx, scope, kind, group.organisation_id, body.assigned),
      'body/assigned',
      kind,
    );
    await changeAssignments(tx, scope, kind, id, body.assigned, body.unassigned);
    // Who or what was added and removed: the group's full lists are not its fields.
    await groupAudit(tx, actor, group, `${kind}_changed`, requestId, {
      details: { assigned: body.assigned, unassigned: body.unassigned },
    });
  });
}
