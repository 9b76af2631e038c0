import type {
  CatalogueItem,
  Organisation,
  Platform,
  PlatformCreate,
  PlatformUpdate,
  PublicPlatform,
  PublicReporting,
  ServerConfiguration,
} from '@vigilo/contract';
import type { Config } from '../../config.ts';
import { type Actor, type Rule, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadForAccess, platformScope, scopeFor, systemScope } from '../../platform/scope.ts';
import { installStandardForms } from '../forms/forms.install.ts';
import { listCatalogue, listOrganisations, toOrganisation } from '../organisations/organisations.shared.ts';
import { platformTarget, platformPolicy as policy } from './platforms.policy.ts';
import {
  domainTaken,
  findPlatform,
  findPublicPlatformByDomain,
  findPublicReportingOrganisations,
  insertPlatformRow,
  listPlatforms as selectPlatforms,
  toPlatform,
  updatePlatformRow,
} from './platforms.repository.ts';

const authorised = (db: Db, actor: Actor, rule: Rule, id: string) =>
  loadForAccess(db, actor, findPlatform, id, {
    rule,
    what: 'Platform',
    target: (row) => platformTarget(actor, row.id),
  });

const domainInUse = () =>
  new AppError('CONFLICT', 'Another platform uses this domain', {
    fields: [{ field: 'body/domain', message: 'is already used by another platform', reason: 'taken' }],
  });

/** GET /v1/platforms/{id} */
export async function getPlatform(db: Db, actor: Actor, id: string): Promise<Platform> {
  return toPlatform(await authorised(db, actor, policy.read, id));
}

/** GET /v1/platforms: the caller's platform; every platform for system administrators. */
export async function listPlatforms(db: Db, actor: Actor): Promise<Platform[]> {
  requireAccess(actor, policy.list, platformTarget(actor, actor.platformId), 'Platform');
  const rows = await selectPlatforms(db, scopeFor(actor));
  return rows.map(toPlatform);
}

/** GET /v1/platforms/domain/{domain} (public): what the web app needs before sign-in. */
export async function platformByDomain(db: Db, domain: string): Promise<PublicPlatform> {
  const platform = await findPublicPlatformByDomain(db, domain.toLowerCase());
  if (!platform) throw notFound('Platform');
  return platform;
}

/** GET /v1/platforms/{id}/theme (public): the platform's own theme (not an organisation's). */
export async function platformTheme(db: Db, id: string): Promise<CatalogueItem> {
  // Public: the sign-in page shows it before anyone signs in.
  const [theme] = await listCatalogue(db, systemScope, 'themes', { platformId: id, organisationId: null });
  if (!theme) throw notFound('Theme');
  return theme;
}

/**
 * GET /v1/platforms/{id}/reporting (public): whether the platform takes reports without an
 * account (its `anonymousReports` setting, decision 0078) and where the public landing sends
 * them (decision 0275). A platform that does not take them lists no organisation.
 */
export async function platformReporting(
  db: Db,
  id: string,
  organisationId: string | undefined,
): Promise<PublicReporting> {
  const scope = platformScope(id);
  const platform = await findPlatform(db, scope, id);
  if (!platform) throw notFound('Platform');
  const anonymousReports =
    (platform.server_configuration as { anonymousReports?: unknown }).anonymousReports === true;
  return {
    anonymousReports,
    organisations: anonymousReports
      ? await findPublicReportingOrganisations(db, scope, id, organisationId)
      : [],
  };
}

/** GET /v1/platforms/{id}/organisations */
export async function platformOrganisations(db: Db, actor: Actor, id: string): Promise<Organisation[]> {
  await authorised(db, actor, policy.listOrganisations, id);
  const rows = await listOrganisations(db, scopeFor(actor), { platformId: id });
  return rows.map(toOrganisation);
}

/** GET /v1/platforms/{id}/sources: the platform-level report sources. */
export async function platformSources(db: Db, actor: Actor, id: string): Promise<CatalogueItem[]> {
  await authorised(db, actor, policy.listSources, id);
  return listCatalogue(db, scopeFor(actor), 'sources', { platformId: id, organisationId: null });
}

/** GET /v1/platforms/{id}/server-configuration */
export async function serverConfiguration(
  db: Db,
  config: Config,
  actor: Actor,
  id: string,
): Promise<ServerConfiguration> {
  const row = await authorised(db, actor, policy.readServerConfiguration, id);
  return {
    platformId: row.id,
    publicUrl: config.publicUrl,
    mfaMethods: row.mfa_methods,
    settings: row.server_configuration,
  };
}

/** POST /v1/platforms (system administrators). */
export async function createPlatform(
  db: Db,
  actor: Actor,
  body: PlatformCreate,
  requestId: string,
): Promise<Platform> {
  requireAccess(actor, policy.create, platformTarget(actor, actor.platformId), 'Platform');
  return withTransaction(db, async (tx) => {
    if (body.domain && (await domainTaken(tx, body.domain))) throw domainInUse();
    const platform = toPlatform(await insertPlatformRow(tx, scopeFor(actor), body));
    // A new platform starts with the standard forms, published (decision 0069).
    await installStandardForms(tx, platform.id);
    await audit(tx, {
      action: 'platform.created',
      entityType: 'platform',
      entityId: platform.id,
      platformId: platform.id,
      actorUserId: actor.userId,
      after: platform,
      requestId,
    });
    return platform;
  });
}

/** PUT /v1/platforms/{id} */
export async function updatePlatform(
  db: Db,
  actor: Actor,
  id: string,
  body: PlatformUpdate,
  requestId: string,
  expected?: number,
): Promise<Platform> {
  return withTransaction(db, async (tx) => {
    await authorised(tx, actor, policy.update, id);
    const scope = scopeFor(actor);
    await requireVersion(tx, 'platforms', id, expected, async () =>
      toPlatform((await findPlatform(tx, scope, id))!),
    );
    const before = (await findPlatform(tx, scope, id))!;
    if (body.domain && (await domainTaken(tx, body.domain, id))) throw domainInUse();
    const after = await updatePlatformRow(tx, scope, id, body);
    await audit(tx, {
      action: 'platform.updated',
      entityType: 'platform',
      entityId: id,
      platformId: id,
      actorUserId: actor.userId,
      before: { ...toPlatform(before), serverConfiguration: before.server_configuration },
      after: { ...toPlatform(after), serverConfiguration: after.server_configuration },
      requestId,
    });
    return toPlatform(after);
  });
}
