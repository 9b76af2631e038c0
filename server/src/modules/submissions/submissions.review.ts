import type { E2bProfile, Review, ReviewBody, SubmissionReport } from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { loadForAccess, ownScope, rowTarget, scopeFor } from '../../platform/scope.ts';
import { takeUserSecretAttempt } from '../auth/throttle.ts';
import { checkXml, refuseInvalidMessages } from '../e2b/e2b.gate.ts';
import { checkSecondFactor, verifiedFactors } from '../mfa/mfa.service.ts';
import { findReport } from '../reports/reports.shared.ts';
import { enqueueDelivery } from './submissions.delivery.ts';
import { submissionPolicy } from './submissions.policy.ts';
import {
  findSigner,
  findSubmission,
  findSubmissionReport,
  lockSubmissionReport,
  type SubmissionReportView,
  signReview,
  updateSubmissionReport,
} from './submissions.repository.ts';
import { signatureOf, toSubmissionReport } from './submissions.service.ts';

/**
 * The review of a submission report as an electronic signature (decision 0172, 21 CFR 11.50
 * and 11.200): the signer proves who they are again at signing (password or authenticator
 * code); the record keeps their printed name, the time (UTC, the database's clock) and the
 * meaning. A wrong proof signs nothing and is audited.
 */

export const MEANINGS = {
  APPROVED: 'approved for submission',
  REJECTED: 'rejected for submission',
} as const;

export interface ReviewContext {
  requestId: string;
  ip: string;
  host: string | undefined;
}

const reviewOf = (row: SubmissionReportView): Review => ({
  reviewStatus: row.review_status as Review['reviewStatus'],
  approvalComment: row.approval_comment,
  rejectionComment: row.rejection_comment,
  signature: signatureOf(row),
});

type Locked = NonNullable<Awaited<ReturnType<typeof lockSubmissionReport>>>;

/**
 * A message that waits for this review (its receiver requires one, decision 0193): an
 * approval enqueues its delivery in the signing transaction (the outbox), once; a rejection
 * keeps it unsent and says why, and a later approval enqueues it then. Answers whether a
 * delivery was enqueued (true), held back (false), or the review does not gate it (null).
 */
async function releaseOrHold(
  deps: AppDeps,
  tx: Parameters<typeof signReview>[0],
  scope: Parameters<typeof signReview>[1],
  locked: Locked,
  review: { status: string; rejectionComment: string | null },
): Promise<boolean | null> {
  if (!locked.review_required || !locked.valid || locked.status !== 'NOT_SENT') return null;
  if (review.status === 'APPROVED') {
    if (locked.queued_at) return null;
    await enqueueDelivery(deps.jobs, deps.config, tx, locked.id);
    await updateSubmissionReport(tx, scope, locked.id, { status_reason: null, queued: true });
    return true;
  }
  // A job enqueued by an earlier approval finds the rejection and sends nothing.
  await updateSubmissionReport(tx, scope, locked.id, {
    status_reason: `Not sent: the assessor rejected it (${review.rejectionComment})`,
    queued: false,
  });
  return false;
}

/**
 * An approval releases the message as it was written: refused (409) when the case has moved on
 * since (new information from the reporter sent it back to triage, a new version), so nothing
 * older than the case leaves (decision 0251). A new distribution writes it again.
 */
async function requireCaseAsWritten(
  tx: Parameters<typeof signReview>[0],
  scope: Parameters<typeof signReview>[1],
  row: SubmissionReportView,
) {
  const submission = await findSubmission(tx, scope, row.submission_id);
  const report = await findReport(tx, scope, row.report_id);
  if (!submission || !report) throw notFound('Submission report');
  if (
    report.current_version !== submission.report_version ||
    !['ready_to_submit', 'submitted'].includes(report.status)
  )
    throw new AppError(
      'CONFLICT',
      `The case changed since this message was written (version ${submission.report_version}, now version ${report.current_version}, ${report.status.replaceAll('_', ' ')}): nothing was signed. Distribute the case again once it is ready`,
      {
        reportVersion: submission.report_version,
        currentVersion: report.current_version,
        status: report.status,
      },
    );
}

/** GET /v1/submissions/reports/{id}/review */
export async function getReview(deps: AppDeps, actor: Actor, id: string): Promise<Review> {
  const row = await loadForAccess(deps.db, actor, findSubmissionReport, id, {
    rule: submissionPolicy.read,
    what: 'Submission report',
    target: rowTarget,
  });
  return reviewOf(row);
}

/** PUT /v1/submissions/reports/{id}/review: approve or reject, signed. */
export async function signSubmissionReview(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: ReviewBody,
  ctx: ReviewContext,
): Promise<SubmissionReport> {
  const { db, config } = deps;
  const row = await loadForAccess(db, actor, findSubmissionReport, id, {
    rule: submissionPolicy.review,
    what: 'Submission report',
    target: rowTarget,
  });
  if (body.reviewStatus === 'APPROVED' && body.rejectionComment !== undefined)
    throw fieldError(
      'body/rejectionComment',
      'notAllowed',
      'An approval takes an approvalComment, not a rejection comment',
    );
  if (body.reviewStatus === 'REJECTED' && body.approvalComment !== undefined)
    throw fieldError(
      'body/approvalComment',
      'notAllowed',
      'A rejection takes a rejectionComment, not an approval comment',
    );
  if (body.reviewStatus === 'REJECTED' && !body.rejectionComment?.trim())
    throw fieldError('body/rejectionComment', 'required', 'Say why the report is rejected');
  // An approval signs the message that will be sent: it must have no error (decision 0244).
  if (body.reviewStatus === 'APPROVED')
    refuseInvalidMessages(
      [
        {
          receiverId: row.receiver_id,
          receiverName: row.receiver_name,
          profile: row.profile as E2bProfile,
          findings: checkXml(actor, row.xml, row.profile as E2bProfile),
        },
      ],
      'The report cannot be approved for submission',
    );
  if ((body.password === undefined) === (body.totpCode === undefined))
    throw fieldError(
      'body/password',
      'required',
      'Sign with your password or an authenticator code, one of them',
    );
  const signer = await findSigner(db, ownScope(actor.userId), actor.userId);
  if (!signer) throw forbidden();
  const method = body.password !== undefined ? 'password' : 'totp';
  const refused = () =>
    audit(db, {
      action: 'submission_report.signature_refused',
      entityType: 'submission_report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      details: { method, reviewStatus: body.reviewStatus },
      requestId: ctx.requestId,
    });
  if (method === 'password') {
    // Counted like sign-in attempts: a stolen session cannot guess the password here.
    const attempt = await takeUserSecretAttempt(db, config, `signature:${actor.userId}`);
    if (!(await verifyPassword(signer.password_hash, body.password!))) {
      await refused();
      throw fieldError('body/password', 'wrongPassword', 'The password is not right: nothing was signed');
    }
    await attempt.succeeded();
  } else {
    try {
      await checkSecondFactor(
        deps,
        { id: actor.userId, platformId: signer.platform_id },
        await verifiedFactors(db, actor.userId),
        { code: body.totpCode!, method: 'totp' },
        { ...ctx, step: 'step_up' },
      );
    } catch (error) {
      await refused();
      throw error;
    }
  }
  const signerName = `${signer.first_name} ${signer.last_name}`.trim() || signer.email;
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const review = {
      status: body.reviewStatus,
      approvalComment: body.reviewStatus === 'APPROVED' ? (body.approvalComment?.trim() ?? null) : null,
      rejectionComment: body.reviewStatus === 'REJECTED' ? body.rejectionComment!.trim() : null,
      signerId: actor.userId,
      signerName,
      meaning: MEANINGS[body.reviewStatus],
      method,
    };
    const locked = await lockSubmissionReport(tx, scope, id);
    if (!locked) throw notFound('Submission report');
    // Signed by someone else between this request's reading of the report and now (ten
    // approvals at once): the first signature stands, the others sign nothing (issue 28 item 8).
    if (locked.reviewed_at?.getTime() !== row.reviewed_at?.getTime())
      throw new AppError(
        'CONFLICT',
        `${locked.reviewer_name ?? 'Someone'} signed this report meanwhile: read it again, then sign if you still mean to`,
      );
    if (review.status === 'APPROVED' && locked.review_required && locked.status === 'NOT_SENT')
      await requireCaseAsWritten(tx, scope, row);
    await signReview(tx, scope, id, review);
    const queued = await releaseOrHold(deps, tx, scope, locked, review);
    const after = (await findSubmissionReport(tx, scope, id))!;
    await audit(tx, {
      action: 'submission_report.reviewed',
      entityType: 'submission_report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: reviewOf(row),
      after: reviewOf(after),
      ...(queued !== null && { details: { deliveryQueued: queued } }),
      requestId: ctx.requestId,
    });
    return toSubmissionReport(after);
  });
}
