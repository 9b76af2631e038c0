import { retryDelaySeconds } from '@vigilo/contract';
import type { ParsedAcknowledgement } from '@vigilo/e2b';
import type { Config } from '../../config.ts';
import type { JobContext } from '../../platform/area.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { systemScope } from '../../platform/scope.ts';
import { caseRejected, caseSent } from '../reports/reports.cases.service.ts';
import { findReceiver } from './receivers.repository.ts';
import {
  claimDelivery,
  deliveryState,
  findSubmissionReport,
  insertSubmissionResponse,
  releaseDelivery,
  type SubmissionReportChange,
  type SubmissionReportView,
  staffEmails,
  updateSubmissionReport,
} from './submissions.repository.ts';
import { type DeliveryOutcome, type Transport, transportFor } from './submissions.transport.ts';

/**
 * The delivery job (decision 0171): one message to one receiver, claimed before it leaves,
 * FAILED with an email to the organisation's staff once the receiver's attempts are spent.
 * A failed attempt enqueues the next one, in the transaction that records it, after a wait
 * that doubles up to an hour (decision 0327: the default 16 attempts span about nine hours);
 * pg-boss's own retries are left for a worker that died or a claim held by another. A
 * background job: `systemScope`, the submission report names its own tenant.
 */
export const DELIVERY_JOB = 'submissions.deliver';
// How long a claim holds (the transport's time-out with room to record the answer) and how
// long pg-boss lets one run take before it gives the job to another worker after a crash are
// config.submissionDeliveryLeaseSeconds (90) and submissionDeliveryExpirySeconds (120).

export interface DeliveryJob {
  submissionReportId: string;
}

/**
 * Enqueues the delivery of one submission report in `tx`, the transaction that decides it is
 * sent (the distribution, or the assessor's approval): the outbox of decision 0171.
 */
export function enqueueDelivery(
  jobs: Jobs,
  config: Config,
  tx: Db,
  submissionReportId: string,
  startAfterSeconds?: number,
) {
  return jobs.send(DELIVERY_JOB, { submissionReportId } satisfies DeliveryJob, {
    db: tx,
    ...(startAfterSeconds !== undefined && { startAfterSeconds }),
    retryLimit: config.submissionDeliveryAttempts,
    retryDelaySeconds: config.submissionRetryDelaySeconds,
    // A send takes at most 30 s (its lease 90 s): a worker killed mid-send leaves the job to
    // another after 2 minutes (and pg-boss's next maintenance), not pg-boss's default 15.
    expireInSeconds: config.submissionDeliveryExpirySeconds,
  });
}

/**
 * The wait before the attempt after attempt `attempt`: SUBMISSION_RETRY_DELAY_SECONDS doubled
 * each time up to SUBMISSION_RETRY_MAX_DELAY_SECONDS, give or take 10 % at random so that
 * messages that failed together do not all come back in the same second (decision 0327).
 */
export function nextDelaySeconds(config: Config, attempt: number, random = Math.random()) {
  const delay = retryDelaySeconds(
    attempt,
    config.submissionRetryDelaySeconds,
    config.submissionRetryMaxDelaySeconds,
  );
  return Math.max(1, Math.round(delay * (0.9 + 0.2 * random)));
}

/** Thrown to let pg-boss try again later (its retry with backoff). */
export class RetryLater extends Error {
  override name = 'RetryLater';
}

/** The part of an acknowledgement that names this message (ACK.B.r.1), or the only part there is. */
function partFor(ack: ParsedAcknowledgement, messageId: string) {
  return (
    ack.reports.find((r) => (r.icsrMessageNumber ?? '').split(/\s+/).includes(messageId)) ??
    (ack.reports.length === 1 ? ack.reports[0] : undefined)
  );
}

/** What an acknowledgement says of this message: ACCEPTED or REJECTED, with the receiver's sentences. */
export function ackOutcome(ack: ParsedAcknowledgement, messageId: string) {
  const part = partFor(ack, messageId);
  const rejected = ack.code === 'AR' || part?.code === 'CR';
  const errors = part?.messages.length ? part.messages : ack.batchError && rejected ? [ack.batchError] : [];
  return {
    status: rejected
      ? ('REJECTED' as const)
      : part?.code === 'CA' || ack.code === 'AA'
        ? ('ACCEPTED' as const)
        : ('SENT' as const),
    ackCode: part?.code ?? ack.code,
    errors,
  };
}

async function notifyStaff(ctx: JobContext, tx: JobContext['db'], row: SubmissionReportView, why: string) {
  const to = await staffEmails(tx, systemScope, row.organisation_id);
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/submissions/reports/${row.id}`;
  for (const address of to)
    await ctx.mailer.send(tx, {
      to: address,
      subject: `Submission failed: ${row.message_id} to ${row.receiver_name}`,
      text: [
        `The message ${row.message_id} could not be delivered to ${row.receiver_name}.`,
        why,
        `It is due on ${row.due_date}. Open it: ${link}`,
      ].join('\n\n'),
      template: 'submission-failed',
      platformId: row.platform_id,
      organisationId: row.organisation_id,
    });
}

/**
 * Whether a message may leave: not gone, not set by hand (IN_REVIEW, FAILED…) nor answered,
 * valid, and not waiting for the assessor's approval nor rejected since (the approval enqueues
 * it again). The claim checks the same in its own statement (`claimDelivery`).
 */
const sendable = (row: SubmissionReportView | undefined): row is SubmissionReportView =>
  row?.status === 'NOT_SENT' && row.valid && (!row.review_required || row.review_status === 'APPROVED');

/**
 * The signed MDN an AS2 receiver answered, kept beside the acknowledgements (decision 0196),
 * linked to its report: a receipt that refused the message says why in `problem`.
 */
function keepMdn(tx: Db, row: SubmissionReportView, outcome: DeliveryOutcome) {
  return insertSubmissionResponse(tx, systemScope, {
    platform_id: row.platform_id,
    organisation_id: row.organisation_id,
    submission_report_id: row.id,
    matched: true,
    malformed: false,
    problem: outcome.status === 'delivered' ? null : outcome.body,
    message_ids: [row.message_id],
    code: null,
    ack: null,
    xml: outcome.mdn!.text,
    created_by: null,
    via: 'as2',
    kind: 'mdn',
    receiver_id: row.receiver_id,
    as2_message_id: null,
    content_type: outcome.mdn!.contentType,
  });
}

/** Runs one delivery. `transportOf` is the receiver's transport (tests may count what is sent). */
export async function deliverSubmissionReport(
  ctx: JobContext,
  job: DeliveryJob,
  transportOf: typeof transportFor = transportFor,
): Promise<void> {
  const { db, config } = ctx;
  const row = await findSubmissionReport(db, systemScope, job.submissionReportId);
  if (!sendable(row)) return;
  const claim = await claimDelivery(db, systemScope, row, config.submissionDeliveryLeaseSeconds);
  if (!claim) {
    // Taken back since it was read (a rejection, a status set by hand): the claim saw it.
    if (!sendable(await findSubmissionReport(db, systemScope, row.id))) return;
    const state = await deliveryState(db, systemScope, row);
    if (state?.state === 'sending') throw new RetryLater(`${row.message_id} is being sent by another worker`);
    return;
  }
  const receiver = await findReceiver(db, systemScope, row.receiver_id);
  let transport: Transport | null = null;
  let outcome: DeliveryOutcome;
  try {
    transport = receiver ? transportOf(config, receiver) : null;
    outcome = transport
      ? await transport.deliver({ messageId: row.message_id, xml: row.xml })
      : { status: 'refused', httpStatus: null, body: 'The receiver has no transport any more' };
  } catch (error) {
    // Credentials no key opens, a transport that cannot be built: no retry mends that.
    outcome = { status: 'refused', httpStatus: null, body: (error as Error).message };
  }
  // The receiver's budget (decision 0327); one removed since (it cannot be, once sent to) ends it.
  const budget = receiver?.delivery_attempts ?? claim.attempts;
  const spent = claim.attempts >= budget;
  const base: SubmissionReportChange = {
    attempts: claim.attempts,
    http_status: outcome.httpStatus,
    response_body: outcome.body,
  };
  await withTransaction(db, async (tx) => {
    if (outcome.mdn) await keepMdn(tx, row, outcome);
    if (outcome.status === 'delivered') {
      const ack = outcome.ack && ackOutcome(outcome.ack, row.message_id);
      await releaseDelivery(tx, systemScope, row, 'delivered');
      await updateSubmissionReport(tx, systemScope, row.id, {
        ...base,
        status: ack?.status ?? 'SENT',
        status_reason: null,
        last_error: null,
        nextAttemptInSeconds: null,
        sent: true,
        ...(ack && { ack_code: ack.ackCode, ack_errors: JSON.stringify(ack.errors), acknowledged: true }),
      });
      // The first message that leaves makes a case that waited for approval submitted; a
      // rejection answered at once brings it back to the inbox (decision 0252).
      await caseSent(tx, systemScope, row.report_id, {
        submissionReportId: row.id,
        messageId: row.message_id,
      });
      if (ack?.status === 'REJECTED')
        await caseRejected(tx, systemScope, row.report_id, {
          messageId: row.message_id,
          code: ack.ackCode,
          actorUserId: null,
        });
      return;
    }
    const why =
      outcome.status === 'refused'
        ? `The receiver refused it${outcome.httpStatus ? ` (HTTP ${outcome.httpStatus})` : ''}: ${outcome.body ?? ''}`.trim()
        : `Attempt ${claim.attempts} of ${budget} failed${
            outcome.httpStatus ? ` (HTTP ${outcome.httpStatus})` : ''
          }: ${outcome.body ?? ''}`.trim();
    if (outcome.status === 'refused' || spent) {
      await releaseDelivery(tx, systemScope, row, 'failed');
      await updateSubmissionReport(tx, systemScope, row.id, {
        ...base,
        status: 'FAILED',
        status_reason: why,
        last_error: why,
        nextAttemptInSeconds: null,
      });
      await notifyStaff(ctx, tx, row, why);
      return;
    }
    // The next attempt is a job of its own, enqueued with this record (the outbox): this one ends.
    const delay = nextDelaySeconds(config, claim.attempts);
    await releaseDelivery(tx, systemScope, row, 'sending');
    await updateSubmissionReport(tx, systemScope, row.id, {
      ...base,
      last_error: why,
      nextAttemptInSeconds: delay,
    });
    await enqueueDelivery(ctx.jobs, config, tx, row.id, delay);
  });
}
