import { randomUUID } from 'node:crypto';
import type {
  DistributeBody,
  E2bFinding,
  E2bProfile,
  ManuallyProcessedBody,
  ReceiverStatusBody,
  Submission,
  SubmissionListQuery,
  SubmissionReport,
  SubmissionReportStatusChange,
  SubmissionReportSummary,
} from '@vigilo/contract';
import { readDbNow } from '../../db/columns.ts';
import type { Actor } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { dayIn } from '../../platform/calendar.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { type Answer, idempotent, type KeyOwner } from '../../platform/idempotency.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { findingLanguage } from '../e2b/e2b.findings.ts';
import { refuseInvalidMessages } from '../e2b/e2b.gate.ts';
import { organisationCalendar } from '../organisations/organisations.service.ts';
import { requireTransition } from '../reports/reports.lifecycle.ts';
import { reportTarget } from '../reports/reports.service.ts';
import { findReport, lockReport, type ReportRow, setCaseStatus } from '../reports/reports.shared.ts';
import { type ReceiverRow, receiversOf, ruledReceivers } from './receivers.repository.ts';
import { enqueueDelivery } from './submissions.delivery.ts';
import { dueDate, receiverMessage } from './submissions.message.ts';
import { submissionPolicy } from './submissions.policy.ts';
import {
  findSubmission,
  findSubmissionReport,
  insertSubmission,
  insertSubmissionReport,
  lockSubmissionReport,
  pageSubmissionReports,
  pageSubmissions,
  reportsOfSubmissions,
  type SubmissionReportView,
  type SubmissionRow,
  statusHistory,
  submissionSummary,
  updateSubmissionReport,
} from './submissions.repository.ts';
import { ruleCaseOf, rulePicks } from './submissions.rules.ts';
import { historyReasonCode, lateByDays, REASON_SENTENCES, reasonCodeOf } from './submissions.standing.ts';

/** Submissions (ENDPOINTS.md section 6): distribute a case to receivers, read and correct what happened. */

const iso = (d: Date | null) => d?.toISOString() ?? null;
const pad = (n: number) => String(n).padStart(2, '0');
/** A DATE column as `YYYY-MM-DD`: node-postgres makes it local midnight, so local parts. */
const dateOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The review's signature as stored, or null before anyone signed. */
export const signatureOf = (row: SubmissionReportView): SubmissionReport['signature'] =>
  row.reviewed_at && row.reviewer_name && row.review_meaning
    ? {
        signerId: row.reviewed_by,
        signerName: row.reviewer_name,
        signedAt: row.reviewed_at.toISOString(),
        meaning: row.review_meaning,
        method: row.review_method as 'password' | 'totp',
      }
    : null;

export function toSubmissionReport(row: SubmissionReportView): SubmissionReport {
  return {
    id: row.id,
    submissionId: row.submission_id,
    organisationId: row.organisation_id,
    reportId: row.report_id,
    receiverId: row.receiver_id,
    receiverName: row.receiver_name,
    caseReference: row.case_reference,
    messageId: row.message_id,
    profile: row.profile as E2bProfile,
    masked: row.masked,
    valid: row.valid,
    findings: row.findings as E2bFinding[],
    status: row.status as SubmissionReport['status'],
    statusReason: row.status_reason,
    reasonCode: reasonCodeOf(row),
    manuallyProcessedReason: row.manually_processed_reason,
    reviewStatus: row.review_status as SubmissionReport['reviewStatus'],
    approvalComment: row.approval_comment,
    rejectionComment: row.rejection_comment,
    signature: signatureOf(row),
    reviewRequired: row.review_required,
    serious: row.serious,
    dayZero: dateOf(row.day_zero),
    dueDate: dateOf(row.due_date),
    overdue: row.overdue,
    dueSoon: row.due_soon,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    // Only while it waits for that attempt: once sent, failed or set by hand, none is planned.
    nextAttemptAt: row.status === 'NOT_SENT' ? iso(row.next_attempt_at) : null,
    resendCount: row.resend_count,
    resentAt: iso(row.resent_at),
    lastError: row.last_error,
    httpStatus: row.http_status,
    ackCode: row.ack_code,
    ackErrors: row.ack_errors as string[],
    sentAt: iso(row.sent_at),
    lateByDays: lateByDays(dateOf(row.due_date), row.sent_at, row.time_zone),
    acknowledgedAt: iso(row.acknowledged_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const toSubmission = (row: SubmissionRow, reports: SubmissionReportView[]): Submission => ({
  id: row.id,
  organisationId: row.organisation_id,
  reportId: row.report_id,
  reportVersion: row.report_version,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  reports: reports.filter((r) => r.submission_id === row.id).map(toSubmissionReport),
});

/** The message id of one receiver's copy: the case reference and version, and the submission report's own id. */
export const messageIdFor = (reference: string, version: number, submissionReportId: string) =>
  `${reference}-${version}-${submissionReportId.slice(0, 8)}`;

const ownerOf = (actor: Actor): KeyOwner =>
  actor.application ? `application:${actor.application.id}` : `user:${actor.userId}`;

/** What the distribution's request gives besides its body. */
export interface DistributeRequest {
  requestId: string;
  idempotencyKey?: string;
  hash: string;
}

/**
 * POST /v1/submissions/distribute: one submission, one submission report per receiver, each
 * with its own message checked against the receiver's profile, and the delivery jobs of the
 * valid ones, all in one transaction (outbox). A message that fails its profile is stored
 * with its findings and not sent. The case moves ready_to_submit → submitted (decision 0100)
 * when at least one message is on its way.
 */
export async function distribute(
  deps: AppDeps,
  actor: Actor,
  body: DistributeBody,
  request: DistributeRequest,
): Promise<Answer<Submission[]> & { replayed: boolean }> {
  const { db } = deps;
  const report = await loadForAccess(db, actor, findReport, body.reportId, {
    rule: submissionPolicy.distribute,
    what: 'Report',
    target: reportTarget,
  });
  const key = { owner: ownerOf(actor), key: request.idempotencyKey, hash: request.hash };
  try {
    return await distributeOnce(deps, actor, body, request, report, key);
  } catch (error) {
    // A parallel retry with the same key won the case's lock and moved it to submitted: this
    // one then finds the case submitted. The winner's answer is kept by now: answer it.
    if (!request.idempotencyKey || !(error instanceof AppError) || error.code !== 'INVALID_TRANSITION')
      throw error;
    return idempotent(db, { ...key, lookFirst: true }, async () => {
      throw error;
    });
  }
}

async function distributeOnce(
  deps: AppDeps,
  actor: Actor,
  body: DistributeBody,
  request: DistributeRequest,
  report: ReportRow,
  key: { owner: KeyOwner; key: string | undefined; hash: string },
): Promise<Answer<Submission[]> & { replayed: boolean }> {
  const { db, jobs, config } = deps;
  const scope = scopeFor(actor);
  return idempotent(db, key, async (tx) => {
    const locked = await lockReport(tx, scope, report.id);
    if (!locked) throw notFound('Report');
    requireTransition(actor, reportTarget(report), locked.status, 'submitted');
    const receivers = await receiversFor(tx, scope, report, body.resources);
    const now = await readDbNow(tx);
    // Each receiver's message, written first: one with an error stops the whole distribution,
    // nothing stored or sent (decision 0244).
    const messages = [];
    for (const receiver of receivers) {
      const id = randomUUID();
      const messageId = messageIdFor(report.reference, locked.current_version, id);
      // Its C.1.1 is kept from now on (decision 0240).
      const message = await receiverMessage(tx, report, receiver, {
        id: messageId,
        at: now,
        language: findingLanguage(actor),
        assign: { actorUserId: actor.application ? null : actor.userId, requestId: request.requestId },
      });
      messages.push({ id, messageId, receiver, message });
    }
    refuseInvalidMessages(
      messages.map(({ receiver, message }) => ({
        receiverId: receiver.id,
        receiverName: receiver.name,
        profile: receiver.profile as E2bProfile,
        findings: message.findings,
      })),
      'The case cannot be sent',
    );
    const submissionId = randomUUID();
    await insertSubmission(tx, scope, {
      id: submissionId,
      platform_id: report.platform_id,
      organisation_id: report.organisation_id,
      report_id: report.id,
      report_version: locked.current_version,
      created_by: actor.application ? null : actor.userId,
    });
    // Without a receipt date, the day the case was made, in the organisation's calendar (decision 0318).
    const dayZero =
      report.receipt_date ??
      dayIn(report.created_at, (await organisationCalendar(tx, report.organisation_id)).timeZone);
    const serious = report.serious === true;
    const outcome: {
      receiverId: string;
      messageId: string;
      valid: boolean;
      queued: boolean;
      held: boolean;
    }[] = [];
    for (const { id, messageId, receiver, message } of messages) {
      const sendable = receiver.transport !== 'none';
      // The receiver wants an assessor's signed approval first: the approval enqueues it (decision 0193).
      const held = message.valid && sendable && receiver.requires_review;
      const queued = message.valid && sendable && !held;
      const errors = message.findings.filter((f) => f.severity === 'error').length;
      await insertSubmissionReport(
        tx,
        scope,
        {
          id,
          submission_id: submissionId,
          platform_id: report.platform_id,
          organisation_id: report.organisation_id,
          report_id: report.id,
          receiver_id: receiver.id,
          receiver_name: receiver.name,
          message_id: messageId,
          profile: receiver.profile,
          masked: receiver.mask_personal_data,
          xml: message.xml,
          document: JSON.stringify(message.document),
          valid: message.valid,
          findings: JSON.stringify(message.findings),
          status_reason: !message.valid
            ? REASON_SENTENCES.invalid(receiver.profile, errors)
            : !sendable
              ? REASON_SENTENCES.no_transport
              : held
                ? REASON_SENTENCES.awaiting_approval
                : null,
          review_required: held,
          queued_at: queued ? now : null,
          serious,
          day_zero: dayZero,
          due_date: dueDate(dayZero, serious, receiver),
        },
        actor.application ? null : actor.userId,
      );
      if (queued) await enqueueDelivery(jobs, config, tx, id);
      outcome.push({ receiverId: receiver.id, messageId, valid: message.valid, queued, held });
    }
    await audit(tx, {
      action: 'submission.created',
      entityType: 'submission',
      entityId: submissionId,
      platformId: report.platform_id,
      organisationId: report.organisation_id,
      actorUserId: actor.userId,
      after: { reportId: report.id, reportVersion: locked.current_version, receivers: outcome },
      details: { pickedBy: body.resources ? 'hand' : 'rules' },
      requestId: request.requestId,
    });
    // A message on its way makes the case submitted. One held for an assessor's approval does
    // not: the case stays ready to submit, its clock running, until a first message is
    // actually sent (the delivery moves it then, decision 0251).
    if (outcome.some((o) => o.queued)) {
      await setCaseStatus(tx, scope, report.id, 'submitted');
      await audit(tx, {
        action: 'report.status_changed',
        entityType: 'report',
        entityId: report.id,
        platformId: report.platform_id,
        organisationId: report.organisation_id,
        actorUserId: actor.userId,
        before: { status: locked.status },
        after: { status: 'submitted' },
        details: { submissionId },
        requestId: request.requestId,
      });
    }
    const row = (await findSubmission(tx, scope, submissionId))!;
    const reports = await reportsOfSubmissions(tx, scope, [submissionId]);
    return { statusCode: 201, body: [toSubmission(row, reports)] };
  });
}

/**
 * The receivers a distribution sends to: those named (each of the case's organisation, else
 * 400 naming it), or without names those whose rule picks the case (decision 0191).
 */
async function receiversFor(
  tx: Db,
  scope: ReturnType<typeof scopeFor>,
  report: ReportRow,
  ids: readonly string[] | undefined,
): Promise<ReceiverRow[]> {
  if (!ids) {
    const input = ruleCaseOf(report);
    const picked = (await ruledReceivers(tx, scope, report.organisation_id)).filter((r) =>
      rulePicks(r.rule!, input),
    );
    if (picked.length === 0)
      throw fieldError(
        'body/resources',
        'required',
        "No receiver's rule picks this case: name the receivers to send it to",
      );
    return picked;
  }
  const found = await receiversOf(tx, scope, report.organisation_id, ids);
  const known = new Set(found.map((r) => r.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0)
    throw fieldError(
      `body/resources/${missing}`,
      'notFound',
      'No receiver of the case’s organisation has this id',
    );
  return ids.map((id) => found.find((r) => r.id === id)!);
}

const readable = (db: Db, actor: Actor, id: string) =>
  loadForAccess(db, actor, findSubmissionReport, id, {
    rule: submissionPolicy.read,
    what: 'Submission report',
    target: rowTarget,
  });

/** A list's gate: someone with no organisation where it may read submissions is told so (403), not answered nothing. */
function requireListAccess(actor: Actor) {
  const roles = submissionPolicy.read.roles as readonly string[];
  if (actor.application || !actor.memberships.some((m) => roles.includes(m.role))) throw forbidden();
}

/** GET /v1/submissions */
export async function listSubmissions(db: Db, actor: Actor, query: SubmissionListQuery) {
  requireListAccess(actor);
  const scope = scopeFor(actor, submissionPolicy.read);
  const page = await pageSubmissions(db, scope, query);
  const reports = await reportsOfSubmissions(
    db,
    scope,
    page.items.map((s) => s.id),
  );
  return {
    items: page.items.map((s) => toSubmission(s, reports)),
    page: query.page,
    size: query.size,
    total: page.total,
  };
}

/** GET /v1/submissions/reports */
export async function listSubmissionReports(db: Db, actor: Actor, query: SubmissionListQuery) {
  requireListAccess(actor);
  const page = await pageSubmissionReports(db, scopeFor(actor, submissionPolicy.read), query);
  return { items: page.items.map(toSubmissionReport), page: query.page, size: query.size, total: page.total };
}

/** GET /v1/submissions/{id} */
export async function getSubmission(db: Db, actor: Actor, id: string): Promise<Submission> {
  const row = await loadForAccess(db, actor, findSubmission, id, {
    rule: submissionPolicy.read,
    what: 'Submission',
    target: rowTarget,
  });
  return toSubmission(row, await reportsOfSubmissions(db, scopeFor(actor), [row.id]));
}

/** GET /v1/submissions/reports/{id} */
export async function getSubmissionReport(db: Db, actor: Actor, id: string): Promise<SubmissionReport> {
  return toSubmissionReport(await readable(db, actor, id));
}

/** GET /v1/submissions/reports/{id}/history: the receiver statuses it took, oldest first (decision 0180). */
export async function getStatusHistory(
  db: Db,
  actor: Actor,
  id: string,
): Promise<SubmissionReportStatusChange[]> {
  const row = await readable(db, actor, id);
  const rows = await statusHistory(db, scopeFor(actor), row.id);
  return rows.map((h) => ({
    id: h.id,
    status: h.status as SubmissionReportStatusChange['status'],
    reason: h.reason,
    reasonCode: historyReasonCode(h.source, h.reason),
    source: h.source as SubmissionReportStatusChange['source'],
    changedBy: h.changed_by,
    changedByName: h.first_name !== null ? `${h.first_name} ${h.last_name ?? ''}`.trim() || null : null,
    at: h.created_at.toISOString(),
  }));
}

/** GET /v1/reports/anonymised/{submissionReportId}: exactly what the receiver was sent. */
export async function sentReport(db: Db, actor: Actor, id: string) {
  const row = await readable(db, actor, id);
  return {
    submissionReportId: row.id,
    reportId: row.report_id,
    messageId: row.message_id,
    profile: row.profile as E2bProfile,
    masked: row.masked,
    report: row.document as Record<string, unknown>,
    xml: row.xml,
  };
}

/** PUT /v1/submissions/reports/{id}/receiver-status: staff correct the receiver status by hand, saying why. */
export async function setReceiverStatus(
  db: Db,
  actor: Actor,
  id: string,
  body: ReceiverStatusBody,
  requestId: string,
): Promise<SubmissionReport> {
  const row = await loadForAccess(db, actor, findSubmissionReport, id, {
    rule: submissionPolicy.setStatus,
    what: 'Submission report',
    target: rowTarget,
  });
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const locked = await lockSubmissionReport(tx, scope, id);
    if (!locked) throw notFound('Submission report');
    if (locked.status === 'ACCEPTED')
      throw new AppError('INVALID_TRANSITION', 'The receiver accepted this report: its status is final', {
        current: locked.status,
        requested: body.status,
        allowed: [],
      });
    await updateSubmissionReport(
      tx,
      scope,
      id,
      {
        status: body.status,
        status_reason: body.reason.trim(),
        // Sent by hand: it left now, as far as Vigilo knows, so its acknowledgement can match it (decision 0252).
        ...(row.sent_at === null && body.status !== 'NOT_SENT' && body.status !== 'FAILED'
          ? { sent: true as const }
          : {}),
      },
      { source: 'staff', changedBy: actor.userId },
    );
    await audit(tx, {
      action: 'submission_report.status_set',
      entityType: 'submission_report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { status: locked.status },
      after: { status: body.status },
      reason: body.reason.trim(),
      requestId,
    });
    return toSubmissionReport((await findSubmissionReport(tx, scope, id))!);
  });
}

/** PUT /v1/submissions/reports/{id}/manually-processed-reason: why the report was handled outside Vigilo. */
export async function setManuallyProcessed(
  db: Db,
  actor: Actor,
  id: string,
  body: ManuallyProcessedBody,
  requestId: string,
): Promise<SubmissionReport> {
  const row = await loadForAccess(db, actor, findSubmissionReport, id, {
    rule: submissionPolicy.setStatus,
    what: 'Submission report',
    target: rowTarget,
  });
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const locked = await lockSubmissionReport(tx, scope, id);
    if (!locked) throw notFound('Submission report');
    const reason = body.manuallyProcessedReason.trim();
    await updateSubmissionReport(tx, scope, id, { manually_processed_reason: reason });
    await audit(tx, {
      action: 'submission_report.manually_processed',
      entityType: 'submission_report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { manuallyProcessedReason: locked.manually_processed_reason },
      after: { manuallyProcessedReason: reason },
      requestId,
    });
    return toSubmissionReport((await findSubmissionReport(tx, scope, id))!);
  });
}

const STATUSES = ['NOT_SENT', 'SENT', 'IN_REVIEW', 'ACCEPTED', 'REJECTED', 'FAILED'] as const;

/** GET /v1/users/@me/submission-report-summary: over the organisations where the caller reads submissions. */
export async function summaryForMe(db: Db, actor: Actor): Promise<SubmissionReportSummary> {
  requireListAccess(actor);
  const rows = await submissionSummary(db, scopeFor(actor, submissionPolicy.read));
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const r of rows) byStatus[r.status] = r.n;
  return {
    total: rows.reduce((n, r) => n + r.n, 0),
    byStatus,
    overdue: rows.reduce((n, r) => n + r.overdue, 0),
    dueSoon: rows.reduce((n, r) => n + r.dueSoon, 0),
  };
}
