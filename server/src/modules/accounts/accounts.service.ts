import type {
  AccountRequestBody,
  AccountRequestReceipt,
  AccountRequestTarget,
  AuthContext,
  AuthContextBody,
  AuthContextSwitch,
  CreateWorkspaceBody,
  RoleName,
  WorkspaceSummary,
} from '@vigilo/contract';
import type { AppDeps } from '../../app.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { setSessionOrganisation } from '../auth/auth.repository.ts';
import { insertChangeRequest } from '../change-requests/change-requests.repository.ts';
import { insertOrganisation } from '../organisations/organisations.repository.ts';
import { checkNewPassword } from '../passwords/passwords.service.ts';
import { findPlatformIdByDomain } from '../sso/sso.repository.ts';
import { workspacesOf } from '../users/users.own.service.ts';
import { insertMembership, loginNameTaken } from '../users/users.repository.ts';
import { accountPolicy } from './accounts.policy.ts';
import {
  findAccountRules,
  findOrganisation,
  listAccountRequestTargets,
  pendingAccountRequestExists,
} from './accounts.repository.ts';

interface Ctx {
  requestId: string;
  ip: string;
}

const receipt: AccountRequestReceipt = {
  status: 'pending',
  message:
    'Thank you. An administrator of the organisation will review your request and you will receive an email.',
};

/**
 * POST /v1/account/request (public): self-registration. A change request of kind
 * `account` waits for the organisation's administrators; the account is created only on
 * approval. The answer is the same for a known email (no enumeration): nothing is stored then.
 */
export async function requestAccount(
  deps: AppDeps,
  body: AccountRequestBody,
  ctx: Ctx,
): Promise<AccountRequestReceipt> {
  const org = await findOrganisation(deps.db, body.organisationId);
  // Unknown and closed organisations get the same answer: the public form lists the open ones.
  if (!org?.accepts_account_requests)
    throw new AppError('VALIDATION_FAILED', 'This organisation does not take account requests', {
      fields: [{ field: 'body/organisationId', message: 'does not take account requests' }],
    });
  const rules = await findAccountRules(deps.db, org.platform_id);
  if (!rules.account_requests)
    throw new AppError('FORBIDDEN', 'This platform does not take account requests');
  checkNewPassword(body.password, body.email);
  // Hashing first keeps the timing the same whether or not the email is known.
  const passwordHash = await hashPassword(body.password);
  await withTransaction(deps.db, async (tx) => {
    const known =
      (await loginNameTaken(tx, org.platform_id, { email: body.email })) ||
      (await pendingAccountRequestExists(tx, org.platform_id, body.email));
    if (known) return;
    const cr = await insertChangeRequest(tx, {
      platformId: org.platform_id,
      organisationId: org.id,
      kind: 'account',
      userId: null,
      changes: {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        language: body.language ?? 'en',
        role: body.role ?? 'reporter',
      },
      passwordHash,
      message: body.message ?? null,
    });
    await writeAudit(tx, {
      action: 'account.requested',
      entityType: 'change_request',
      entityId: cr.id,
      platformId: org.platform_id,
      organisationId: org.id,
      newValue: { role: body.role ?? 'reporter', ip: ctx.ip },
      requestId: ctx.requestId,
    });
  });
  return receipt;
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
  const rules = await findAccountRules(db, id);
  if (!rules.account_requests) return [];
  return listAccountRequestTargets(db, id);
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
    await writeAudit(tx, {
      action: 'auth.context_switched',
      entityType: 'user',
      entityId: actor.userId,
      platformId: actor.platformId,
      organisationId: body.organisationId,
      actorUserId: actor.userId,
      oldValue: { organisationId: actor.organisationId },
      newValue: { organisationId: body.organisationId, ip: ctx.ip },
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
  const rules = await findAccountRules(deps.db, actor.platformId);
  const rule =
    rules.workspace_creation === 'everyone'
      ? accountPolicy.createWorkspaceWhenOpen
      : accountPolicy.createWorkspace;
  const { userId: _self, ...tenant } = own(actor);
  requireAccess(actor, rule, tenant);
  const org = await withTransaction(deps.db, async (tx) => {
    const created = await insertOrganisation(tx, {
      platformId: actor.platformId,
      name: body.name,
      kind: body.kind,
      country: body.country ?? null,
    });
    await insertMembership(tx, {
      platformId: actor.platformId,
      userId: actor.userId,
      organisationId: created.id,
      role: 'organisation_admin',
    });
    await writeAudit(tx, {
      action: 'workspace.created',
      entityType: 'organisation',
      entityId: created.id,
      platformId: actor.platformId,
      organisationId: created.id,
      actorUserId: actor.userId,
      newValue: body,
      requestId: ctx.requestId,
    });
    return created;
  });
  deps.actorCache?.invalidate(actor.userId);
  return { id: org.id, name: body.name, kind: body.kind ?? 'other', roles: ['organisation_admin'] };
}
