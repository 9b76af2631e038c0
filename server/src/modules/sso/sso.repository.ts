import type { SsoIdentity, SsoProvider } from '@vigilo/contract';
import { type Selectable, sql } from 'kysely';
import type { SsoProviderTable } from '../../db/tables/integrations.ts';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, requirePlatform, type Scope } from '../../platform/scope.ts';

/** Providers are platform-level: every member of the platform sees them (the rules say who may change them). */
const provider = { platform: 'platform_id' };
/** Identities belong to users: the scope sees those of its organisations' members. */
const identity = { platform: 'i.platform_id', member: 'i.user_id' };

export type ProviderRow = Selectable<SsoProviderTable>;

export function toSsoProvider(row: ProviderRow): SsoProvider {
  return {
    id: row.id,
    platformId: row.platform_id,
    name: row.name,
    issuerUrl: row.issuer_url,
    clientId: row.client_id,
    hasClientSecret: row.client_secret_encrypted !== null,
    scopes: row.scopes,
    enabled: row.enabled,
    allowedEmailDomains: row.allowed_email_domains,
    autoCreateUsers: row.auto_create_users,
    autoCreateOrganisationId: row.auto_create_organisation_id,
    trustedForMfa: row.trusted_for_mfa,
    discoveredAt: row.discovered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function findProvider(db: Db, scope: Scope, id: string): Promise<ProviderRow | undefined> {
  return inScope(db.selectFrom('sso_providers'), scope, provider)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every provider of a platform (administrators), or only the enabled ones (the login page). */
export async function listProviders(
  db: Db,
  scope: Scope,
  platformId: string,
  onlyEnabled = false,
): Promise<ProviderRow[]> {
  let query = inScope(db.selectFrom('sso_providers'), scope, provider)
    .selectAll()
    .where('platform_id', '=', platformId);
  // A button only for providers that can be used: enabled and discovered.
  if (onlyEnabled) query = query.where('enabled', '=', true).where('metadata', 'is not', null);
  return query.orderBy('name').execute();
}

export interface ProviderValues {
  name: string;
  issuerUrl: string;
  /** The discovery document fetched on saving; null when it could not be (disabled providers only). */
  metadata: Record<string, unknown> | null;
  clientId: string;
  clientSecretEncrypted: string | null;
  scopes: string[];
  enabled: boolean;
  allowedEmailDomains: string[];
  autoCreateUsers: boolean;
  autoCreateOrganisationId: string | null;
  trustedForMfa: boolean;
}

const columns = (v: ProviderValues) => ({
  name: v.name,
  issuer_url: v.issuerUrl,
  metadata: v.metadata === null ? null : JSON.stringify(v.metadata),
  discovered_at: v.metadata === null ? null : sql<Date>`now()`,
  client_id: v.clientId,
  client_secret_encrypted: v.clientSecretEncrypted,
  scopes: v.scopes,
  enabled: v.enabled,
  allowed_email_domains: v.allowedEmailDomains,
  auto_create_users: v.autoCreateUsers,
  auto_create_organisation_id: v.autoCreateOrganisationId,
  trusted_for_mfa: v.trustedForMfa,
});

export async function insertProvider(
  db: Db,
  scope: Scope,
  platformId: string,
  values: ProviderValues,
): Promise<ProviderRow> {
  requireCovers(scope, platformId, undefined, 'Platform');
  return db
    .insertInto('sso_providers')
    .values({ platform_id: platformId, ...columns(values) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProvider(
  db: Db,
  scope: Scope,
  id: string,
  values: ProviderValues,
): Promise<ProviderRow> {
  return inScope(db.updateTable('sso_providers'), scope, provider)
    .set({ ...columns(values) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteProvider(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('sso_providers'), scope, provider).where('id', '=', id).execute();
}

export async function platformExists(db: Db, scope: Scope, id: string): Promise<boolean> {
  return Boolean(
    await inScope(db.selectFrom('platforms'), scope, { platform: 'id' })
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst(),
  );
}

export async function findPlatformIdByDomain(db: Db, domain: string): Promise<string | undefined> {
  const row = await db.selectFrom('platforms').select('id').where('domain', '=', domain).executeTakeFirst();
  return row?.id;
}

export async function organisationInPlatform(
  db: Db,
  scope: Scope,
  platformId: string,
  organisationId: string,
) {
  return Boolean(
    await inScope(db.selectFrom('organisations'), scope, { platform: 'platform_id', organisation: 'id' })
      .select('id')
      .where('id', '=', organisationId)
      .where('platform_id', '=', platformId)
      .executeTakeFirst(),
  );
}

export async function insertLoginState(
  db: Db,
  row: {
    state: string;
    providerId: string;
    platformId: string;
    nonce: string;
    codeVerifier: string;
    browserHash: string;
    returnTo: string | null;
    linkUserId: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('sso_login_states')
    .values({
      state: row.state,
      provider_id: row.providerId,
      platform_id: row.platformId,
      nonce: row.nonce,
      code_verifier: row.codeVerifier,
      browser_hash: row.browserHash,
      return_to: row.returnTo,
      link_user_id: row.linkUserId,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Takes a sign-in state out (single use); undefined when unknown or expired. */
export async function consumeLoginState(db: Db, state: string) {
  const row = await db
    .deleteFrom('sso_login_states')
    .where('state', '=', state)
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at.getTime() > Date.now() ? row : undefined;
}

/**
 * The identity (issuer, subject) at one provider (decision 0330: two providers of the same
 * issuer do not share identities); pass the provider's platform's scope to check it is unique.
 */
export async function findIdentity(
  db: Db,
  scope: Scope,
  providerId: string,
  issuer: string,
  subject: string,
) {
  return inScope(db.selectFrom('user_identities as i'), scope, identity)
    .select(['i.id', 'i.user_id'])
    .where('i.provider_id', '=', providerId)
    .where('i.issuer', '=', issuer)
    .where('i.subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Db,
  scope: Scope,
  row: {
    platformId: string;
    userId: string;
    providerId: string;
    issuer: string;
    subject: string;
    email: string | null;
  },
): Promise<string> {
  requirePlatform(scope, row.platformId, 'User');
  const inserted = await db
    .insertInto('user_identities')
    .values({
      platform_id: row.platformId,
      user_id: row.userId,
      provider_id: row.providerId,
      issuer: row.issuer,
      subject: row.subject,
      email: row.email,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function touchIdentity(db: Db, scope: Scope, id: string, email: string | null): Promise<void> {
  await inScope(db.updateTable('user_identities as i'), scope, identity)
    .set({ last_login_at: sql`now()`, ...(email ? { email } : {}) })
    .where('i.id', '=', id)
    .execute();
}

export async function findUserIdByEmail(db: Db, scope: Scope, platformId: string, email: string) {
  const row = await inScope(db.selectFrom('users as u'), scope, { platform: 'u.platform_id', member: 'u.id' })
    .select('u.id')
    .where('u.platform_id', '=', platformId)
    .where('u.email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

/** Identities with their account's email and their provider's name, newest first. */
export async function listIdentities(
  db: Db,
  scope: Scope,
  where: { userId: string } | { providerId: string },
): Promise<SsoIdentity[]> {
  let query = inScope(db.selectFrom('user_identities as i'), scope, identity)
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('sso_providers as p', 'p.id', 'i.provider_id')
    .select([
      'i.id',
      'i.user_id',
      'u.email as user_email',
      'i.provider_id',
      'p.name as provider_name',
      'i.issuer',
      'i.subject',
      'i.email',
      'i.created_at',
      'i.last_login_at',
    ]);
  query =
    'userId' in where
      ? query.where('i.user_id', '=', where.userId)
      : query.where('i.provider_id', '=', where.providerId);
  const rows = await query.orderBy('i.created_at', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    userEmail: r.user_email,
    providerId: r.provider_id,
    providerName: r.provider_name,
    issuer: r.issuer,
    subject: r.subject,
    email: r.email,
    createdAt: r.created_at.toISOString(),
    lastLoginAt: r.last_login_at.toISOString(),
  }));
}

export async function findIdentityById(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('user_identities as i'), scope, identity)
    .selectAll('i')
    .where('i.id', '=', id)
    .executeTakeFirst();
}

export async function deleteIdentity(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('user_identities as i'), scope, identity).where('i.id', '=', id).execute();
}

export async function insertHandoff(
  db: Db,
  row: {
    codeHash: string;
    userId: string;
    platformId: string;
    providerId: string;
    providerMfa: boolean;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('sso_handoffs')
    .values({
      code_hash: row.codeHash,
      user_id: row.userId,
      platform_id: row.platformId,
      provider_id: row.providerId,
      provider_mfa: row.providerMfa,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Takes a hand-off code out (single use); undefined when unknown or expired. */
export async function consumeHandoff(db: Db, codeHash: string) {
  const row = await db
    .deleteFrom('sso_handoffs')
    .where('code_hash', '=', codeHash)
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at.getTime() > Date.now() ? row : undefined;
}

/** Drops sign-in states and hand-off codes that expired (a periodic clean-up). */
export async function deleteExpiredSsoRows(db: Db): Promise<number> {
  const a = await db
    .deleteFrom('sso_login_states')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  const b = await db.deleteFrom('sso_handoffs').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}
