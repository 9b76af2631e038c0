import type {
  FieldReason,
  SsoProvider,
  SsoProviderCreateBody,
  SsoProviderUpdateBody,
} from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { checkOutboundUrl, OutboundRefusedError, outboundFetch } from '../../platform/outbound-http.ts';
import { loadForAccess, type Scope, scopeFor } from '../../platform/scope.ts';
import { sealSecret } from '../../platform/secrets.ts';
import { platformTarget } from '../platforms/platforms.policy.ts';
import { discover, failureReason } from './sso.oidc.ts';
import { ssoProviderPolicy } from './sso.policy.ts';
import {
  deleteProvider,
  findProvider,
  insertProvider,
  listProviders,
  organisationInPlatform,
  type ProviderRow,
  type ProviderValues,
  platformExists,
  toSsoProvider,
  updateProvider,
} from './sso.repository.ts';

/** Administration of a platform's OpenID Connect providers (decisions 0015, 0030, 0031). */

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

export const invalid = (field: string, message: string, reason: FieldReason = 'invalid') =>
  new AppError('VALIDATION_FAILED', `Invalid request: ${field} ${message}`, {
    fields: [{ field, message, reason }],
  });

/** The provider `id` when the actor may apply `rule` to it (404 outside their platform). */
export async function accessibleProvider(
  db: Db,
  actor: Actor,
  rule: keyof typeof ssoProviderPolicy,
  id: string,
) {
  return loadForAccess(db, actor, findProvider, id, {
    rule: ssoProviderPolicy[rule],
    what: 'SSO provider',
    target: (row) => platformTarget(actor, row.platform_id),
  });
}

/** Checks and completes a provider's settings (on create: the body; on update: merged with the row). */
async function providerValues(
  deps: AppDeps,
  scope: Scope,
  platformId: string,
  body: SsoProviderCreateBody | SsoProviderUpdateBody,
  current?: ProviderRow,
): Promise<ProviderValues> {
  // Kept exactly as given: discovery checks it against the provider's `issuer`, slash and all.
  const issuerUrl = (body.issuerUrl ?? current?.issuer_url ?? '').trim();
  const issuer = URL.canParse(issuerUrl) ? new URL(issuerUrl) : null;
  const httpAllowed = deps.config.env !== 'production';
  if (
    !issuer ||
    !(issuer.protocol === 'https:' || (httpAllowed && issuer.protocol === 'http:')) ||
    issuer.search
  ) {
    throw invalid('body/issuerUrl', 'must be an https address without a query', 'format');
  }
  try {
    checkOutboundUrl(issuerUrl, deps.config.outboundAllowedHosts);
  } catch (error) {
    if (error instanceof OutboundRefusedError)
      throw invalid('body/issuerUrl', `is refused: ${error.message}`);
    throw error;
  }
  const scopes = body.scopes ?? current?.scopes ?? DEFAULT_SCOPES;
  const autoCreateUsers = body.autoCreateUsers ?? current?.auto_create_users ?? false;
  const autoCreateOrganisationId =
    body.autoCreateOrganisationId !== undefined
      ? body.autoCreateOrganisationId
      : (current?.auto_create_organisation_id ?? null);
  if (autoCreateUsers && !autoCreateOrganisationId) {
    throw invalid('body/autoCreateOrganisationId', 'is required when autoCreateUsers is true', 'required');
  }
  if (
    autoCreateOrganisationId &&
    !(await organisationInPlatform(deps.db, scope, platformId, autoCreateOrganisationId))
  ) {
    throw invalid('body/autoCreateOrganisationId', 'must be an organisation of the platform', 'notFound');
  }
  const enabled = body.enabled ?? current?.enabled ?? true;
  return {
    name: body.name ?? current?.name ?? '',
    issuerUrl,
    metadata: await discoverOnSave(deps, issuerUrl, enabled),
    clientId: body.clientId ?? current?.client_id ?? '',
    clientSecretEncrypted:
      body.clientSecret !== undefined
        ? sealSecret(deps.config, 'sso-client-secret', body.clientSecret)
        : (current?.client_secret_encrypted ?? null),
    scopes: scopes.includes('openid') ? scopes : ['openid', ...scopes],
    enabled,
    allowedEmailDomains: (body.allowedEmailDomains ?? current?.allowed_email_domains ?? []).map((d) =>
      d.toLowerCase(),
    ),
    autoCreateUsers,
    autoCreateOrganisationId,
    trustedForMfa: body.trustedForMfa ?? current?.trusted_for_mfa ?? false,
  };
}

/**
 * Discovery runs when a provider is saved, never when someone starts signing in. An address
 * the outbound guard refuses is a bad field whatever the provider's state; a provider whose
 * document cannot be read is saved only disabled (without a document).
 */
async function discoverOnSave(deps: AppDeps, issuerUrl: string, enabled: boolean) {
  try {
    return await discover({
      issuerUrl,
      allowHttp: deps.config.env !== 'production',
      fetch: outboundFetch(deps.config),
    });
  } catch (error) {
    const { refused, reason } = failureReason(error);
    if (refused) throw invalid('body/issuerUrl', `is refused: ${reason}`);
    if (!enabled) return null;
    throw new AppError(
      'SSO_DISCOVERY_FAILED',
      `The provider's discovery document could not be read (${reason}); fix the issuer URL, or save the provider disabled`,
      { reason },
    );
  }
}

/** What the audit trail keeps of a provider: its settings, never the secret. */
const auditView = (row: ProviderRow) => toSsoProvider(row);

/** GET /v1/sso-provider/{id} */
export async function getSsoProvider(db: Db, actor: Actor, id: string): Promise<SsoProvider> {
  return toSsoProvider(await accessibleProvider(db, actor, 'read', id));
}

/** GET /v1/sso-providers/manage: every provider of a platform (the caller's by default). */
export async function listSsoProviders(db: Db, actor: Actor, platformId?: string): Promise<SsoProvider[]> {
  const id = platformId ?? actor.platformId;
  requireAccess(actor, ssoProviderPolicy.read, platformTarget(actor, id), 'Platform');
  return (await listProviders(db, scopeFor(actor), id)).map(toSsoProvider);
}

/** POST /v1/sso-provider/{id}: `{id}` is the platform the new provider belongs to. */
export async function createSsoProvider(
  deps: AppDeps,
  actor: Actor,
  platformId: string,
  body: SsoProviderCreateBody,
  requestId: string,
): Promise<SsoProvider> {
  requireAccess(actor, ssoProviderPolicy.manage, platformTarget(actor, platformId), 'Platform');
  const scope = scopeFor(actor);
  if (!(await platformExists(deps.db, scope, platformId))) throw notFound('Platform');
  const values = await providerValues(deps, scope, platformId, body);
  return withTransaction(deps.db, async (tx) => {
    const row = await insertProvider(tx, scope, platformId, values);
    await audit(tx, {
      action: 'sso_provider.created',
      entityType: 'sso_provider',
      entityId: row.id,
      platformId,
      actorUserId: actor.userId,
      after: auditView(row),
      requestId,
    });
    return toSsoProvider(row);
  });
}

/** PUT /v1/sso-provider/{id}: changes settings; an absent clientSecret keeps the stored one. */
export async function updateSsoProvider(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: SsoProviderUpdateBody,
  requestId: string,
): Promise<SsoProvider> {
  const current = await accessibleProvider(deps.db, actor, 'manage', id);
  const scope = scopeFor(actor);
  const values = await providerValues(deps, scope, current.platform_id, body, current);
  return withTransaction(deps.db, async (tx) => {
    const row = await updateProvider(tx, scope, id, values);
    await audit(tx, {
      action: 'sso_provider.updated',
      entityType: 'sso_provider',
      entityId: id,
      platformId: row.platform_id,
      actorUserId: actor.userId,
      before: auditView(current),
      after: auditView(row),
      details: { clientSecretChanged: body.clientSecret !== undefined },
      requestId,
    });
    return toSsoProvider(row);
  });
}

/** DELETE /v1/sso-provider/{id}: linked identities stay (they are issuer + subject), unusable until a provider for that issuer exists again. */
export async function deleteSsoProvider(
  deps: AppDeps,
  actor: Actor,
  id: string,
  requestId: string,
): Promise<void> {
  const current = await accessibleProvider(deps.db, actor, 'manage', id);
  await withTransaction(deps.db, async (tx) => {
    await deleteProvider(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'sso_provider.deleted',
      entityType: 'sso_provider',
      entityId: id,
      platformId: current.platform_id,
      actorUserId: actor.userId,
      before: auditView(current),
      requestId,
    });
  });
}
