import type { AttachmentField, Report, ReportBody } from '@vigilo/contract';
import { type Actor, decide } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type Scope, scopeFor } from '../../platform/scope.ts';
import { linkUploads } from './reports.attachments.ts';
import { caseColumns } from './reports.columns.ts';
import { reportPolicy } from './reports.policy.ts';
import {
  findReport,
  insertReportVersion,
  lastDocumentBy,
  lockReport,
  type ReportRow,
  setAttention,
  toReport,
  updateReport,
} from './reports.repository.ts';
import { applyChanges, compareDocuments } from './reports.versions.ts';

/**
 * Follow-up information (decision 0250): a report already sent, changed by its reporter (or
 * by the application that sent it) rather than by the organisation's staff, never rewrites
 * the case. What the reporter changed since what they last sent is laid over the case as it
 * is now (staff's coding and completions stay), as a new version marked as from the reporter
 * with C.1.5 (most recent information) today; the case goes back to triage with the reason in
 * its audit, and the inbox marks it "new information from the reporter" until staff take it
 * in. A closed case takes none: the reporter sends a new report that follows it up.
 */

type Doc = Record<string, unknown>;

export const FOLLOW_UP_REASON = 'New information from the reporter';

/** Statuses from which a follow-up leaves the case where it is: not triaged yet. */
const STAYS = ['received', 'in_triage'];

/** Whether `actor`'s change to `row` is follow-up information: a sent report, changed by someone not on its staff. */
export function isFollowUp(actor: Actor, row: ReportRow): boolean {
  if (row.status === 'draft') return false;
  const target = { platformId: row.platform_id, organisationIds: [row.organisation_id] };
  return decide(actor, { roles: reportPolicy.update.roles }, target) !== 'allow';
}

/** The status a case takes with follow-up information, or a 409 when it takes none. */
function statusAfterFollowUp(status: string): string {
  if (status === 'closed' || status === 'nullified' || status === 'duplicate')
    throw new AppError(
      'INVALID_TRANSITION',
      `This case is ${status === 'closed' ? 'closed' : status}: it takes no new information. Send a new report that follows it up (currentReportId)`,
      { current: status, requested: 'in_triage', allowed: [] },
    );
  return STAYS.includes(status) ? status : 'in_triage';
}

/**
 * A new version of a report's document with its attachments: the uploads it names linked to
 * the report, else the current version's kept. Both PUT paths (an edit, a follow-up) write it.
 */
export async function storeVersion(
  tx: Db,
  storage: AppDeps['storage'],
  scope: Scope,
  v: {
    row: ReportRow;
    actorUserId: string;
    requestId: string;
    version: number;
    document: Doc;
    attachmentFields: AttachmentField[] | undefined;
    fromReporter?: boolean;
  },
) {
  const { row } = v;
  const where = { platformId: row.platform_id, organisationId: row.organisation_id };
  if (v.attachmentFields)
    await linkUploads(
      tx,
      storage,
      scope,
      { reportId: row.id, ...where, createdBy: v.actorUserId, requestId: v.requestId },
      v.attachmentFields,
    );
  await insertReportVersion(tx, scope, {
    reportId: row.id,
    version: v.version,
    ...where,
    document: v.document,
    attachments: v.attachmentFields ?? (row.attachments as AttachmentField[]),
    createdBy: v.actorUserId,
    fromReporter: v.fromReporter ?? false,
  });
}

/** PUT /v1/report/{id} by the reporter of a sent report: received as follow-up information. */
export async function receiveFollowUp(
  deps: AppDeps,
  actor: Actor,
  row: ReportRow,
  given: Doc,
  body: ReportBody,
  request: { requestId: string; expectedVersion?: number; today: string },
): Promise<Report> {
  statusAfterFollowUp(row.status);
  const scope = scopeFor(actor);
  const id = row.id;
  return withTransaction(deps.db, async (tx) => {
    await requireVersion(tx, 'reports', id, request.expectedVersion, async () =>
      toReport((await findReport(tx, scope, id))!),
    );
    const locked = await lockReport(tx, scope, id);
    const current = locked ? await findReport(tx, scope, id) : undefined;
    if (!locked || !current) throw notFound('Report');
    const status = statusAfterFollowUp(locked.status);
    const base = (await lastDocumentBy(tx, scope, id, actor.userId)) ?? {};
    const changes = compareDocuments(base, given);
    const merged = applyChanges(current.document as Doc, changes);
    const document = {
      ...merged,
      C: { ...((merged.C as Doc | undefined) ?? {}), mostRecentInformationDate: request.today },
    };
    const version = locked.current_version + 1;
    await storeVersion(tx, deps.storage, scope, {
      row,
      actorUserId: actor.userId,
      requestId: request.requestId,
      version,
      document,
      attachmentFields: body.attachmentFields,
      fromReporter: true,
    });
    await updateReport(tx, scope, id, {
      status,
      currentVersion: version,
      submitNow: false,
      formViewId: current.form_view_id,
      formViewVersionId: current.form_view_version_id,
      formSchemaId: current.form_schema_id,
      source: body.source ?? current.source,
      sourceId: body.sourceId ?? current.source_id,
      extReportId: body.extReportId ?? current.ext_report_id,
      name: body.name ?? current.name,
      uploadType: current.upload_type,
      ...(await caseColumns(tx, document, row.organisation_id)),
    });
    await setAttention(tx, scope, id, 'new_information');
    await audit(tx, {
      action: 'report.follow_up_received',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { status: locked.status, reportVersion: locked.current_version },
      after: { status, reportVersion: version },
      reason: FOLLOW_UP_REASON,
      details: {
        fields: changes.map((c) => c.path),
        ...(actor.application ? { applicationId: actor.application.id } : {}),
      },
      requestId: request.requestId,
    });
    return toReport((await findReport(tx, scope, id))!);
  });
}
