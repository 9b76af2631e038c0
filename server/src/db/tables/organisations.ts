import type { ColumnType, Generated } from 'kysely';
import type { Version, VersionedUpdatedAt } from '../columns.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<Record<string, unknown>, string | undefined, string>;

export interface WorkspaceTable {
  id: Generated<string>;
  platform_id: string;
  name: string;
  code: string | null;
  data: Json;
  created_at: CreatedAt;
}

export interface ContactTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  name: string;
  title: ColumnType<string, string | undefined, string>;
  email: string | null;
  phone: string | null;
  created_at: CreatedAt;
}

export interface LocationTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  name: string;
  code: string | null;
  location_provider: ColumnType<string, string | undefined, string>;
  data: Json;
  created_at: CreatedAt;
}

/** Receivers, sources, themes, translations, hospitals, profession groups, professions. */
export interface CatalogueTable {
  id: Generated<string>;
  platform_id: string;
  /** Null for platform-level entries (platform sources, the platform theme). */
  organisation_id: string | null;
  name: string;
  code: string | null;
  data: Json;
  created_at: CreatedAt;
}

export interface OrganisationInviteTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  email: string;
  role: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  /** sha-256 of the emailed token; the token itself is never stored. */
  token_hash: string;
  invited_by: string | null;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_user_id: string | null;
  /** Withdrawn by an administrator, or settled when the address joined (decision 0035). */
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface UserGroupTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  report_types: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

export interface UserGroupUserTable {
  group_id: string;
  user_id: string;
}

export interface UserGroupLocationTable {
  group_id: string;
  location_id: string;
}

export interface OrganisationTables {
  workspaces: WorkspaceTable;
  organisation_contacts: ContactTable;
  locations: LocationTable;
  receivers: CatalogueTable;
  sources: CatalogueTable;
  themes: CatalogueTable;
  translations: CatalogueTable;
  hospitals: CatalogueTable;
  profession_groups: CatalogueTable;
  professions: CatalogueTable;
  organisation_invites: OrganisationInviteTable;
  user_groups: UserGroupTable;
  user_group_users: UserGroupUserTable;
  user_group_locations: UserGroupLocationTable;
}
