import type { ColumnType, Generated } from 'kysely';
import type { Version, VersionedUpdatedAt } from '../columns.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

/** An OpenID Connect provider of a platform. The client secret is AES-256-GCM encrypted. */
export interface SsoProviderTable {
  id: Generated<string>;
  platform_id: string;
  name: string;
  issuer_url: string;
  client_id: string;
  client_secret_encrypted: string | null;
  scopes: TextArray;
  enabled: Flag;
  allowed_email_domains: TextArray;
  auto_create_users: Flag;
  auto_create_organisation_id: string | null;
  /** The discovery document fetched when the provider was last saved (null: never discovered). */
  metadata: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  discovered_at: Date | null;
  /** The administrator trusts the provider's MFA: its amr/acr saying MFA replaces Vigilo's second factor. */
  trusted_for_mfa: Flag;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

/** A user's external identity: issuer + subject, unique per platform. */
export interface UserIdentityTable {
  id: Generated<string>;
  platform_id: string;
  user_id: string;
  provider_id: string | null;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: CreatedAt;
  last_login_at: UpdatedAt;
}

/** A sign-in in progress (state, nonce, PKCE verifier), single use, minutes long. */
export interface SsoLoginStateTable {
  state: string;
  provider_id: string;
  platform_id: string;
  nonce: string;
  code_verifier: string;
  /** SHA-256 of the random value in the browser's cookie: binds the state to that browser. */
  browser_hash: string;
  return_to: string | null;
  /** Set when a signed-in user (password and second factor checked) links this identity to their account. */
  link_user_id: string | null;
  expires_at: Date;
}

/** The one-time code that carries a finished SSO sign-in to the web app (hashed, a minute long). */
export interface SsoHandoffTable {
  code_hash: string;
  user_id: string;
  platform_id: string;
  provider_id: string | null;
  /** The provider is trusted for MFA and said MFA was done: no Vigilo second factor for this sign-in. */
  provider_mfa: Flag;
  expires_at: Date;
}

export interface ApplicationTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  name: string;
  submission_service_user: Flag;
  is_default: Flag;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

/** An API key: only the SHA-256 of the whole key is kept. */
export interface ApiKeyTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  application_id: string;
  name: string;
  key_hash: string;
  prefix: string;
  created_by: string | null;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface IntegrationTables {
  sso_providers: SsoProviderTable;
  user_identities: UserIdentityTable;
  sso_login_states: SsoLoginStateTable;
  sso_handoffs: SsoHandoffTable;
  applications: ApplicationTable;
  api_keys: ApiKeyTable;
}
