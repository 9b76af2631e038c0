import type {
  AccountRequestTarget,
  AuthContext,
  AuthContextBody,
  AuthContextSwitch,
  CreateWorkspaceBody,
  RoleName,
  WorkspaceSummary,
} from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { platformScope, scopeFor } from '../../platform/scope.ts';
import { setSessionOrganisation } from '../auth/auth.shared.ts';
import { insertOrganisation } from '../organisations/organisations.shared.ts';
import { findPlatformIdByDomain } from '../sso/sso.shared.ts';
import { workspacesOf } from '../users/users.own.service.ts';
import { insertMembership } from '../users/users.shared.ts';
import { accountPolicy } from './accounts.policy.ts';
import { findAccountRules, listAccountRequestTargets } from './accounts.repository.ts';

interface Ctx {
  requestId: string;
  ip: string;
}

/**
 * GET /v1/account/request/organisations (public): the organisations the request form may
 * name. The platform is the one asked for, else the one served on the request's host; none
 * when the platform does not take account requests. Decision 0017.
 */
export async function listRequestTargets(
  db: Db,
  platformId: string | undefined,
  host: string | undefined,
): Promise<AccountRequestTarget[]> {
  const id =
    platformId ?? (host ? await findPlatformIdByDomain(db, host.split(':')[0]!.toLowerCase()) : undefined);
  if (!id) return [];
  // Public: the registration page lists the platform's open organisations before any sign-in.
  const rules = await findAccountRules(db, platformScope(id), id);
  if (!rules.account_requests) return [];
  return listAccountRequestTargets(db, platformScope(id), id);
}

/** The caller's own tenant as a policy target: their platform, their organisations, themselves. */
const own = (actor: Actor) => ({
  platformId: actor.platformId,
  organisationIds: actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : [])),
  userId: actor.userId,
});

/** The roles of a session: platform-wide ones plus those of its organisation. */
const sessionRoles = (actor: Actor, organisationId: string | null): RoleName[] => [
  ...new Set(
    actor.memberships
      .filter((m) => m.organisationId === null || m.organisationId === organisationId)
      .map((m) => m.role as RoleName),
  ),
];

function contextOf(
  actor: Actor,
  organisationId: string | null,
  organisations: WorkspaceSummary[],
): AuthContext {
  return {
    userId: actor.userId,
    platformId: actor.platformId,
    platformName: actor.profile.platformName,
    organisationId,
    organisationName: organisations.find((o) => o.id === organisationId)?.name ?? null,
    roles: sessionRoles(actor, organisationId),
    organisations,
  };
}

/** GET /v1/auth-context */
export async function getAuthContext(db: Db, actor: Actor): Promise<AuthContext> {
  requireAccess(actor, accountPolicy.readAuthContext, own(actor));
  return contextOf(actor, actor.organisationId, await workspacesOf(db, actor));
}

/**
 * PUT /v1/auth-context: the session works in another organisation of the user from now
 * on, for the tokens it already holds too: a client that ignores the answer stays signed
 * in and acts in the chosen organisation (issue #9, decision 0046). The answer carries a
 * fresh access token that says so, for clients that want it; the refresh token is kept.
 */
export async function switchAuthContext(
  deps: AppDeps,
  actor: Actor,
  body: AuthContextBody,
  ctx: Ctx,
): Promise<AuthContextSwitch> {
  requireAccess(actor, accountPolicy.switchAuthContext, own(actor));
  if (body.platformId && body.platformId !== actor.platformId) throw notFound('Platform');
  const organisations = await workspacesOf(deps.db, actor);
  if (!organisations.some((o) => o.id === body.organisationId)) throw notFound('Organisation');
  await withTransaction(deps.db, async (tx) => {
    await setSessionOrganisation(tx, actor.familyId, body.organisationId);
    await audit(tx, {
      action: 'auth.organisation_switched',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: body.organisationId,
      actorUserId: actor.userId,
      before: { organisationId: actor.organisationId },
      after: { organisationId: body.organisationId },
      details: { ip: ctx.ip },
      requestId: ctx.requestId,
    });
  });
  deps.actorCache?.invalidate(actor.userId);
  const token = await deps.tokens.sign('access', {
    sub: actor.userId,
    pid: actor.platformId,
    oid: body.organisationId,
    fam: actor.familyId,
  });
  return { ...contextOf(actor, body.organisationId, organisations), token };
}

/**
 * POST /v1/workspace: a new organisation on the caller's platform, with the caller as its
 * organisation administrator. Platform administrators always; everyone when the platform
 * opens it (platform_account_rules.workspace_creation = 'everyone'). Decision 0012.
 */
export async function createWorkspace(
  deps: AppDeps,
  actor: Actor,
  body: CreateWorkspaceBody,
  ctx: Ctx,
): Promise<WorkspaceSummary> {
  const rules = await findAccountRules(deps.db, scopeFor(actor), actor.platformId);
  const rule =
    rules.workspace_creation === 'everyone'
      ? accountPolicy.createWorkspaceWhenOpen
      : accountPolicy.createWorkspace;
  const { userId: _self, ...tenant } = own(actor);
  requireAccess(actor, rule, tenant);
  const org = await withTransaction(deps.db, async (tx) => {
    // A new organisation of one's platform, where the caller belongs to none yet.
    const created = await insertOrganisation(tx, platformScope(actor.platformId), {
      platformId: actor.platformId,
      name: body.name,
      kind: body.kind,
      country: body.country ?? null,
    });
    await insertMembership(tx, platformScope(actor.platformId), {
      platformId: actor.platformId,
      userId: actor.userId,
      organisationId: created.id,
      role: 'organisation_admin',
    });
    await audit(tx, {
      action: 'organisation.workspace_created',
      entityType: 'organisation',
      entityId: created.id,
      platformId: actor.platformId,
      organisationId: created.id,
      actorUserId: actor.userId,
      after: body,
      requestId: ctx.requestId,
    });
    return created;
  });
  deps.actorCache?.invalidate(actor.userId);
  return { id: org.id, name: body.name, kind: body.kind ?? 'other', roles: ['organisation_admin'] };
}
