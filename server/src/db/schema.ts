import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Version, VersionedUpdatedAt } from './columns.ts';
import type { AccountTables } from './tables/accounts.ts';
import type { CausalityTables } from './tables/causality.ts';
import type { DrugTables } from './tables/drugs.ts';
import type { E2bTables } from './tables/e2b.ts';
import type { EdqmTables } from './tables/edqm.ts';
import type { FileTables } from './tables/files.ts';
import type { FormTables } from './tables/forms.ts';
import type { IntegrationTables } from './tables/integrations.ts';
import type { OrganisationTables } from './tables/organisations.ts';
import type { ReferenceDataTables } from './tables/reference-data.ts';
import type { ReportTables } from './tables/reports.ts';
import type { SecurityTables } from './tables/security.ts';
import type { SubmissionTables } from './tables/submissions.ts';

/** Columns the database fills (ids, timestamps) are Generated; writes are Insertable<…>. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface PlatformTable {
  id: Generated<string>;
  name: string;
  /** The host name its websites and app are served on; looked up on login. */
  domain: string | null;
  mfa_methods: ColumnType<string[], string[] | undefined, string[]>;
  /** Added by 202611220220_organisations: settings the platform's apps read. */
  server_configuration: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

export interface OrganisationTable {
  id: Generated<string>;
  platform_id: string;
  name: string;
  kind: string;
  country: string | null;
  // Added by 202611220220_organisations:
  description: ColumnType<string, string | undefined, string>;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: ColumnType<string, string | undefined, string>;
  location_provider: string | null;
  workspace_id: string | null;
  /** Added by 202611220240_account_request_targets: listed on the public account request page. */
  accepts_account_requests: ColumnType<boolean, boolean | undefined, boolean>;
  /** Added by 202612041500_organisation_time_zone: the IANA zone its calendar days are counted in. */
  time_zone: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

export interface UserTable {
  id: Generated<string>;
  platform_id: string;
  email: string;
  username: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  language: string;
  account_type: string;
  default_organisation_id: string | null;
  deactivated_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MembershipTable {
  id: Generated<string>;
  platform_id: string;
  user_id: string;
  /** Null for platform-wide roles (platform_admin, system_admin). */
  organisation_id: string | null;
  role: string;
  created_at: CreatedAt;
}

/** A refresh token. One family per login; every rotation adds a row to the family. */
export interface RefreshTokenTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  platform_id: string;
  organisation_id: string | null;
  token_hash: string;
  created_at: CreatedAt;
  /** When the family started: the absolute expiry counts from here. */
  family_created_at: Date;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  /** Last proof of identity in this session (step-up); null = the sign-in, family_created_at. */
  authenticated_at: Date | null;
  /** The browser or app of the session, as its User-Agent said (the sessions list). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address the session was last renewed from. */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuditTable {
  id: Generated<string>;
  at: CreatedAt;
  platform_id: string | null;
  organisation_id: string | null;
  actor_user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  /** Rows before decision 0053 only: the whole object before and after. */
  old_value: Json;
  new_value: Json;
  request_id: string | null;
  /** The client's own `x-request-id`, when it was a plain token (decision 0027). */
  client_request_id: string | null;
  /** `[{path, old, new}]`: the fields that changed (platform/audit.ts). */
  changes: ColumnType<unknown, string | null | undefined, never>;
  reason: string | null;
  /** What the action was about that is no field of the object (address, provider, ...). */
  details: ColumnType<unknown, string | null | undefined, never>;
}

/** One audit row's link in its chain (decision 0328): written at commit by the database. */
export interface AuditChainTable {
  audit_id: string;
  /** The organisation, else the platform, else the nil uuid (the system chain). */
  chain_key: string;
  seq: string;
  prev_hash: Buffer | null;
  hash: Buffer;
}

/** One run of the chain's verification (platform/audit-chain.ts): what the health check reports. */
export interface AuditVerificationTable {
  id: Generated<string>;
  verified_at: CreatedAt;
  ok: boolean;
  /** Walked every chain from its first position (else from the heads of the run before). */
  mode: Generated<'full' | 'incremental'>;
  rows: string;
  /** Links read by this run (null for the runs before incremental walks). */
  checked: string | null;
  chains: number;
  last_audit_id: string | null;
  last_at: Date | null;
  /** `{chainKey: {seq, hash}}`: each chain's head as verified. */
  heads: ColumnType<unknown, string, never>;
  first_break: ColumnType<unknown, string | null, never>;
  source: 'cli' | 'job' | 'restore';
}

/** One person's key for the personal values sealed in the audit trail (decision 0331). */
export interface PersonKeyTable {
  id: Generated<string>;
  /** `user:<id>`, `email:<sha-256 of the address>` or `entity:<type>:<id>`. */
  subject: string;
  key: Buffer;
  created_at: CreatedAt;
}

/** A row written before the person keys whose personal values that migration sealed (0331). */
export interface AuditResealedTable {
  audit_id: string;
  sealed_hash: Buffer;
  content_hash: Buffer;
  resealed_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<string>;
  platform_id: string | null;
  organisation_id: string | null;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  template: string | null;
  status: ColumnType<
    'queued' | 'sent' | 'failed',
    'queued' | 'sent' | 'failed' | undefined,
    'queued' | 'sent' | 'failed'
  >;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  provider_message_id: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  /** When retention or an erasure removed its recipient, subject and bodies (decision 0331). */
  pruned_at: Date | null;
}

interface CoreTables {
  platforms: PlatformTable;
  organisations: OrganisationTable;
  users: UserTable;
  memberships: MembershipTable;
  refresh_tokens: RefreshTokenTable;
  audit_log: AuditTable;
  audit_chain: AuditChainTable;
  audit_verifications: AuditVerificationTable;
  audit_resealed: AuditResealedTable;
  person_keys: PersonKeyTable;
  outbox_messages: OutboxTable;
}

/**
 * Every table. Each area declares its tables in db/tables/<area>.ts and is added to the
 * `extends` list here.
 */
export interface Database
  extends CoreTables,
    AccountTables,
    CausalityTables,
    DrugTables,
    E2bTables,
    EdqmTables,
    FormTables,
    FileTables,
    IntegrationTables,
    OrganisationTables,
    ReportTables,
    ReferenceDataTables,
    SecurityTables,
    SubmissionTables {}

export type UserRow = Selectable<UserTable>;
export type NewAudit = Insertable<AuditTable>;
