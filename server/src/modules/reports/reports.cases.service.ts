import {
  type CaseAttention,
  type CaseAuditEntry,
  type CaseComparison,
  type CasePage,
  type CaseSearchQuery,
  type CaseStatus,
  type CaseSummary,
  type CaseVersions,
  minimumCriteria,
  type ReportCase,
  type StatusChangeBody,
} from '@vigilo/contract';
import type { Static } from 'typebox';
import { type Actor, decide, type Target } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { revealPersonal } from '../../platform/personal-data.ts';
import { loadForAccess, platformScope, type Scope, scopeFor, withGroupsOnly } from '../../platform/scope.ts';
import { requireSubmittable } from '../e2b/e2b.gate.ts';
import {
  type CaseFilters,
  type CaseRow,
  type CaseSortName,
  caseAuditRows,
  findCase,
  findCaseIdByExternalId,
  findCasePage,
  findDeletedCase,
  findTransferredCase,
  followUpsOf,
  isCaseworker,
  listVersions,
  lockCase,
  previousOf,
  sameOrganisationCase,
  setAssignee,
  setCaseDeleted,
  setCaseStatus,
  sortKeyCount,
  versionDocuments,
} from './reports.cases.repository.ts';
import { allowedFor, nextStepOf, requireTransition, words } from './reports.lifecycle.ts';
import { caseworkPolicy, reportPolicy } from './reports.policy.ts';
import { findReport, setAttention, toReport } from './reports.repository.ts';
import { listScope, reportTarget } from './reports.service.ts';
import { compareDocuments } from './reports.versions.ts';

/** Where a case lives, for the rules (no `userId`: case work is never the reporter's own). */
export const caseTarget = (row: { platform_id: string; organisation_id: string }): Target => ({
  platformId: row.platform_id,
  organisationIds: [row.organisation_id],
});

/** Who may be given a case. */
export const CASEWORKER_ROLES = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
];

/** Statuses in which the case document takes no new version from the case view (decision 0260). */
const CLOSED_FOR_EDITS = ['draft', 'nullified', 'duplicate'];

const SERIOUS_DAYS = 15;
const OTHER_DAYS = 90;

function clockOf(row: {
  receipt_date: string | null;
  serious: boolean;
  clock_running: boolean;
  due_date: string | null;
  days_left: number | null;
}) {
  const daysLeft = row.days_left === null ? null : Number(row.days_left);
  return {
    dayZero: row.receipt_date,
    days: row.serious ? SERIOUS_DAYS : OTHER_DAYS,
    dueDate: row.due_date,
    daysLeft,
    overdue: daysLeft !== null && daysLeft < 0,
    running: row.clock_running,
  };
}

const attentionOf = (row: { attention: string | null; attention_at: Date | null }): CaseAttention =>
  row.attention && row.attention_at
    ? { kind: row.attention as NonNullable<CaseAttention>['kind'], since: row.attention_at.toISOString() }
    : null;

/**
 * The statuses `actor` may move the case to now: the lifecycle's, less "submitted" while a
 * message of the case waits for an assessor's signed approval (sent, it makes the case
 * submitted itself; decision 0251).
 */
function allowedNow(
  actor: Actor,
  target: Target,
  row: { status: string; awaiting_approval: boolean },
): CaseStatus[] {
  const allowed = allowedFor(actor, target, row.status);
  return row.awaiting_approval ? allowed.filter((s) => s !== 'submitted') : allowed;
}

export function toCase(actor: Actor, row: CaseRow): ReportCase {
  const met = minimumCriteria(row.document);
  const reporter = met.reporter || row.reporter_user_id !== null || row.reporter_email !== null;
  return {
    ...toReport(row),
    assigneeUserId: row.assignee_user_id,
    assigneeName: row.assignee_name,
    assignedAt: row.assigned_at?.toISOString() ?? null,
    criteria: {
      patient: met.patient,
      reporter,
      product: met.product,
      reaction: met.reaction,
      valid: met.patient && reporter && met.product && met.reaction,
    },
    clock: clockOf(row),
    allowedTransitions: row.deleted_at ? [] : allowedNow(actor, caseTarget(row), row),
    attention: attentionOf(row),
    awaitingApproval: row.awaiting_approval,
    nextStep: row.deleted_at ? null : nextStepOf(row.status),
    canEdit:
      row.deleted_at === null &&
      !CLOSED_FOR_EDITS.includes(row.status) &&
      decide(actor, reportPolicy.update, caseTarget(row)) === 'allow',
    deleted: row.deleted_at
      ? { at: row.deleted_at.toISOString(), by: row.deleted_by, reason: row.deletion_reason }
      : null,
    trace: null,
  };
}

/** The sending organisation's read-only view of a case it sent away (decision 0102). */
async function traceOf(db: Db, actor: Actor, id: string): Promise<ReportCase | null> {
  const trace = await findTransferredCase(db, scopeFor(actor, caseworkPolicy.audit), id);
  if (!trace) return null;
  // The transfer row proved the caller's organisation held the case: read it platform-wide.
  const row = await findCase(db, platformScope(trace.platform_id), id);
  if (!row) return null;
  const then = toCase(actor, {
    ...row,
    document: trace.document,
    current_version: trace.report_version,
    status: trace.status,
  });
  return {
    ...then,
    assigneeUserId: null,
    assigneeName: null,
    assignedAt: null,
    allowedTransitions: [],
    nextStep: null,
    canEdit: false,
    trace: {
      fromOrganisationId: trace.from_organisation_id,
      toOrganisationId: trace.to_organisation_id,
      at: trace.transferred_at.toISOString(),
      reason: trace.reason,
    },
  };
}

/** GET /v1/reports/{id}: the case, its criteria, its clock and what the caller may do next. */
export async function getCase(db: Db, actor: Actor, id: string): Promise<ReportCase> {
  if (!actor.application && !(await findCase(db, scopeFor(actor), id))) {
    const trace = await traceOf(db, actor, id);
    if (trace) return trace;
  }
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: reportPolicy.read,
    what: 'Report',
    target: reportTarget,
  });
  return toCase(actor, row);
}

/** GET /v1/reports/external/{extReportId}: the case a sender knows by its own id (the newest, if several). */
export async function getCaseByExternalId(db: Db, actor: Actor, extReportId: string): Promise<ReportCase> {
  const id = await findCaseIdByExternalId(db, scopeFor(actor), extReportId);
  if (!id) throw notFound('Report');
  return getCase(db, actor, id);
}

/** PUT /v1/reports/{id}/status: one step of the lifecycle (reports.lifecycle.ts). */
export async function changeStatus(
  db: Db,
  actor: Actor,
  id: string,
  body: StatusChangeBody,
  requestId: string,
): Promise<ReportCase> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.work,
    what: 'Report',
    target: caseTarget,
  });
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const locked = await lockCase(tx, scope, id);
    if (!locked || locked.deleted_at) throw notFound('Report');
    const step = requireTransition(actor, caseTarget(row), locked.status, body.status);
    if (body.status === 'submitted' && locked.awaiting_approval)
      throw new AppError(
        'AWAITING_APPROVAL',
        "The case's message waits for an assessor's signed approval: it becomes submitted when the approved message is sent",
        {
          current: locked.status,
          requested: body.status,
          allowed: allowedNow(actor, caseTarget(row), locked),
        },
      );
    if (step.reason && !body.reason?.trim())
      throw fieldError('body/reason', 'required', `Say why the case becomes ${words(body.status)}`);
    if (body.duplicateOf !== undefined && body.status !== 'duplicate')
      throw fieldError('body/duplicateOf', 'notAllowed', 'Only a duplicate names the case it repeats');
    if (body.status === 'duplicate' && body.duplicateOf !== undefined) {
      if (body.duplicateOf === id)
        throw fieldError('body/duplicateOf', 'invalid', 'A case cannot be a duplicate of itself');
      if (!(await sameOrganisationCase(tx, scope, body.duplicateOf, row.organisation_id)))
        throw fieldError('body/duplicateOf', 'notFound', 'No case of this organisation has this id');
    }
    if (body.status === 'assigned' && !locked.assignee_user_id)
      throw new AppError(
        'INVALID_TRANSITION',
        'Assign the case to someone first (PUT /v1/report/{id}/assign/user/{userId})',
        {
          current: locked.status,
          requested: body.status,
          allowed: allowedNow(actor, caseTarget(row), locked).filter((s) => s !== 'assigned'),
        },
      );
    // Ready to submit only with a message that has no error (decision 0244).
    if (body.status === 'ready_to_submit') {
      const report = await findReport(tx, scope, id);
      if (report) await requireSubmittable(tx, actor, report, requestId);
    }
    await setCaseStatus(tx, scope, id, body.status);
    await audit(tx, {
      action: 'report.status_changed',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { status: locked.status },
      after: { status: body.status },
      reason: body.reason?.trim() || null,
      ...(body.duplicateOf ? { details: { duplicateOf: body.duplicateOf } } : {}),
      requestId,
    });
    return toCase(actor, (await findCase(tx, scope, id))!);
  });
}

/**
 * A case's message was actually sent (decision 0251): a case still ready to submit (it waited
 * for an assessor's approval) becomes submitted, and its clock stops; audited as the
 * system's step in the caller's transaction. Any other status is left as it is.
 */
export async function caseSent(
  tx: Db,
  scope: Scope,
  reportId: string,
  sent: { submissionReportId: string; messageId: string; requestId?: string | null },
): Promise<void> {
  const locked = await lockCase(tx, scope, reportId);
  if (!locked || locked.deleted_at || locked.status !== 'ready_to_submit') return;
  await setCaseStatus(tx, scope, reportId, 'submitted');
  await audit(tx, {
    action: 'report.status_changed',
    entityType: 'report',
    entityId: reportId,
    platformId: locked.platform_id,
    organisationId: locked.organisation_id,
    actorUserId: null,
    before: { status: locked.status },
    after: { status: 'submitted' },
    details: {
      submissionReportId: sent.submissionReportId,
      messageId: sent.messageId,
      firstMessageSent: true,
    },
    requestId: sent.requestId ?? null,
  });
}

/**
 * A receiver rejected the case's message (CR, AR; decision 0252): a submitted case goes back to
 * triage, audited with the receiver's code as the reason, and any case is marked "rejected:
 * needs correction" in the inbox until staff move it on. In the caller's transaction.
 */
export async function caseRejected(
  tx: Db,
  scope: Scope,
  reportId: string,
  rejection: {
    messageId: string;
    code: string | null;
    actorUserId: string | null;
    requestId?: string | null;
  },
): Promise<void> {
  const locked = await lockCase(tx, scope, reportId);
  if (!locked || locked.deleted_at) return;
  if (locked.status === 'submitted' || locked.status === 'ready_to_submit') {
    await setCaseStatus(tx, scope, reportId, 'in_triage');
    await audit(tx, {
      action: 'report.status_changed',
      entityType: 'report',
      entityId: reportId,
      platformId: locked.platform_id,
      organisationId: locked.organisation_id,
      actorUserId: rejection.actorUserId,
      before: { status: locked.status },
      after: { status: 'in_triage' },
      reason: `Rejected by the receiver${rejection.code ? ` (${rejection.code})` : ''}: needs correction`,
      details: { messageId: rejection.messageId, acknowledgement: rejection.code },
      requestId: rejection.requestId ?? null,
    });
  }
  await setAttention(tx, scope, reportId, 'rejected');
}

/** DELETE /v1/reports/{id}: the case is hidden from every read, kept, and can be restored. */
export async function softDelete(
  db: Db,
  actor: Actor,
  id: string,
  reason: string | undefined,
  requestId: string,
): Promise<void> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.delete,
    what: 'Report',
    target: caseTarget,
  });
  const scope = scopeFor(actor);
  await withTransaction(db, async (tx) => {
    const locked = await lockCase(tx, scope, id);
    if (!locked || locked.deleted_at) throw notFound('Report');
    await setCaseDeleted(tx, scope, id, { by: actor.userId, reason: reason?.trim() || null });
    await audit(tx, {
      action: 'report.deleted',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { deleted: false },
      after: { deleted: true },
      reason: reason?.trim() || null,
      details: { reference: row.reference, status: row.status },
      requestId,
    });
  });
}

/** POST /v1/reports/{id}/restore: an administrator brings a deleted case back. */
export async function restoreCase(
  db: Db,
  actor: Actor,
  id: string,
  reason: string | undefined,
  requestId: string,
): Promise<ReportCase> {
  const row = await loadForAccess(db, actor, findDeletedCase, id, {
    rule: caseworkPolicy.restore,
    what: 'Report',
    target: caseTarget,
  });
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const locked = await lockCase(tx, scope, id);
    if (!locked?.deleted_at) throw notFound('Report');
    await setCaseDeleted(tx, scope, id, null);
    await audit(tx, {
      action: 'report.restored',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { deleted: true },
      after: { deleted: false },
      reason: reason?.trim() || null,
      requestId,
    });
    return toCase(actor, (await findCase(tx, scope, id))!);
  });
}

/**
 * The audit row of a case changing hands, in the caller's transaction: to a user (by staff or
 * to oneself) or taken with an assignment link (`tokenId`). One shape for every way in.
 */
export async function auditAssignment(
  tx: Db,
  actor: Actor,
  row: { id: string; platform_id: string; organisation_id: string },
  change: {
    from: { status: string; assignee_user_id: string | null };
    to: { status: string; assigneeUserId: string };
    tokenId?: string;
  },
  requestId: string,
): Promise<void> {
  await audit(tx, {
    action: 'report.assigned',
    entityType: 'report',
    entityId: row.id,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    actorUserId: actor.userId,
    before: { status: change.from.status, assigneeUserId: change.from.assignee_user_id },
    after: change.to,
    ...(change.tokenId ? { details: { tokenId: change.tokenId } } : {}),
    requestId,
  });
}

/**
 * PUT /v1/report/{id}/assign/user/{userId}: gives the case to a caseworker of its
 * organisation; a case received or in triage becomes `assigned` (a lifecycle step), one
 * further on keeps its status and changes hands.
 */
export async function assignToUser(
  db: Db,
  actor: Actor,
  id: string,
  userRef: string,
  requestId: string,
): Promise<ReportCase> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.assign,
    what: 'Report',
    target: caseTarget,
  });
  const userId = userRef === '@me' ? actor.userId : userRef;
  const scope = scopeFor(actor);
  const target = { platformId: row.platform_id, organisationId: row.organisation_id };
  if (!(await isCaseworker(db, scope, userId, target, CASEWORKER_ROLES)))
    throw fieldError('params/userId', 'notFound', 'No caseworker of this organisation has this id');
  return withTransaction(db, async (tx) => {
    const locked = await lockCase(tx, scope, id);
    if (!locked || locked.deleted_at) throw notFound('Report');
    const moves = locked.status === 'received' || locked.status === 'in_triage';
    if (moves) requireTransition(actor, caseTarget(row), locked.status, 'assigned');
    else if (locked.status !== 'assigned' && locked.status !== 'coded')
      throw new AppError('INVALID_TRANSITION', `A case that is ${words(locked.status)} is not assigned`, {
        current: locked.status,
        requested: 'assigned',
        allowed: allowedFor(actor, caseTarget(row), locked.status),
      });
    const status = moves ? 'assigned' : locked.status;
    await setAssignee(tx, scope, id, { userId, status });
    await auditAssignment(
      tx,
      actor,
      row,
      { from: locked, to: { status, assigneeUserId: userId } },
      requestId,
    );
    return toCase(actor, (await findCase(tx, scope, id))!);
  });
}

// ---- the audit timeline ------------------------------------------------------------------

const ACTIONS: Record<string, string> = {
  'report.submitted': 'Report sent',
  'report.draft_saved': 'Draft saved',
  'report.updated': 'New version saved',
  'report.follow_up_received': 'New information from the reporter',
  'report.status_changed': 'Status changed',
  'report.deleted': 'Case deleted',
  'report.restored': 'Case restored',
  'report.assigned': 'Case assigned',
  'report.assignment_token_created': 'Assignment link made',
  'report.reassigned': 'Case sent to another organisation',
  'report.renamed': 'Name changed',
  'report.name_removed': 'Name removed',
  'report.regenerated': 'Search columns read again from the document',
  'report.shared': 'Shared with another organisation',
  'report.share_revoked': 'Sharing stopped',
  'report.causality_recorded': 'Causality assessed',
  'report.causality_withdrawn': 'Causality assessment withdrawn',
};

const shown = (value: unknown) =>
  value === null || value === undefined
    ? 'nothing'
    : typeof value === 'string'
      ? words(value)
      : JSON.stringify(value);

/**
 * The reasons Vigilo wrote itself, as codes the reader's language words (decision 0312): the
 * English sentence stays in `reason` for the API's readers and the audit log.
 */
function reasonCodeOf(
  action: string,
  details: unknown,
): Pick<CaseAuditEntry, 'reasonCode' | 'acknowledgementCode'> {
  if (action === 'report.follow_up_received') return { reasonCode: 'follow_up', acknowledgementCode: null };
  const d = (details ?? {}) as { acknowledgement?: unknown };
  if (action === 'report.status_changed' && 'acknowledgement' in d)
    return {
      reasonCode: 'receiver_rejected',
      acknowledgementCode: typeof d.acknowledgement === 'string' ? d.acknowledgement : null,
    };
  return { reasonCode: null, acknowledgementCode: null };
}

/** GET /v1/reports/{id}/audit: every recorded change of the case, oldest first, in words. */
export async function caseAudit(db: Db, actor: Actor, id: string): Promise<CaseAuditEntry[]> {
  await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.audit,
    what: 'Report',
    target: caseTarget,
  });
  // Personal values read in clear while their person's key exists, else `[erased]` (0331).
  const rows = await revealPersonal(db, await caseAuditRows(db, scopeFor(actor), id));
  return rows.map((a) => {
    const changes = ((a.changes as { path: string; old: unknown; new: unknown }[] | null) ?? []).map((c) => ({
      field: c.path,
      old: c.old,
      new: c.new,
    }));
    const status = changes.find((c) => c.field === 'status');
    const title = ACTIONS[a.action] ?? a.action;
    const summary = status
      ? `${title}: ${shown(status.old)} → ${shown(status.new)}`
      : changes.length > 0
        ? `${title}: ${changes.map((c) => c.field).join(', ')}`
        : title;
    return {
      id: a.id,
      at: a.at.toISOString(),
      action: a.action,
      summary,
      actor: a.actor_user_id
        ? {
            id: a.actor_user_id,
            name: `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim() || (a.email ?? ''),
            email: a.email,
          }
        : null,
      changes,
      reason: a.reason,
      ...reasonCodeOf(a.action, a.details),
      requestId: a.request_id,
    };
  });
}

// ---- the inbox -------------------------------------------------------------------------

interface Cursor {
  page: number;
  sort: CaseSortName;
  after: string[];
  /** The search's total as the first page counted it: deeper pages do not count again. */
  total: number;
}

const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.page, c.sort, c.after, c.total])).toString('base64url');

/** The cursor's keys and total when it leads to this page and sort; otherwise the page is read by offset. */
function decodeCursor(
  text: string | undefined,
  page: number,
  sort: CaseSortName,
): { after: string[]; total?: number } | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const valid =
    Array.isArray(parsed) &&
    (parsed.length === 3 || (parsed.length === 4 && Number.isSafeInteger(parsed[3]) && parsed[3] >= 0)) &&
    Array.isArray(parsed[2]) &&
    parsed[2].length === sortKeyCount(sort) &&
    parsed[2].every((v) => typeof v === 'string' && v.length <= 100);
  if (!valid)
    throw fieldError('query/cursor', 'invalid', 'This cursor was not made by this list: leave it out');
  const [forPage, forSort, after, total] = parsed as [unknown, unknown, string[], number | undefined];
  if (forPage !== page || forSort !== sort) return undefined;
  return total === undefined ? { after } : { after, total };
}

/** GET /v1/reports: the inbox search, open and overdue work first by default (decision 0101). */
export async function searchCases(db: Db, actor: Actor, query: CaseSearchQuery): Promise<CasePage> {
  // Deleted cases are listed only where the caller may restore them.
  const scope = await withGroupsOnly(
    db,
    listScope(actor, query.deleted ? caseworkPolicy.restore : caseworkPolicy.list),
  );
  const sort: CaseSortName = query.sort ?? 'priority';
  const { page, size, cursor, assignee, ...rest } = query;
  const filters: CaseFilters = {
    ...rest,
    ...(assignee !== undefined
      ? { assignee: assignee === 'none' ? null : assignee === '@me' ? actor.userId : assignee }
      : {}),
  };
  const keys = decodeCursor(cursor, page, sort);
  const { rows, total } = await findCasePage(db, scope, filters, { page, size, sort, ...keys });
  const items: CaseSummary[] = rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    platformId: r.platform_id,
    organisationId: r.organisation_id,
    status: r.status,
    name: r.name,
    source: r.source,
    extReportId: r.ext_report_id,
    reportType: r.report_type,
    serious: r.serious,
    seriousness: r.seriousness,
    country: r.country,
    reporterUserId: r.reporter_user_id,
    assigneeUserId: r.assignee_user_id,
    formViewId: r.form_view_id,
    reportVersion: r.current_version,
    clock: clockOf(r),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    receiptDate: r.receipt_date,
    origin: r.origin as CaseSummary['origin'],
    suspectProducts: r.suspect_products,
    reactions: r.reaction_terms,
    reactionsCoded: r.reactions_coded,
    assigneeName: r.assignee_name,
    attention: attentionOf(r),
  }));
  const last = rows.at(-1);
  const more = page * size < total && rows.length === size;
  return {
    items,
    page,
    size,
    total,
    nextCursor:
      last && more ? encodeCursor({ page: page + 1, sort, after: last.sort_key as string[], total }) : null,
  };
}

// ---- versions ---------------------------------------------------------------------------

/** GET /v1/reports/{id}/versions: the document's versions and the follow-up chain. */
export async function caseVersions(db: Db, actor: Actor, id: string): Promise<Static<typeof CaseVersions>> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: reportPolicy.read,
    what: 'Report',
    target: reportTarget,
  });
  const scope = scopeFor(actor);
  const [versions, followUps, previous] = await Promise.all([
    listVersions(db, scope, id),
    followUpsOf(db, scope, id, row.organisation_id),
    previousOf(db, scope, row.current_report_id, row.organisation_id),
  ]);
  return {
    reportId: id,
    latestVersion: row.current_version,
    versions: versions.map((v) => ({
      version: v.version,
      createdAt: v.created_at.toISOString(),
      createdBy: v.created_by,
      attachments: Number(v.attachments),
      fromReporter: v.from_reporter,
    })),
    previousReportId: previous,
    followUpReportIds: followUps,
  };
}

/** GET /v1/reports/{id}/versions/compare?from=&to=: every field that differs between two versions. */
export async function compareVersions(
  db: Db,
  actor: Actor,
  id: string,
  query: { from: number; to: number },
): Promise<Static<typeof CaseComparison>> {
  await loadForAccess(db, actor, findCase, id, {
    rule: reportPolicy.read,
    what: 'Report',
    target: reportTarget,
  });
  const rows = await versionDocuments(db, scopeFor(actor), id, [query.from, query.to]);
  const document = (n: number, field: string) => {
    const found = rows.find((r) => r.version === n);
    if (!found) throw fieldError(`query/${field}`, 'notFound', `The case has no version ${n}`);
    return found.document;
  };
  const before = document(query.from, 'from');
  const after = document(query.to, 'to');
  return { reportId: id, from: query.from, to: query.to, changes: compareDocuments(before, after) };
}
