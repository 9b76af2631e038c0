import type { ColumnType, Generated } from 'kysely';
import type { Version, VersionedUpdatedAt } from '../columns.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A jsonb column: read as the value, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** Which case-document fields a form collects (migration 202611241330_forms). */
export interface FormSchemaTable {
  id: Generated<string>;
  platform_id: string;
  /** Null: the form belongs to the whole platform. */
  organisation_id: string | null;
  key: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  report_type: string;
  fields: Json<unknown>;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

/** The form as administrators edit it: sections, questions, translations, conditions. */
export interface FormViewTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string | null;
  form_schema_id: string;
  key: string;
  name: string;
  audience: string;
  definition: Json<unknown>;
  conditions: Json<unknown>;
  published_version_id: string | null;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

/** A published form: never updated (a trigger refuses it); reports point here. */
export interface FormVersionTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string | null;
  form_view_id: string;
  form_schema_id: string;
  number: number;
  definition: Json<unknown>;
  changes: Json<unknown>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** A named condition expression of a platform or organisation. */
export interface ConditionTable {
  id: Generated<string>;
  platform_id: string;
  organisation_id: string | null;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  expression: string;
  created_at: CreatedAt;
  updated_at: VersionedUpdatedAt;
  version: Version;
}

export interface FormTables {
  form_schemas: FormSchemaTable;
  form_views: FormViewTable;
  form_versions: FormVersionTable;
  conditions: ConditionTable;
}
