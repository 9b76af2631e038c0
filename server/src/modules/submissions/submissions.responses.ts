import type { ResponseBody, SubmissionResponse } from '@vigilo/contract';
import { acknowledgementSchemaErrors, type ParsedAcknowledgement, parseAcknowledgement } from '@vigilo/e2b';
import type { Config } from '../../config.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { type Scope, scopeFor } from '../../platform/scope.ts';
import { findOrganisation } from '../organisations/organisations.shared.ts';
import { caseRejected } from '../reports/reports.cases.service.ts';
import { ackOutcome } from './submissions.delivery.ts';
import { submissionPolicy } from './submissions.policy.ts';
import {
  insertSubmissionResponse,
  lockAs2Message,
  reportsByMessageIds,
  updateSubmissionReport,
} from './submissions.repository.ts';

/**
 * POST /v1/submissions/responses (decision 0173): a receiver's acknowledgement that came
 * later than the delivery's answer, posted by staff or by a gateway with the organisation's
 * API key. It is always kept: read with the E2B library and matched by message id (ACK.B.r.1)
 * to the organisation's submission reports, which become ACCEPTED or REJECTED with the
 * receiver's sentences; what names no known message, or cannot be read, is kept and flagged.
 * The same core (`keepResponse`) keeps what a receiver's gateway sends by AS2 (decision 0196).
 */

/** Message ids an acknowledgement names: each report part's ACK.B.r.1 (receivers may add C.1.1 after a space). */
const namedIds = (ack: ParsedAcknowledgement) => [
  ...new Set(ack.reports.flatMap((r) => (r.icsrMessageNumber ?? '').split(/\s+/).filter(Boolean))),
];

/**
 * Whether a message left: sent (a time), not NOT_SENT, and approved where its receiver asks for
 * review. An acknowledgement of anything else cannot be true and never makes it ACCEPTED.
 */
const wasSent = (row: {
  status: string;
  sent_at: Date | null;
  review_required: boolean;
  review_status: string;
}) =>
  row.status !== 'NOT_SENT' &&
  row.sent_at !== null &&
  (!row.review_required || row.review_status === 'APPROVED');

export async function recordResponse(
  deps: AppDeps,
  actor: Actor,
  body: ResponseBody,
  requestId: string,
): Promise<SubmissionResponse> {
  const { db, config } = deps;
  const organisationId = body.organisationId ?? actor.organisationId;
  if (!organisationId)
    throw fieldError('body/organisationId', 'required', 'Name the organisation the acknowledgement is for');
  const scope = scopeFor(actor);
  const organisation = await findOrganisation(db, scope, organisationId);
  if (!organisation) throw notFound('Organisation');
  requireAccess(
    actor,
    submissionPolicy.respond,
    { platformId: organisation.platform_id, organisationIds: [organisation.id] },
    'Organisation',
  );
  const { duplicate: _, ...kept } = await keepResponse(
    db,
    config,
    scope,
    organisation,
    { kind: 'acknowledgement', xml: body.ack },
    {
      via: 'api',
      receiverId: null,
      as2MessageId: null,
      contentType: null,
      createdBy: actor.application ? null : actor.userId,
      actorUserId: actor.userId,
      applicationId: actor.application?.id ?? null,
      requestId,
    },
  );
  return kept;
}

/** How a response came: posted by someone, or sent by a receiver's AS2 gateway. */
export interface ResponseOrigin {
  via: 'api' | 'as2';
  receiverId: string | null;
  /** The AS2 Message-ID: with `receiverId`, the same message is kept once. */
  as2MessageId: string | null;
  contentType: string | null;
  /** The user who posted it (null: an API key, or a receiver by AS2). */
  createdBy: string | null;
  actorUserId: string | null;
  applicationId: string | null;
  requestId: string;
}

/**
 * What is kept: an E2B acknowledgement (read, matched, turned into statuses), or anything
 * else (an AS2 receipt, a gateway's text receipt) kept as it came with why it is flagged.
 */
export type ResponseContent =
  | { kind: 'acknowledgement'; xml: string }
  | {
      kind: 'mdn' | 'other';
      text: string;
      messageIds: string[];
      matched: boolean;
      submissionReportId: string | null;
      problem: string | null;
    };

/** Reads an acknowledgement: what it says, or why it cannot be read (never throws). */
function readAck(xml: string, config: Pick<Config, 'e2bMaxBytes'>) {
  try {
    const ack = parseAcknowledgement(xml, { maxBytes: config.e2bMaxBytes });
    const schema = acknowledgementSchemaErrors(xml, { maxBytes: config.e2bMaxBytes });
    return {
      ack,
      problem:
        schema.length > 0
          ? `It does not follow the ICH schema: line ${schema[0]!.line}: ${schema[0]!.message}`
          : null,
    };
  } catch (error) {
    return { ack: null, problem: `It cannot be read as an ICH acknowledgement: ${(error as Error).message}` };
  }
}

/**
 * The shared core of POST /v1/submissions/responses and of AS2 receiving: the response is
 * matched to the organisation's submission reports, their statuses set, the response kept
 * and audited, in one transaction. An AS2 message already kept for its receiver and
 * Message-ID is not processed again (`duplicate`).
 */
export async function keepResponse(
  db: Db,
  config: Pick<Config, 'e2bMaxBytes'>,
  scope: Scope,
  organisation: { id: string; platform_id: string },
  content: ResponseContent,
  origin: ResponseOrigin,
): Promise<SubmissionResponse & { duplicate: boolean }> {
  const read = content.kind === 'acknowledgement' ? readAck(content.xml, config) : null;
  const ack = read?.ack ?? null;
  let problem = read ? read.problem : content.kind !== 'acknowledgement' ? content.problem : null;
  const ids = ack ? namedIds(ack) : content.kind === 'acknowledgement' ? [] : content.messageIds;

  return withTransaction(db, async (tx) => {
    if (origin.receiverId && origin.as2MessageId) {
      const before = await lockAs2Message(tx, scope, origin.receiverId, origin.as2MessageId);
      if (before)
        return {
          id: before.id,
          organisationId: organisation.id,
          malformed: before.malformed,
          matched: before.matched,
          problem: before.problem,
          code: before.code,
          results: [],
          createdAt: before.created_at.toISOString(),
          duplicate: true,
        };
    }
    const results: SubmissionResponse['results'] = [];
    let matched: boolean;
    let submissionReportId: string | null = null;
    if (content.kind === 'acknowledgement') {
      const found = await reportsByMessageIds(tx, scope, organisation.id, ids);
      const neverSent: string[] = [];
      for (const messageId of ids) {
        const report = found.find((r) => r.message_id === messageId);
        // A message never sent cannot be acknowledged: kept unmatched, its status untouched.
        if (report && !wasSent(report)) neverSent.push(messageId);
        if (!report || !ack || !wasSent(report)) {
          results.push({ messageId, submissionReportId: null, status: null, errors: [] });
          continue;
        }
        const outcome = ackOutcome(ack, messageId);
        await updateSubmissionReport(
          tx,
          scope,
          report.id,
          {
            status: outcome.status,
            ack_code: outcome.ackCode,
            ack_errors: JSON.stringify(outcome.errors),
            acknowledged: true,
          },
          { source: 'acknowledgement', changedBy: origin.createdBy },
        );
        results.push({
          messageId,
          submissionReportId: report.id,
          status: outcome.status,
          errors: outcome.errors,
        });
        // A rejection brings the case back to the inbox: it needs correction (decision 0252).
        if (outcome.status === 'REJECTED')
          await caseRejected(tx, scope, report.report_id, {
            messageId,
            code: outcome.ackCode,
            actorUserId: origin.actorUserId,
            requestId: origin.requestId,
          });
      }
      matched = ack !== null && ids.length > 0 && results.every((r) => r.submissionReportId !== null);
      if (ack && !matched && !problem)
        problem =
          ids.length === 0
            ? 'It names no message'
            : neverSent.length > 0
              ? `It names messages that were never sent (not sent yet, or waiting for approval): ${neverSent.join(', ')}`
              : `It names messages Vigilo did not send for this organisation: ${results
                  .filter((r) => !r.submissionReportId)
                  .map((r) => r.messageId)
                  .join(', ')}`;
      const matchedIds = results.flatMap((r) => (r.submissionReportId ? [r.submissionReportId] : []));
      submissionReportId = matchedIds.length === 1 ? matchedIds[0]! : null;
    } else {
      matched = content.matched;
      submissionReportId = content.submissionReportId;
    }
    const malformed = content.kind === 'acknowledgement' && ack === null;
    const stored = await insertSubmissionResponse(tx, scope, {
      platform_id: organisation.platform_id,
      organisation_id: organisation.id,
      submission_report_id: submissionReportId,
      matched,
      malformed,
      problem,
      message_ids: ids,
      code: ack?.code ?? null,
      ack: ack ? JSON.stringify({ ...ack, unmapped: undefined }) : null,
      xml: content.kind === 'acknowledgement' ? content.xml : content.text,
      created_by: origin.createdBy,
      via: origin.via,
      kind: content.kind,
      receiver_id: origin.receiverId,
      as2_message_id: origin.as2MessageId,
      content_type: origin.contentType,
    });
    await audit(tx, {
      action: 'submission_response.recorded',
      entityType: 'submission_response',
      entityId: stored.id,
      platformId: organisation.platform_id,
      organisationId: organisation.id,
      actorUserId: origin.actorUserId,
      after: { matched, malformed, code: ack?.code ?? null, results },
      ...(origin.applicationId
        ? { details: { applicationId: origin.applicationId } }
        : origin.via === 'as2'
          ? {
              details: {
                via: 'as2',
                kind: content.kind,
                receiverId: origin.receiverId,
                as2MessageId: origin.as2MessageId,
              },
            }
          : {}),
      requestId: origin.requestId,
    });
    return {
      id: stored.id,
      organisationId: organisation.id,
      malformed,
      matched,
      problem,
      code: ack?.code ?? null,
      results,
      createdAt: stored.created_at.toISOString(),
      duplicate: false,
    };
  });
}
