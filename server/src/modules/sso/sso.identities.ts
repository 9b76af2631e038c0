import type { SsoIdentity, SsoIdentityCreateBody, SsoLinkBody } from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { withTransaction } from '../../platform/db.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { scopeFor } from '../../platform/scope.ts';
import type { RequestContext } from '../auth/auth.service.ts';
import { checkSecondFactor, verifiedFactors } from '../mfa/mfa.service.ts';
import { confirmCurrentPassword } from '../passwords/passwords.service.ts';
import { findUserView } from '../users/users.shared.ts';
import { isPlatformWide, linkIdentity } from './sso.accounts.ts';
import { ssoProviderPolicy } from './sso.policy.ts';
import {
  deleteIdentity,
  findIdentityById,
  findProvider,
  findUserIdByEmail,
  listIdentities,
  type ProviderRow,
} from './sso.repository.ts';
import { accessibleProvider, invalid } from './sso.service.ts';
import { beginAtProvider, safeReturnTo } from './sso.sign-in.ts';

/**
 * Links between SSO identities and accounts (decision 0031): the account holder links their
 * own (password and second factor first) and removes them; a platform's administrators list,
 * approve and remove the links of a provider.
 */

/** The answer to a taken subject, the same as sso.area.ts declares for the unique rule. */
export const subjectTaken = 'is already linked to a Vigilo account';

const selfTarget = (actor: Actor) => ({
  platformId: actor.platformId,
  organisationIds: [],
  userId: actor.userId,
});
const platformWideRefused = () =>
  forbidden('Accounts with platform-wide rights sign in with their password and second factor only');

/** GET /v1/sso/identities: the caller's linked sign-in providers. */
export async function listOwnIdentities(deps: AppDeps, actor: Actor): Promise<SsoIdentity[]> {
  requireAccess(actor, ssoProviderPolicy.linkOwn, selfTarget(actor));
  return listIdentities(deps.db, scopeFor(actor), { userId: actor.userId });
}

/**
 * POST /v1/sso/link: the signed-in user proves it is them (current password, and a code of
 * their second factor when they have one; wrong guesses count like failed sign-ins), then signs
 * in at the provider; the callback links that identity to this account.
 */
export async function startLink(
  deps: AppDeps,
  actor: Actor,
  body: SsoLinkBody,
  ctx: RequestContext,
): Promise<{ location: string; browserToken: string }> {
  requireAccess(actor, ssoProviderPolicy.linkOwn, selfTarget(actor));
  const row = await findProvider(deps.db, scopeFor(actor), body.providerId);
  if (!row?.enabled || row.platform_id !== actor.platformId) throw notFound('SSO provider');
  if (isPlatformWide(actor)) throw platformWideRefused();
  await confirmCurrentPassword(deps, actor, body.currentPassword);
  const factors = await verifiedFactors(deps.db, actor.userId);
  if (factors.length) {
    if (!body.code)
      throw invalid('body/code', 'is required: enter a code from your second factor', 'required');
    const owner = { id: actor.userId, platformId: actor.platformId };
    await checkSecondFactor(
      deps,
      owner,
      factors,
      { code: body.code, method: body.method },
      { ...ctx, step: 'sso_link' },
    );
  }
  return beginAtProvider(deps, row, {
    returnTo: safeReturnTo(body.returnTo) ?? '/account/security',
    linkUserId: actor.userId,
  });
}

/** DELETE /v1/sso/identities/{id}: the caller removes one of their own links (another's: 404). */
export async function unlinkOwnIdentity(deps: AppDeps, actor: Actor, id: string, ctx: RequestContext) {
  requireAccess(actor, ssoProviderPolicy.linkOwn, selfTarget(actor));
  const identity = await findIdentityById(deps.db, scopeFor(actor), id);
  if (identity?.user_id !== actor.userId) throw notFound('SSO identity');
  await removeIdentity(deps, identity, actor, ctx);
}

async function removeIdentity(
  deps: AppDeps,
  identity: NonNullable<Awaited<ReturnType<typeof findIdentityById>>>,
  actor: Actor,
  ctx: RequestContext,
) {
  await withTransaction(deps.db, async (tx) => {
    await deleteIdentity(tx, scopeFor(actor), identity.id);
    await audit(tx, {
      action: 'user.identity_unlinked',
      entityType: 'user',
      entityId: identity.user_id,
      platformId: identity.platform_id,
      actorUserId: actor.userId,
      before: {
        identityId: identity.id,
        providerId: identity.provider_id,
        issuer: identity.issuer,
        subject: identity.subject,
      },
      requestId: ctx.requestId,
    });
  });
}

/** GET /v1/sso-provider/{id}/identities: the accounts linked to a provider. */
export async function listProviderIdentities(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<SsoIdentity[]> {
  await accessibleProvider(deps.db, actor, 'read', id);
  return listIdentities(deps.db, scopeFor(actor), { providerId: id });
}

/** The issuer the provider's ID tokens carry: the stored discovery document's `issuer`. */
function issuerOf(row: ProviderRow): string {
  const issuer = row.metadata?.issuer;
  if (typeof issuer !== 'string') {
    throw new AppError(
      'SSO_DISCOVERY_FAILED',
      'Save the provider (so its settings are read) before linking accounts to it',
    );
  }
  return issuer;
}

/**
 * POST /v1/sso-provider/{id}/identities: an administrator links the provider's subject to an
 * account of the platform (by email). Platform-wide accounts cannot be linked.
 */
export async function createProviderIdentity(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: SsoIdentityCreateBody,
  ctx: RequestContext,
): Promise<SsoIdentity> {
  const row = await accessibleProvider(deps.db, actor, 'manage', id);
  const issuer = issuerOf(row);
  const userId = await findUserIdByEmail(
    deps.db,
    scopeFor(actor),
    row.platform_id,
    body.email.trim().toLowerCase(),
  );
  const user = userId ? await findUserView(deps.db, scopeFor(actor), userId) : undefined;
  if (!user) throw notFound('User');
  if (isPlatformWide(user)) {
    throw invalid(
      'body/email',
      'is an account with platform-wide rights, which signs in with its password only',
    );
  }
  const identityId = await withTransaction(deps.db, (tx) =>
    linkIdentity(
      tx,
      {
        row,
        userId: user.id,
        issuer,
        subject: body.subject,
        email: null,
        via: 'administrator',
        actorUserId: actor.userId,
        requestId: ctx.requestId,
      },
      () =>
        new AppError('CONFLICT', `body/subject ${subjectTaken}`, {
          fields: [{ field: 'body/subject', message: subjectTaken, reason: 'taken' }],
        }),
    ),
  );
  const created = (await listIdentities(deps.db, scopeFor(actor), { providerId: id })).find(
    (i) => i.id === identityId,
  );
  if (!created) throw notFound('SSO identity');
  return created;
}

/** DELETE /v1/sso-provider/{id}/identities/{identityId} */
export async function deleteProviderIdentity(
  deps: AppDeps,
  actor: Actor,
  id: string,
  identityId: string,
  ctx: RequestContext,
): Promise<void> {
  await accessibleProvider(deps.db, actor, 'manage', id);
  const identity = await findIdentityById(deps.db, scopeFor(actor), identityId);
  if (identity?.provider_id !== id) throw notFound('SSO identity');
  await removeIdentity(deps, identity, actor, ctx);
}
