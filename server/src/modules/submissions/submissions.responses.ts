import type { ResponseBody, SubmissionResponse } from '@vigilo/contract';
import { type ParsedAcknowledgement, parseAcknowledgement, validateXsd } from '@vigilo/e2b';
import type { AppDeps } from '../../app.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { withTransaction } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { scopeFor } from '../../platform/scope.ts';
import { findOrganisation } from '../organisations/organisations.repository.ts';
import { ackOutcome } from './submissions.delivery.ts';
import { submissionPolicy } from './submissions.policy.ts';
import {
  insertSubmissionResponse,
  reportsByMessageIds,
  updateSubmissionReport,
} from './submissions.repository.ts';

/**
 * POST /v1/submissions/responses (decision 0173): a receiver's acknowledgement that came
 * later than the delivery's answer, posted by staff or by a gateway with the organisation's
 * API key. It is always kept: read with the E2B library and matched by message id (ACK.B.r.1)
 * to the organisation's submission reports, which become ACCEPTED or REJECTED with the
 * receiver's sentences; what names no known message, or cannot be read, is kept and flagged.
 */

/** Message ids an acknowledgement names: each report part's ACK.B.r.1 (receivers may add C.1.1 after a space). */
const namedIds = (ack: ParsedAcknowledgement) => [
  ...new Set(ack.reports.flatMap((r) => (r.icsrMessageNumber ?? '').split(/\s+/).filter(Boolean))),
];

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

  let ack: ParsedAcknowledgement | null = null;
  let problem: string | null = null;
  try {
    ack = parseAcknowledgement(body.ack, { maxBytes: config.e2bMaxBytes });
    const schema = validateXsd(body.ack, 'acknowledgement', { maxBytes: config.e2bMaxBytes });
    if (schema.length > 0)
      problem = `It does not follow the ICH schema: line ${schema[0]!.line}: ${schema[0]!.message}`;
  } catch (error) {
    ack = null;
    problem = `It cannot be read as an ICH acknowledgement: ${(error as Error).message}`;
  }
  const ids = ack ? namedIds(ack) : [];

  return withTransaction(db, async (tx) => {
    const found = await reportsByMessageIds(tx, scope, organisationId, ids);
    const results: SubmissionResponse['results'] = [];
    for (const messageId of ids) {
      const report = found.find((r) => r.message_id === messageId);
      if (!report || !ack) {
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
        { source: 'acknowledgement', changedBy: actor.application ? null : actor.userId },
      );
      results.push({
        messageId,
        submissionReportId: report.id,
        status: outcome.status,
        errors: outcome.errors,
      });
    }
    const malformed = ack === null;
    const matched = !malformed && ids.length > 0 && results.every((r) => r.submissionReportId !== null);
    if (!malformed && !matched && !problem)
      problem =
        ids.length === 0
          ? 'It names no message'
          : `It names messages Vigilo did not send for this organisation: ${results
              .filter((r) => !r.submissionReportId)
              .map((r) => r.messageId)
              .join(', ')}`;
    const matchedIds = results.flatMap((r) => (r.submissionReportId ? [r.submissionReportId] : []));
    const stored = await insertSubmissionResponse(tx, scope, {
      platform_id: organisation.platform_id,
      organisation_id: organisation.id,
      submission_report_id: matchedIds.length === 1 ? matchedIds[0]! : null,
      matched,
      malformed,
      problem,
      message_ids: ids,
      code: ack?.code ?? null,
      ack: ack ? JSON.stringify({ ...ack, unmapped: undefined }) : null,
      xml: body.ack,
      created_by: actor.application ? null : actor.userId,
    });
    await audit(tx, {
      action: 'submission_response.recorded',
      entityType: 'submission_response',
      entityId: stored.id,
      platformId: organisation.platform_id,
      organisationId: organisation.id,
      actorUserId: actor.userId,
      after: { matched, malformed, code: ack?.code ?? null, results },
      ...(actor.application ? { details: { applicationId: actor.application.id } } : {}),
      requestId,
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
    };
  });
}
