import type {
  ConfigurationVersion,
  OwnCase,
  OwnCaseDetail,
  OwnCasesQuery,
  Report,
  ReportSummaryPage,
} from '@vigilo/contract';
import type { Static } from 'typebox';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeFor } from '../../platform/scope.ts';
import { reportPolicy } from './reports.policy.ts';
import {
  findFormView,
  findLatestOwnReport,
  findOwnReport,
  listConfigurationVersions,
  listFormViewReporters,
  listFormViewReports,
  listOwnReports,
  toReport,
} from './reports.repository.ts';
import { listScope } from './reports.service.ts';

/**
 * GET /v1/users/@me/cases/{id}: one of the caller's own reports, read back as they sent it.
 * Anyone else's report, or one outside the caller's organisations, is a 404.
 */
export async function ownCase(db: Db, actor: Actor, id: string): Promise<OwnCaseDetail> {
  requireAccess(actor, reportPolicy.resume, {
    platformId: actor.platformId,
    organisationIds: [],
    userId: actor.userId,
  });
  const r = await findOwnReport(db, scopeFor(actor), actor.userId, id);
  if (!r) throw notFound('Report');
  return {
    id: r.id,
    reference: r.reference,
    organisationId: r.organisation_id,
    organisationName: r.organisation_name,
    status: r.status,
    formViewId: r.form_view_id,
    formViewVersionId: r.form_view_version_id,
    formName: r.form_name,
    reportVersion: r.current_version,
    sentVersion: r.sent_version,
    report: r.document as Record<string, unknown>,
    submittedAt: r.submitted_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** GET /v1/formview/{id}/reports: the reports filled in with a form view, in the caller's organisations. */
export async function formViewReports(
  db: Db,
  actor: Actor,
  formViewId: string,
  page: { page: number; size: number },
): Promise<Static<typeof ReportSummaryPage>> {
  const scope = listScope(actor, reportPolicy.list);
  if (!(await findFormView(db, scope, formViewId))) throw notFound('Form view');
  const { items, total } = await listFormViewReports(db, scope, formViewId, page);
  return {
    items: items.map((r) => ({
      id: r.id,
      reference: r.reference,
      organisationId: r.organisation_id,
      status: r.status,
      reporterUserId: r.reporter_user_id,
      formViewVersionId: r.form_view_version_id,
      receiptDate: r.receipt_date,
      reportType: r.report_type,
      serious: r.serious,
      country: r.country,
      reportVersion: r.current_version,
      updatedAt: r.updated_at.toISOString(),
    })),
    ...page,
    total,
  };
}

/** GET /v1/formview/{id}/reporters: who filed reports with a form view (signed-in reporters only). */
export async function formViewReporters(
  db: Db,
  actor: Actor,
  formViewId: string,
  query: { page: number; size: number; query?: string },
) {
  const scope = listScope(actor, reportPolicy.list);
  if (!(await findFormView(db, scope, formViewId))) throw notFound('Form view');
  const { items, total } = await listFormViewReporters(db, scope, formViewId, query);
  return {
    items: items.map((u) => ({
      userId: u.user_id,
      firstName: u.first_name,
      lastName: u.last_name,
      email: u.email,
      reports: Number(u.reports),
      lastReportAt: new Date(u.last_report_at as unknown as string).toISOString(),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

/**
 * GET /v1/formview/{id}/latest-report-version: the caller's own latest report filled in with
 * this form view, draft or sent, with its current case document: how a reporter resumes a
 * draft on another device once signed in.
 */
export async function latestOwnReport(db: Db, actor: Actor, formViewId: string): Promise<Report> {
  requireAccess(actor, reportPolicy.resume, {
    platformId: actor.platformId,
    organisationIds: [],
    userId: actor.userId,
  });
  const scope = scopeFor(actor);
  if (!(await findFormView(db, scope, formViewId))) throw notFound('Form view');
  const row = await findLatestOwnReport(db, scope, formViewId, actor.userId);
  if (!row) throw notFound('Report');
  return toReport(row);
}

/** GET /v1/reports/configuration-versions: the form configurations of the caller's reports. */
export async function configurationVersions(db: Db, actor: Actor): Promise<ConfigurationVersion[]> {
  const rows = await listConfigurationVersions(db, listScope(actor, reportPolicy.list));
  return rows.map((r) => ({
    formViewId: r.form_view_id,
    formViewVersionId: r.form_view_version_id,
    formSchemaId: r.form_schema_id,
    reports: Number(r.reports),
    lastReportAt: new Date(r.last_report_at as unknown as string).toISOString(),
  }));
}

/**
 * GET /v1/users/@me/cases: the caller's own reports, drafts and sent ("My reports"), newest
 * change first (at most OWN_REPORTS_LIMIT). Signed-in people only: an application has no
 * reports of its own.
 */
export async function ownCases(db: Db, actor: Actor, query: OwnCasesQuery): Promise<OwnCase[]> {
  requireAccess(actor, reportPolicy.resume, {
    platformId: actor.platformId,
    organisationIds: [],
    userId: actor.userId,
  });
  const rows = await listOwnReports(db, scopeFor(actor), actor.userId, query);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    organisationId: r.organisation_id,
    status: r.status,
    formViewId: r.form_view_id,
    formViewVersionId: r.form_view_version_id,
    formName: r.form_name,
    reportVersion: r.current_version,
    submittedAt: r.submitted_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}
