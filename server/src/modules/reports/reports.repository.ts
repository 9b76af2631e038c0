import type { AttachmentField, Report } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';
import { escapeLike } from '../../platform/sql-like.ts';

/** Reports are narrowed by the caller's user groups, by report type and location (decision 0014). */
const own = {
  platform: 'r.platform_id',
  organisation: 'r.organisation_id',
  reportType: 'r.report_type',
  location: 'r.location_id',
};

/** The search columns a case document gives (reports.columns.ts), written with every version. */
export interface SearchColumns {
  receipt_date: string | null;
  report_type: string | null;
  serious: boolean;
  seriousness: string[];
  country: string | null;
  search_text: string;
  suspect_products: string[];
  reaction_terms: string[];
  reactions_coded: boolean;
}

/** Reports as they are read, soft-deleted ones too (case management's restore and deleted list). */
export function selectReportsWithDeleted(db: Db, scope: Scope) {
  return inScope(db.selectFrom('reports as r'), scope, own)
    .innerJoin('report_versions as v', (join) =>
      join.onRef('v.report_id', '=', 'r.id').onRef('v.version', '=', 'r.current_version'),
    )
    .select([
      'r.id',
      'r.platform_id',
      'r.organisation_id',
      'r.reference',
      'r.status',
      'r.anonymous',
      'r.reporter_user_id',
      'r.reporter_email',
      'r.reporter_language',
      'r.form_view_id',
      'r.form_view_version_id',
      'r.form_schema_id',
      'r.source',
      'r.source_id',
      'r.ext_report_id',
      'r.name',
      'r.upload_type',
      sql<string | null>`r.receipt_date::text`.as('receipt_date'),
      'r.report_type',
      'r.serious',
      'r.seriousness',
      'r.country',
      'r.current_version',
      'r.submitted_at',
      'r.attention',
      'r.attention_at',
      'r.created_at',
      'r.updated_at',
      'r.version',
      'v.document',
      'v.attachments',
    ]);
}

/** Reports as every read sees them: a soft-deleted report is not found (decision 0100). */
function selectReports(db: Db, scope: Scope) {
  return selectReportsWithDeleted(db, scope).where('r.deleted_at', 'is', null);
}

export type ReportRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectReports>['executeTakeFirst']>>
>;

export function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    reference: row.reference,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    status: row.status,
    anonymous: row.anonymous,
    reporterUserId: row.reporter_user_id,
    formViewId: row.form_view_id,
    formViewVersionId: row.form_view_version_id,
    formSchemaId: row.form_schema_id,
    source: row.source,
    sourceId: row.source_id,
    extReportId: row.ext_report_id,
    name: row.name,
    uploadType: row.upload_type,
    receiptDate: row.receipt_date,
    reportType: row.report_type,
    serious: row.serious,
    seriousness: row.seriousness,
    country: row.country,
    reportVersion: row.current_version,
    report: row.document as Record<string, unknown>,
    attachmentFields: row.attachments as AttachmentField[],
    submittedAt: row.submitted_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** One report with its current case document. */
export async function findReport(db: Db, scope: Scope, id: string) {
  return selectReports(db, scope).where('r.id', '=', id).executeTakeFirst();
}

export interface NewReport extends SearchColumns {
  platformId: string;
  organisationId: string;
  reference: string;
  status: string;
  reporterUserId: string | null;
  applicationId: string | null;
  anonymous: boolean;
  reporterEmail: string | null;
  reporterLanguage: string;
  formViewId: string | null;
  formViewVersionId: string | null;
  formSchemaId: string | null;
  source: string | null;
  sourceId: string | null;
  extReportId: string | null;
  name: string | null;
  uploadType: string;
  followUpUserId: string | null;
  currentReportId: string | null;
  submitted: boolean;
  /** Where it came from (reports.columns.ts originOf), kept from creation on. */
  origin: string | null;
}

/** A column list and its values, in one order, for a hand-written INSERT. */
const columnsOf = (row: Record<string, unknown>) => sql.join(Object.keys(row).map((k) => sql.ref(k)));
const valuesOf = (row: Record<string, unknown>) => sql.join(Object.values(row).map((v) => sql`${v}`));

/**
 * Inserts a new report (its id drawn by the caller) with its first version and its audit row,
 * in one statement: one round trip instead of three (decision 0089). Null when the platform
 * has `reference` already: then nothing is written (the version and audit rows are inserted
 * from the report's own RETURNING row) and the caller draws another, with no error, so the
 * transaction goes on. Answers what the database filled in (times, version).
 */
export async function insertReport(
  db: Db,
  scope: Scope,
  values: NewReport & { id: string },
  first: { document: unknown; attachments: AttachmentField[]; createdBy: string | null },
  auditRow: Record<string, unknown>,
) {
  requireCovers(scope, values.platformId, values.organisationId, 'Organisation');
  const report = {
    id: values.id,
    platform_id: values.platformId,
    organisation_id: values.organisationId,
    reference: values.reference,
    status: values.status,
    reporter_user_id: values.reporterUserId,
    application_id: values.applicationId,
    anonymous: values.anonymous,
    reporter_email: values.reporterEmail,
    reporter_language: values.reporterLanguage,
    form_view_id: values.formViewId,
    form_view_version_id: values.formViewVersionId,
    form_schema_id: values.formSchemaId,
    source: values.source,
    source_id: values.sourceId,
    ext_report_id: values.extReportId,
    name: values.name,
    upload_type: values.uploadType,
    follow_up_user_id: values.followUpUserId,
    current_report_id: values.currentReportId,
    receipt_date: values.receipt_date,
    report_type: values.report_type,
    serious: values.serious,
    seriousness: values.seriousness,
    country: values.country,
    search_text: values.search_text,
    suspect_products: values.suspect_products,
    reaction_terms: values.reaction_terms,
    reactions_coded: values.reactions_coded,
    origin: values.origin,
    submitted_at: values.submitted ? sql<Date>`now()` : null,
  };
  const version = {
    version: 1,
    platform_id: values.platformId,
    organisation_id: values.organisationId,
    document: JSON.stringify(first.document),
    attachments: JSON.stringify(first.attachments),
    created_by: first.createdBy,
  };
  const { rows } = await sql<{
    id: string;
    created_at: Date;
    updated_at: Date;
    version: number;
    submitted_at: Date | null;
  }>`
    WITH r AS (
      INSERT INTO reports (${columnsOf(report)}) VALUES (${valuesOf(report)})
      ON CONFLICT ON CONSTRAINT reports_platform_reference DO NOTHING
      RETURNING id, created_at, updated_at, version, submitted_at
    ), v AS (
      INSERT INTO report_versions (report_id, ${columnsOf(version)}) SELECT r.id, ${valuesOf(version)} FROM r
    ), a AS (
      INSERT INTO audit_log (${columnsOf(auditRow)}) SELECT ${valuesOf(auditRow)} FROM r
    )
    SELECT * FROM r`.execute(db);
  return rows[0] ?? null;
}

/** Adds version `version` of a report's case document. */
export async function insertReportVersion(
  db: Db,
  scope: Scope,
  values: {
    reportId: string;
    version: number;
    platformId: string;
    organisationId: string;
    document: unknown;
    attachments: AttachmentField[];
    createdBy: string | null;
    fromReporter?: boolean;
  },
): Promise<void> {
  requireCovers(scope, values.platformId, values.organisationId, 'Report');
  await db
    .insertInto('report_versions')
    .values({
      report_id: values.reportId,
      version: values.version,
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      document: JSON.stringify(values.document),
      attachments: JSON.stringify(values.attachments),
      created_by: values.createdBy,
      from_reporter: values.fromReporter ?? false,
    })
    .execute();
}

/**
 * The document of the latest version `userId` wrote of a report (what its reporter last
 * sent), or of version 1 when they wrote none: the base their follow-up is compared with.
 */
export async function lastDocumentBy(db: Db, scope: Scope, reportId: string, userId: string) {
  const row = await inScope(db.selectFrom('report_versions as v'), scope, {
    platform: 'v.platform_id',
    organisation: 'v.organisation_id',
  })
    .select('v.document')
    .where('v.report_id', '=', reportId)
    .where((eb) => eb.or([eb('v.created_by', '=', userId), eb('v.version', '=', 1)]))
    .orderBy(sql`coalesce(v.created_by = ${userId}, false)`, 'desc')
    .orderBy('v.version', 'desc')
    .executeTakeFirst();
  return row?.document;
}

/** Marks a case for staff's attention from now (decisions 0250, 0252); moving it on clears it. */
export async function setAttention(
  db: Db,
  scope: Scope,
  id: string,
  attention: 'new_information' | 'rejected',
): Promise<void> {
  await inScope(db.updateTable('reports as r'), scope, own)
    .set({ attention, attention_at: sql<Date>`now()` })
    .where('r.id', '=', id)
    .execute();
}

/** Points a report at its new current version and rewrites its search columns from it. */
export async function updateReport(
  db: Db,
  scope: Scope,
  id: string,
  values: SearchColumns & {
    status: string;
    currentVersion: number;
    submitNow: boolean;
    formViewId: string | null;
    formViewVersionId: string | null;
    formSchemaId: string | null;
    source: string | null;
    sourceId: string | null;
    extReportId: string | null;
    name: string | null;
    uploadType: string;
  },
): Promise<void> {
  await inScope(db.updateTable('reports as r'), scope, own)
    .set({
      status: values.status,
      current_version: values.currentVersion,
      receipt_date: values.receipt_date,
      report_type: values.report_type,
      serious: values.serious,
      seriousness: values.seriousness,
      country: values.country,
      search_text: values.search_text,
      suspect_products: values.suspect_products,
      reaction_terms: values.reaction_terms,
      reactions_coded: values.reactions_coded,
      form_view_id: values.formViewId,
      form_view_version_id: values.formViewVersionId,
      form_schema_id: values.formSchemaId,
      source: values.source,
      source_id: values.sourceId,
      ext_report_id: values.extReportId,
      name: values.name,
      upload_type: values.uploadType,
      ...(values.submitNow ? { submitted_at: sql<Date>`now()` } : {}),
    })
    .where('r.id', '=', id)
    .execute();
}

/** Removes a report and its versions (drafts only: the service checks). */
export async function deleteReport(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('reports as r'), scope, own).where('r.id', '=', id).execute();
}

/** The caller's own most recent report filled in with a form view (resuming a draft elsewhere). */
export async function findLatestOwnReport(db: Db, scope: Scope, formViewId: string, userId: string) {
  return selectReports(db, scope)
    .where('r.form_view_id', '=', formViewId)
    .where('r.reporter_user_id', '=', userId)
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id')
    .executeTakeFirst();
}

/** How many of their own reports "My reports" lists at most (newest first). */
export const OWN_REPORTS_LIMIT = 200;

/** What My reports shows of each of the user's reports. */
const OWN_COLUMNS = [
  'r.id',
  'r.reference',
  'r.organisation_id',
  'r.status',
  'r.form_view_id',
  'r.form_view_version_id',
  'fv.name as form_name',
  'r.current_version',
  'r.submitted_at',
  'r.created_at',
  'r.updated_at',
] as const;

/** The caller's own reports, drafts and sent, newest change first, with their form's name. */
export async function listOwnReports(
  db: Db,
  scope: Scope,
  userId: string,
  query: { mode?: 'all' | 'draft' | 'sent'; source?: string; sourceId?: string },
) {
  let q = inScope(db.selectFrom('reports as r'), scope, own)
    .leftJoin('form_views as fv', 'fv.id', 'r.form_view_id')
    .where('r.reporter_user_id', '=', userId)
    .where('r.deleted_at', 'is', null);
  if (query.mode === 'draft') q = q.where('r.status', '=', 'draft');
  if (query.mode === 'sent') q = q.where('r.status', '<>', 'draft');
  if (query.source !== undefined) q = q.where('r.source', '=', query.source);
  if (query.sourceId !== undefined) q = q.where('r.source_id', '=', query.sourceId);
  return q
    .select(OWN_COLUMNS)
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id')
    .limit(OWN_REPORTS_LIMIT)
    .execute();
}

/**
 * One of the user's own reports with the document of the last version they wrote themselves
 * (staff versions after it are not theirs to read back), or undefined.
 */
export async function findOwnReport(db: Db, scope: Scope, userId: string, id: string) {
  return inScope(db.selectFrom('reports as r'), scope, own)
    .innerJoin('organisations as o', 'o.id', 'r.organisation_id')
    .leftJoin('form_views as fv', 'fv.id', 'r.form_view_id')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('report_versions as v')
          .select(['v.report_id', 'v.version', 'v.document'])
          .where('v.report_id', '=', id)
          .where('v.created_by', '=', userId)
          .orderBy('v.version', 'desc')
          .limit(1)
          .as('v'),
      (join) => join.onRef('v.report_id', '=', 'r.id'),
    )
    .where('r.id', '=', id)
    .where('r.reporter_user_id', '=', userId)
    .where('r.deleted_at', 'is', null)
    .select([...OWN_COLUMNS, 'o.name as organisation_name', 'v.version as sent_version', 'v.document'])
    .executeTakeFirst();
}

/** A page of the reports filled in with a form view, newest first. */
export async function listFormViewReports(
  db: Db,
  scope: Scope,
  formViewId: string,
  page: { page: number; size: number },
) {
  const base = inScope(db.selectFrom('reports as r'), scope, own).where('r.form_view_id', '=', formViewId);
  const [items, count] = await Promise.all([
    base
      .select([
        'r.id',
        'r.reference',
        'r.organisation_id',
        'r.status',
        'r.reporter_user_id',
        'r.form_view_version_id',
        sql<string | null>`r.receipt_date::text`.as('receipt_date'),
        'r.report_type',
        'r.serious',
        'r.country',
        'r.current_version',
        'r.updated_at',
      ])
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.id')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** A page of the signed-in people who filed reports with a form view, by name. */
export async function listFormViewReporters(
  db: Db,
  scope: Scope,
  formViewId: string,
  query: { page: number; size: number; query?: string },
) {
  let base = inScope(db.selectFrom('reports as r'), scope, own)
    .innerJoin('users as u', 'u.id', 'r.reporter_user_id')
    .where('r.form_view_id', '=', formViewId);
  if (query.query) {
    const like = `%${escapeLike(query.query)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('u.first_name', 'ilike', like),
        eb('u.last_name', 'ilike', like),
        eb('u.email', 'ilike', like),
      ]),
    );
  }
  const [items, count] = await Promise.all([
    base
      .select((eb) => [
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
        eb.fn.countAll<string>().as('reports'),
        eb.fn.max('r.created_at').as('last_report_at'),
      ])
      .groupBy(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .orderBy('u.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select(sql<string>`count(DISTINCT u.id)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** The form configurations reports were filled in with, and how many reports each. */
export async function listConfigurationVersions(db: Db, scope: Scope) {
  return inScope(db.selectFrom('reports as r'), scope, own)
    .select((eb) => [
      'r.form_view_id',
      'r.form_view_version_id',
      'r.form_schema_id',
      eb.fn.countAll<string>().as('reports'),
      eb.fn.max('r.created_at').as('last_report_at'),
    ])
    .groupBy(['r.form_view_id', 'r.form_view_version_id', 'r.form_schema_id'])
    .orderBy('last_report_at', 'desc')
    .limit(1000)
    .execute();
}

/** Whether a user of the platform belongs to the organisation (for reports filed on someone's behalf). */
export async function isMemberOf(
  db: Db,
  scope: Scope,
  userId: string,
  organisationId: string,
): Promise<boolean> {
  const row = await inScope(db.selectFrom('memberships as m'), scope, {
    platform: 'm.platform_id',
    organisation: 'm.organisation_id',
  })
    .select('m.id')
    .where('m.user_id', '=', userId)
    .where('m.organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An organisation and its platform's settings, for a report addressed to it. */
export async function findReportingOrganisation(db: Db, scope: Scope, organisationId: string) {
  return inScope(db.selectFrom('organisations as o'), scope, {
    platform: 'o.platform_id',
    organisation: 'o.id',
  })
    .innerJoin('platforms as p', 'p.id', 'o.platform_id')
    .select(['o.id', 'o.platform_id', 'p.server_configuration'])
    .where('o.id', '=', organisationId)
    .executeTakeFirst();
}

/** Locks a report for a new version and reads its current version number. */
export async function lockReport(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('reports as r'), scope, own)
    .select(['r.current_version', 'r.status', 'r.submitted_at'])
    .where('r.id', '=', id)
    .where('r.deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A published form version a report of `organisationId` may be filled with: its platform's
 * own (organisation null) or the organisation's.
 */
export async function findFormVersionFor(
  db: Db,
  scope: Scope,
  target: { platformId: string; organisationId: string },
  id: string,
) {
  return inScope(db.selectFrom('form_versions as fv'), scope, { platform: 'fv.platform_id' })
    .innerJoin('form_views as f', 'f.id', 'fv.form_view_id')
    .select(['fv.id', 'fv.form_view_id', 'fv.form_schema_id', 'fv.definition', 'f.audience'])
    .where('fv.id', '=', id)
    .where('fv.platform_id', '=', target.platformId)
    .where((eb) =>
      eb.or([eb('fv.organisation_id', 'is', null), eb('fv.organisation_id', '=', target.organisationId)]),
    )
    .executeTakeFirst();
}

/** A form schema a report of `target` may name: its platform's own, or the organisation's. */
export async function findFormSchemaFor(
  db: Db,
  scope: Scope,
  target: { platformId: string; organisationId: string },
  id: string,
) {
  return inScope(db.selectFrom('form_schemas as s'), scope, { platform: 's.platform_id' })
    .select(['s.id'])
    .where('s.id', '=', id)
    .where('s.platform_id', '=', target.platformId)
    .where((eb) =>
      eb.or([eb('s.organisation_id', 'is', null), eb('s.organisation_id', '=', target.organisationId)]),
    )
    .executeTakeFirst();
}

/** A form view the scope sees: its platform's own, or one of an organisation of the scope. */
export async function findFormView(db: Db, scope: Scope, id: string) {
  let query = inScope(db.selectFrom('form_views as f'), scope, { platform: 'f.platform_id' })
    .select(['f.id', 'f.platform_id', 'f.organisation_id'])
    .where('f.id', '=', id);
  const organisations = scope.organisationIds;
  if (organisations !== null)
    query = query.where((eb) =>
      eb.or([
        eb('f.organisation_id', 'is', null),
        ...(organisations.length > 0 ? [eb('f.organisation_id', 'in', [...organisations])] : []),
      ]),
    );
  return query.executeTakeFirst();
}

/** The scope columns of reports, for the case-management queries (reports.cases.repository.ts). */
export const reportColumns = own;
