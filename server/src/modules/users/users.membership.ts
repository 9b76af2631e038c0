import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadForAccess, scopeFor } from '../../platform/scope.ts';
import { userPolicy } from './users.policy.ts';
import { findUserDetail, removeOrganisationMembership } from './users.repository.ts';
import { requireOutranks, userTarget } from './users.scope.ts';
import type { Ctx } from './users.service.ts';

/**
 * DELETE /v1/users/{id}/memberships/{organisationId}: "remove from my organisation", the
 * part of an account an organisation's administrator owns (decision 0025). The account, its
 * login and its other organisations stay. The user's only organisation cannot be removed
 * this way (409): that is deactivation or deletion, for whoever administers all of it.
 */
export async function removeFromOrganisation(
  deps: AppDeps,
  actor: Actor,
  id: string,
  organisationId: string,
  ctx: Ctx,
): Promise<void> {
  const row = await loadForAccess(deps.db, actor, findUserDetail, id === '@me' ? actor.userId : id, {
    rule: userPolicy.read,
    what: 'User',
    target: userTarget,
  });
  const others = row.memberships.filter((m) => m.organisationId !== organisationId);
  if (others.length === row.memberships.length) throw notFound('Membership');
  requireAccess(
    actor,
    userPolicy.removeMembership,
    { platformId: row.platform_id, organisationIds: [organisationId] },
    'Membership',
  );
  if (row.id !== actor.userId) requireOutranks(actor, row);
  if (!others.some((m) => m.organisationId !== null))
    throw new AppError(
      'CONFLICT',
      "This is the user's only organisation: deactivate or delete the account instead",
    );
  await withTransaction(deps.db, async (tx) => {
    const nextDefault = others.find((m) => m.organisationId !== null)?.organisationId ?? null;
    await removeOrganisationMembership(tx, scopeFor(actor), row.id, organisationId, nextDefault);
    await audit(tx, {
      action: 'user.membership_removed',
      entityType: 'user',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId,
      actorUserId: actor.userId,
      before: {
        memberships: row.memberships.map((m) => ({ role: m.role, organisationId: m.organisationId })),
      },
      after: { memberships: others.map((m) => ({ role: m.role, organisationId: m.organisationId })) },
      requestId: ctx.requestId,
    });
  });
  deps.actorCache?.invalidate(row.id);
}
