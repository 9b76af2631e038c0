import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<Record<string, unknown>, string | undefined, string>;

/** One row per user that has any: phone, preferences, push token, deletion request and deletion. */
export interface UserSettingsTable {
  user_id: string;
  platform_id: string;
  phone: string | null;
  preferences: Json;
  push_token: string | null;
  push_token_updated_at: Date | null;
  deletion_requested_at: Date | null;
  /** Set by permanent deletion: the user row stays (reports and audit point at it), anonymised. */
  deleted_at: Date | null;
  updated_at: UpdatedAt;
}

export interface UserOrganisationPreferenceTable {
  user_id: string;
  platform_id: string;
  organisation_id: string;
  preferences: Json;
  updated_at: UpdatedAt;
}

export interface UserFollowTable {
  user_id: string;
  platform_id: string;
  item_type: string;
  item_id: string;
  created_at: CreatedAt;
}

export interface ChangeRequestTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  kind: 'profile' | 'membership' | 'account';
  status: ColumnType<
    'pending' | 'approved' | 'declined',
    'pending' | 'approved' | 'declined' | undefined,
    'pending' | 'approved' | 'declined'
  >;
  user_id: string | null;
  changes: Json;
  password_hash: string | null;
  message: string | null;
  rejection_message: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: CreatedAt;
}

export interface PlatformAccountRulesTable {
  platform_id: string;
  workspace_creation: ColumnType<
    'admins' | 'everyone',
    'admins' | 'everyone' | undefined,
    'admins' | 'everyone'
  >;
  account_requests: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A link mailed to prove an address (migration 202611240735_email_links). */
export interface EmailLinkTable {
  id: Generated<string>;
  platform_id: string;
  purpose: 'email_change' | 'account_request';
  email: string;
  user_id: string | null;
  organisation_id: string | null;
  requested_by: string | null;
  payload: Json;
  password_hash: string | null;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface AccountTables {
  user_settings: UserSettingsTable;
  user_organisation_preferences: UserOrganisationPreferenceTable;
  user_follows: UserFollowTable;
  change_requests: ChangeRequestTable;
  platform_account_rules: PlatformAccountRulesTable;
  email_links: EmailLinkTable;
}
