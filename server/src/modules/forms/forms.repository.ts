import type {
  Condition,
  FormChange,
  FormConditions,
  FormField,
  FormLayout,
  FormSchema,
  FormVersion,
  FormVersionDefinition,
  FormView,
} from '@vigilo/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope, scopeWhere } from '../../platform/scope.ts';

/**
 * Forms are seen by every member of their platform when they belong to the whole platform
 * (organisation_id null), else by the members of their organisation (and the platform's
 * administrators): the scope filter says so in the query.
 */
function formWhere(scope: Scope, alias: string): Expression<SqlBool> {
  const organisation = sql.ref(`${alias}.organisation_id`);
  const own =
    scope.organisationIds === null
      ? sql<SqlBool>`true`
      : sql<SqlBool>`(${organisation} is null or ${organisation} = any(${[...scope.organisationIds]}::uuid[]))`;
  return sql<SqlBool>`(${scopeWhere(scope, { platform: `${alias}.platform_id` })} and ${own})`;
}

/* ----------------------------------------------------------------------------- schemas */

const selectSchemas = (db: Db, scope: Scope) =>
  db
    .selectFrom('form_schemas as s')
    .where(formWhere(scope, 's'))
    .select([
      's.id',
      's.platform_id',
      's.organisation_id',
      's.key',
      's.name',
      's.description',
      's.report_type',
      's.fields',
      's.created_at',
      's.updated_at',
      's.version',
    ]);
export type FormSchemaRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectSchemas>['executeTakeFirst']>>
>;

export const toFormSchema = (row: FormSchemaRow): FormSchema => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id,
  key: row.key,
  name: row.name,
  description: row.description,
  reportType: row.report_type as FormSchema['reportType'],
  fields: row.fields as FormField[],
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  version: row.version,
});

export const listFormSchemas = (db: Db, scope: Scope) =>
  selectSchemas(db, scope).orderBy('s.name').orderBy('s.id').execute();

export const findFormSchema = (db: Db, scope: Scope, id: string) =>
  selectSchemas(db, scope).where('s.id', '=', id).executeTakeFirst();

export async function insertFormSchema(
  db: Db,
  scope: Scope,
  values: {
    platformId: string;
    organisationId: string | null;
    key: string;
    name: string;
    description: string;
    reportType: string;
    fields: FormField[];
  },
): Promise<{ id: string }> {
  requireCovers(scope, values.platformId, values.organisationId ?? undefined, 'Platform');
  return db
    .insertInto('form_schemas')
    .values({
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      key: values.key,
      name: values.name,
      description: values.description,
      report_type: values.reportType,
      fields: JSON.stringify(values.fields),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateFormSchema(
  db: Db,
  scope: Scope,
  id: string,
  values: { name?: string; description?: string; reportType?: string; fields?: FormField[] },
): Promise<void> {
  await db
    .updateTable('form_schemas as s')
    .where(formWhere(scope, 's'))
    .set({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.description === undefined ? {} : { description: values.description }),
      ...(values.reportType === undefined ? {} : { report_type: values.reportType }),
      ...(values.fields === undefined ? {} : { fields: JSON.stringify(values.fields) }),
    })
    .where('s.id', '=', id)
    .execute();
}

/* ------------------------------------------------------------------------------- views */

const selectViews = (db: Db, scope: Scope) =>
  db
    .selectFrom('form_views as v')
    .where(formWhere(scope, 'v'))
    .innerJoin('form_schemas as s', 's.id', 'v.form_schema_id')
    .leftJoin('form_versions as p', 'p.id', 'v.published_version_id')
    .select([
      'v.id',
      'v.platform_id',
      'v.organisation_id',
      'v.form_schema_id',
      'v.key',
      'v.name',
      'v.audience',
      's.report_type',
      'v.definition',
      'v.conditions',
      'v.published_version_id',
      'p.number as published_number',
      'v.created_at',
      'v.updated_at',
      'v.version',
    ]);
export type FormViewRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectViews>['executeTakeFirst']>>
>;

export const toFormView = (row: FormViewRow): FormView => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id,
  formSchemaId: row.form_schema_id,
  key: row.key,
  name: row.name,
  audience: row.audience as FormView['audience'],
  reportType: row.report_type as FormView['reportType'],
  layout: row.definition as FormLayout,
  conditions: row.conditions as FormConditions,
  publishedVersionId: row.published_version_id,
  publishedVersionNumber: row.published_number ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  version: row.version,
});

/** The views a scope sees; `publishedOnly` for callers who only fill forms in. */
export function listFormViews(db: Db, scope: Scope, filter: { publishedOnly: boolean; audience?: string }) {
  let query = selectViews(db, scope);
  if (filter.publishedOnly) query = query.where('v.published_version_id', 'is not', null);
  if (filter.audience) query = query.where('v.audience', '=', filter.audience);
  return query.orderBy('v.name').orderBy('v.id').execute();
}

export const findFormView = (db: Db, scope: Scope, id: string) =>
  selectViews(db, scope).where('v.id', '=', id).executeTakeFirst();

/** The form of this platform or organisation (null: the platform's own) with this key, if any. */
export async function findFormViewByKey(
  db: Db,
  scope: Scope,
  place: { platformId: string; organisationId: string | null },
  key: string,
) {
  requireCovers(scope, place.platformId, place.organisationId ?? undefined, 'Platform');
  const { organisationId } = place;
  return db
    .selectFrom('form_views')
    .select('id')
    .where('platform_id', '=', place.platformId)
    .where((eb) =>
      organisationId === null
        ? eb('organisation_id', 'is', null)
        : eb('organisation_id', '=', organisationId),
    )
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function insertFormView(
  db: Db,
  scope: Scope,
  values: {
    platformId: string;
    organisationId: string | null;
    formSchemaId: string;
    key: string;
    name: string;
    audience: string;
    layout: FormLayout;
    conditions: FormConditions;
  },
): Promise<{ id: string }> {
  requireCovers(scope, values.platformId, values.organisationId ?? undefined, 'Platform');
  return db
    .insertInto('form_views')
    .values({
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      form_schema_id: values.formSchemaId,
      key: values.key,
      name: values.name,
      audience: values.audience,
      definition: JSON.stringify(values.layout),
      conditions: JSON.stringify(values.conditions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateFormView(
  db: Db,
  scope: Scope,
  id: string,
  values: {
    formSchemaId?: string;
    name?: string;
    audience?: string;
    layout?: FormLayout;
    conditions?: FormConditions;
    publishedVersionId?: string;
  },
): Promise<void> {
  await db
    .updateTable('form_views as v')
    .where(formWhere(scope, 'v'))
    .set({
      ...(values.formSchemaId === undefined ? {} : { form_schema_id: values.formSchemaId }),
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.audience === undefined ? {} : { audience: values.audience }),
      ...(values.layout === undefined ? {} : { definition: JSON.stringify(values.layout) }),
      ...(values.conditions === undefined ? {} : { conditions: JSON.stringify(values.conditions) }),
      ...(values.publishedVersionId === undefined ? {} : { published_version_id: values.publishedVersionId }),
    })
    .where('v.id', '=', id)
    .execute();
}

/** Serialises publishing on one view: the next number is read and used under this lock. */
export async function lockFormView(db: Db, scope: Scope, id: string): Promise<void> {
  await db
    .selectFrom('form_views as v')
    .where(formWhere(scope, 'v'))
    .select('v.id')
    .where('v.id', '=', id)
    .forUpdate()
    .execute();
}

/* ---------------------------------------------------------------------------- versions */

const selectVersions = (db: Db, scope: Scope) =>
  db
    .selectFrom('form_versions as r')
    .where(formWhere(scope, 'r'))
    .select([
      'r.id',
      'r.platform_id',
      'r.organisation_id',
      'r.form_view_id',
      'r.form_schema_id',
      'r.number',
      'r.definition',
      'r.changes',
      'r.created_at',
    ]);
export type FormVersionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectVersions>['executeTakeFirst']>>
>;

export const toFormVersion = (row: FormVersionRow): FormVersion => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id,
  formViewId: row.form_view_id,
  formSchemaId: row.form_schema_id,
  number: row.number,
  definition: row.definition as FormVersionDefinition,
  changes: row.changes as FormChange[],
  createdAt: row.created_at.toISOString(),
});

export const findFormVersion = (db: Db, scope: Scope, id: string) =>
  selectVersions(db, scope).where('r.id', '=', id).executeTakeFirst();

export const latestFormVersion = (db: Db, scope: Scope, formViewId: string) =>
  selectVersions(db, scope)
    .where('r.form_view_id', '=', formViewId)
    .orderBy('r.number', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A view's versions, newest first, with the name of who published each. */
export const listFormVersions = (db: Db, scope: Scope, formViewId: string) =>
  db
    .selectFrom('form_versions as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .where(formWhere(scope, 'r'))
    .where('r.form_view_id', '=', formViewId)
    .select([
      'r.id',
      'r.number',
      'r.changes',
      'r.created_at',
      'u.id as user_id',
      sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('user_name'),
      'u.email as user_email',
    ])
    .orderBy('r.number', 'desc')
    .execute();

export async function insertFormVersion(
  db: Db,
  scope: Scope,
  values: {
    platformId: string;
    organisationId: string | null;
    formViewId: string;
    formSchemaId: string;
    number: number;
    definition: FormVersionDefinition;
    changes: FormChange[];
    createdBy: string | null;
  },
): Promise<{ id: string }> {
  requireCovers(scope, values.platformId, values.organisationId ?? undefined, 'Form view');
  return db
    .insertInto('form_versions')
    .values({
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      form_view_id: values.formViewId,
      form_schema_id: values.formSchemaId,
      number: values.number,
      definition: JSON.stringify(values.definition),
      changes: JSON.stringify(values.changes),
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/* -------------------------------------------------------------------------- conditions */

const selectConditions = (db: Db, scope: Scope) =>
  db
    .selectFrom('conditions as c')
    .where(formWhere(scope, 'c'))
    .select([
      'c.id',
      'c.platform_id',
      'c.organisation_id',
      'c.name',
      'c.description',
      'c.expression',
      'c.created_at',
      'c.updated_at',
      'c.version',
    ]);
export type ConditionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectConditions>['executeTakeFirst']>>
>;

export const toCondition = (row: ConditionRow): Condition => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id,
  name: row.name,
  description: row.description,
  conditions: row.expression,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  version: row.version,
});

export const listConditions = (db: Db, scope: Scope) =>
  selectConditions(db, scope).orderBy('c.name').orderBy('c.id').execute();

export const findCondition = (db: Db, scope: Scope, id: string) =>
  selectConditions(db, scope).where('c.id', '=', id).executeTakeFirst();

export async function insertCondition(
  db: Db,
  scope: Scope,
  values: {
    platformId: string;
    organisationId: string | null;
    name: string;
    description: string;
    expression: string;
  },
): Promise<{ id: string }> {
  requireCovers(scope, values.platformId, values.organisationId ?? undefined, 'Organisation');
  return db
    .insertInto('conditions')
    .values({
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      name: values.name,
      description: values.description,
      expression: values.expression,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateCondition(
  db: Db,
  scope: Scope,
  id: string,
  values: { name?: string; description?: string; expression?: string },
): Promise<void> {
  await db
    .updateTable('conditions as c')
    .where(formWhere(scope, 'c'))
    .set({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.description === undefined ? {} : { description: values.description }),
      ...(values.expression === undefined ? {} : { expression: values.expression }),
    })
    .where('c.id', '=', id)
    .execute();
}

export async function deleteCondition(db: Db, scope: Scope, id: string): Promise<void> {
  await db.deleteFrom('conditions as c').where(formWhere(scope, 'c')).where('c.id', '=', id).execute();
}

/** Whether a platform lets the public report without an account (its `anonymousReports` setting). */
export async function platformAllowsAnonymous(db: Db, scope: Scope, platformId: string): Promise<boolean> {
  const row = await inScope(db.selectFrom('platforms').select('server_configuration'), scope, {
    platform: 'id',
  })
    .where('id', '=', platformId)
    .executeTakeFirst();
  return (row?.server_configuration as { anonymousReports?: unknown } | undefined)?.anonymousReports === true;
}

/** An organisation the scope sees, with its platform: where a new condition goes. */
export async function findOrganisation(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('organisations').select(['id', 'platform_id']), scope, {
    platform: 'platform_id',
    organisation: 'id',
  })
    .where('id', '=', id)
    .executeTakeFirst();
}
