import { PLATFORM_WIDE } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { isAcceptedEmail } from '../../platform/email.ts';
import { AppError } from '../../platform/errors.ts';
import { platformScope } from '../../platform/scope.ts';
import { insertMembership, insertUser, type UserViewRow } from '../users/users.shared.ts';
import type { VerifiedIdentity } from './sso.oidc.ts';
import {
  findIdentity,
  findUserIdByEmail,
  insertIdentity,
  type ProviderRow,
  touchIdentity,
} from './sso.repository.ts';

/**
 * Which account a verified identity signs in as (decision 0031). An identity reaches an
 * existing account only through a link: made by the account holder (password and second
 * factor), approved by an administrator, or made when the provider created the account.
 * An email address alone never links anything: whoever controls a provider controls what
 * email it asserts.
 */

export const noAccount = (
  message = 'No Vigilo account is linked to this sign-in. If you have an account, sign in with your password and link this provider under Security; otherwise ask an administrator',
) => new AppError('SSO_ACCOUNT_NOT_FOUND', message);

export const isPlatformWide = (user: { memberships: readonly { role: string }[] }) =>
  user.memberships.some((m) => (PLATFORM_WIDE as readonly string[]).includes(m.role));

const platformWideRefused = () =>
  new AppError(
    'SSO_ACCOUNT_NOT_ALLOWED',
    'Accounts with platform-wide rights sign in with their password and second factor only',
  );

/**
 * Accounts SSO never signs in: gone, deactivated, assessor-only (they have their own login),
 * and platform-wide ones (platform or system administrators): a platform administrator
 * manages the providers, so a provider must never be a way into an account above theirs.
 */
export function checkSsoAccount(user: UserViewRow | undefined): asserts user is UserViewRow {
  const roles = user?.memberships.map((m) => m.role) ?? [];
  if (!user || user.deactivated_at || !roles.some((r) => r !== 'assessor')) {
    throw noAccount('This account cannot sign in here');
  }
  if (isPlatformWide(user)) throw platformWideRefused();
}

/** The provider's allowed email domains (when it has any) apply to sign-ins and links alike. */
export function checkEmailDomain(row: ProviderRow, who: VerifiedIdentity): void {
  const domain = who.email?.toLowerCase().split('@')[1] ?? '';
  if (
    row.allowed_email_domains.length &&
    !(who.emailVerified && row.allowed_email_domains.includes(domain))
  ) {
    throw new AppError('SSO_EMAIL_NOT_ALLOWED', 'This email address may not sign in with this provider');
  }
}

// Multi-factor authentication context classes of the OpenID PAPE policies.
const MFA_ACR = new Set([
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor-physical',
]);

/** True when the ID token says MFA was done: `amr` contains "mfa" (RFC 8176) or a multi-factor `acr`. */
export const providerSaysMfa = (who: Pick<VerifiedIdentity, 'amr' | 'acr'>) =>
  who.amr.includes('mfa') || (who.acr !== null && MFA_ACR.has(who.acr));

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export const identityInUse = () =>
  new AppError('SSO_IDENTITY_IN_USE', 'This sign-in is already linked to another Vigilo account');

/**
 * Links issuer + subject to an account, with its audit row (`via`: who made the link). An
 * identity already linked to an account answers `inUse()` (409), also when two links race:
 * SSO_IDENTITY_IN_USE in the browser flow, CONFLICT naming the field on the API.
 */
export async function linkIdentity(
  tx: Db,
  link: {
    row: ProviderRow;
    userId: string;
    issuer: string;
    subject: string;
    email: string | null;
    via: 'self' | 'administrator' | 'account_created';
    actorUserId: string | null;
    requestId: string;
  },
  inUse: () => AppError = identityInUse,
): Promise<string> {
  // (issuer, subject) is unique per provider (decision 0330), checked within its platform.
  const platform = platformScope(link.row.platform_id);
  const existing = await findIdentity(tx, platform, link.row.id, link.issuer, link.subject);
  if (existing) throw inUse();
  const id = await insertIdentity(tx, platform, {
    platformId: link.row.platform_id,
    userId: link.userId,
    providerId: link.row.id,
    issuer: link.issuer,
    subject: link.subject,
    email: link.email,
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? inUse() : error;
  });
  await audit(tx, {
    action: 'user.identity_linked',
    entityType: 'user',
    entityId: link.userId,
    platformId: link.row.platform_id,
    actorUserId: link.actorUserId,
    details: {
      identityId: id,
      providerId: link.row.id,
      issuer: link.issuer,
      subject: link.subject,
      via: link.via,
    },
    requestId: link.requestId,
  });
  return id;
}

/**
 * The account a sign-in's identity belongs to: its linked account, else (when the provider
 * creates accounts) a new reporter account, never an existing account found by email.
 */
export async function resolveUser(
  tx: Db,
  row: ProviderRow,
  who: VerifiedIdentity,
  requestId: string,
): Promise<string> {
  checkEmailDomain(row, who);
  const email = who.email?.toLowerCase() ?? null;
  // A sign-in has no caller yet: it resolves within the provider's platform.
  const platform = platformScope(row.platform_id);
  const identity = await findIdentity(tx, platform, row.id, who.issuer, who.subject);
  if (identity) {
    await touchIdentity(tx, platform, identity.id, email);
    return identity.user_id;
  }
  if (!row.auto_create_users || !row.auto_create_organisation_id) throw noAccount();
  if (!email || !who.emailVerified) {
    throw new AppError(
      'SSO_EMAIL_NOT_ALLOWED',
      'The provider did not confirm an email address for this account',
    );
  }
  // The rules of every other route that makes an account (decision 0330): refused, not
  // normalised, so a look-alike never becomes an account beside the real one.
  if (!isAcceptedEmail(email)) {
    throw new AppError(
      'SSO_EMAIL_NOT_ALLOWED',
      'The email address the provider gave for this account is not one Vigilo accepts',
    );
  }
  // The address has an account already: its holder links it (a new account would be a duplicate).
  if (await findUserIdByEmail(tx, platform, row.platform_id, email)) throw noAccount();
  const organisationId = row.auto_create_organisation_id;
  const { id: userId } = await insertUser(tx, platform, {
    platformId: row.platform_id,
    email,
    passwordHash: null,
    firstName: who.givenName,
    lastName: who.familyName,
    defaultOrganisationId: organisationId,
  });
  await insertMembership(tx, platform, {
    platformId: row.platform_id,
    userId,
    organisationId,
    role: 'reporter',
  });
  await audit(tx, {
    action: 'user.created',
    entityType: 'user',
    entityId: userId,
    platformId: row.platform_id,
    organisationId,
    after: { email, memberships: [{ organisationId, role: 'reporter' }] },
    details: { via: 'sso', providerId: row.id },
    requestId,
  });
  await linkIdentity(tx, {
    row,
    userId,
    issuer: who.issuer,
    subject: who.subject,
    email,
    via: 'account_created',
    actorUserId: userId,
    requestId,
  });
  return userId;
}
