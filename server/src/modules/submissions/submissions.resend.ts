import type { SubmissionReport } from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type Answer, idempotent, type KeyOwner } from '../../platform/idempotency.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { findReceiver } from './receivers.repository.ts';
import { enqueueDelivery } from './submissions.delivery.ts';
import { submissionPolicy } from './submissions.policy.ts';
import {
  findSubmissionReport,
  lockDelivery,
  lockSubmissionReport,
  reopenDelivery,
  updateSubmissionReport,
} from './submissions.repository.ts';
import { toSubmissionReport } from './submissions.service.ts';

/** The words a message sent again carries into its history (decision 0327). */
export const RESENT_REASON = 'Sent again by staff: the same message, under the same message id';

export interface ResendRequest {
  requestId: string;
  idempotencyKey?: string;
  hash: string;
}

const ownerOf = (actor: Actor): KeyOwner =>
  actor.application ? `application:${actor.application.id}` : `user:${actor.userId}`;

const notFailed = (status: string) =>
  new AppError(
    'INVALID_TRANSITION',
    status === 'NOT_SENT'
      ? 'This message is already on its way: it is sent again only once it has FAILED'
      : `Only a message whose delivery FAILED is sent again; this one is ${status}`,
    { current: status, requested: 'resend', allowed: ['FAILED'] },
  );

/**
 * POST /v1/submissions/reports/{id}/resend (decision 0327): a message whose delivery FAILED is
 * queued again for the same receiver — the same message id, the same stored bytes — as a
 * durable delivery job enqueued in this transaction, with a new round of the receiver's
 * attempts. Audited. 409 when the message is not FAILED (a second click finds it queued), or
 * cannot leave (an invalid message, no transport, an approval missing, a send in flight).
 * With an Idempotency-Key, a retry answers the first answer again.
 */
export async function resendSubmissionReport(
  deps: AppDeps,
  actor: Actor,
  id: string,
  request: ResendRequest,
): Promise<Answer<SubmissionReport> & { replayed: boolean }> {
  const { db } = deps;
  const row = await loadForAccess(db, actor, findSubmissionReport, id, {
    rule: submissionPolicy.resend,
    what: 'Submission report',
    target: rowTarget,
  });
  const key = { owner: ownerOf(actor), key: request.idempotencyKey, hash: request.hash, lookFirst: true };
  try {
    return await idempotent(db, key, (tx) => resendOnce(deps, actor, tx, row, request.requestId));
  } catch (error) {
    // A parallel retry with the same key won the row's lock and queued it: this one then
    // finds it queued. The winner's answer is kept by now: answer it.
    if (!request.idempotencyKey || !(error instanceof AppError) || error.code !== 'INVALID_TRANSITION')
      throw error;
    return idempotent(db, key, async () => {
      throw error;
    });
  }
}

async function resendOnce(
  deps: AppDeps,
  actor: Actor,
  tx: AppDeps['db'],
  row: NonNullable<Awaited<ReturnType<typeof findSubmissionReport>>>,
  requestId: string,
): Promise<Answer<SubmissionReport>> {
  const scope = scopeFor(actor);
  // The claim first, then the report: the order of the delivery's recording transaction.
  const claim = await lockDelivery(tx, scope, row);
  const locked = await lockSubmissionReport(tx, scope, row.id);
  if (!locked) throw notFound('Submission report');
  if (locked.status !== 'FAILED') throw notFailed(locked.status);
  const cannot = (message: string) =>
    new AppError('CONFLICT', message, {
      fields: [{ field: 'params/id', message, reason: 'invalid' }],
    });
  if (!locked.valid) throw cannot("The message fails the receiver's rules: it cannot be sent");
  if (locked.review_required && locked.review_status !== 'APPROVED')
    throw cannot("The message waits for an assessor's signed approval: the approval sends it");
  if (claim?.state === 'sending' && claim.leased)
    throw cannot('The message is being sent right now: wait for its answer');
  const receiver = await findReceiver(tx, scope, row.receiver_id);
  if (!receiver || receiver.transport === 'none')
    throw cannot('The receiver has no transport: send it by hand and record why');
  if (claim) await reopenDelivery(tx, scope, row);
  await updateSubmissionReport(
    tx,
    scope,
    row.id,
    {
      status: 'NOT_SENT',
      status_reason: RESENT_REASON,
      attempts: 0,
      queued: true,
      nextAttemptInSeconds: null,
      resent: true,
    },
    { source: 'staff', changedBy: actor.userId },
  );
  await enqueueDelivery(deps.jobs, deps.config, tx, row.id);
  const after = (await findSubmissionReport(tx, scope, row.id))!;
  await audit(tx, {
    action: 'submission_report.resent',
    entityType: 'submission_report',
    entityId: row.id,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    actorUserId: actor.userId,
    before: { status: locked.status },
    after: { status: after.status },
    // Which message, and what the round that failed had come to.
    details: {
      messageId: row.message_id,
      receiverId: row.receiver_id,
      attempts: locked.attempts,
      lastError: locked.last_error,
      resendCount: after.resend_count,
    },
    requestId,
  });
  return { statusCode: 202, body: toSubmissionReport(after) };
}
