import {
  ApiError,
  DistributeBody,
  IdempotencyHeaders,
  IdParams,
  ManuallyProcessedBody,
  Page,
  Receiver,
  ReceiverBody,
  ReceiverParams,
  ReceiverPatchBody,
  ReceiverQuery,
  ReceiverStatusBody,
  ReceiverTestResult,
  ResponseBody,
  Review,
  ReviewBody,
  SentReport,
  StoredSubmissionResponse,
  StoredSubmissionResponseDetail,
  Submission,
  SubmissionListQuery,
  SubmissionPreview,
  SubmissionPreviewBody,
  SubmissionReport,
  SubmissionReportStatusChange,
  SubmissionReportSummary,
  SubmissionResponse,
  SubmissionResponseQuery,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { requestHash } from '../../platform/idempotency.ts';
import { sendTestMessage } from './receivers.send-test.ts';
import { createReceiver, listAllReceivers, removeReceiver, replaceReceiver } from './receivers.service.ts';
import { receiveAs2 } from './submissions.as2-inbound.ts';
import { previewSubmission } from './submissions.preview.ts';
import { resendSubmissionReport } from './submissions.resend.ts';
import { recordResponse } from './submissions.responses.ts';
import { getResponse, listResponses } from './submissions.responses-read.ts';
import { getReview, signSubmissionReview } from './submissions.review.ts';
import {
  distribute,
  getStatusHistory,
  getSubmission,
  getSubmissionReport,
  listSubmissionReports,
  listSubmissions,
  sentReport,
  setManuallyProcessed,
  setReceiverStatus,
  summaryForMe,
} from './submissions.service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const Empty = Type.Null();

/** Receivers (decision 0170) and submissions (ENDPOINTS.md section 6). */
export function submissionRoutes(app: AppInstance): void {
  const { db, config } = app.deps;
  const tags = ['Receivers'];

  app.get(
    '/v1/receivers',
    {
      schema: {
        tags,
        summary: "Receivers of the caller's organisations (or of `organisationId`), with their E2B settings",
        querystring: ReceiverQuery,
        response: { 200: Type.Array(Receiver), ...errors },
      },
    },
    (request) => listAllReceivers(db, request.actor, request.query.organisationId),
  );
  app.get(
    '/v1/organisation/:id/receivers',
    {
      schema: {
        tags,
        summary: 'Receivers the organisation sends reports to, with their E2B settings (never credentials)',
        params: IdParams,
        response: { 200: Type.Array(Receiver), ...errors },
      },
    },
    (request) => listAllReceivers(db, request.actor, request.params.id),
  );
  app.post(
    '/v1/organisation/:id/receivers',
    {
      schema: {
        tags,
        summary:
          'Add a receiver: E2B identifiers, profile, masking, due days, transport (credentials are never answered)',
        params: IdParams,
        body: ReceiverBody,
        response: { 201: Receiver, 409: ApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createReceiver(db, config, request.actor, request.params.id, request.body, request.id)),
  );
  app.put(
    '/v1/organisation/:id/receivers/:receiverId',
    {
      schema: {
        tags,
        summary:
          'Change a receiver’s settings: a field left out keeps its value (credentials too, while the transport stays the same kind)',
        params: ReceiverParams,
        body: ReceiverPatchBody,
        response: { 200: Receiver, 409: ApiError, ...errors },
      },
    },
    (request) => replaceReceiver(db, config, request.actor, request.params, request.body, request.id),
  );
  app.delete(
    '/v1/organisation/:id/receivers/:receiverId',
    {
      schema: {
        tags,
        summary: 'Remove a receiver nothing was submitted to (409 otherwise)',
        params: ReceiverParams,
        response: { 204: Empty, 409: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      await removeReceiver(db, request.actor, request.params, request.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/organisation/:id/receivers/:receiverId/test',
    {
      schema: {
        tags,
        summary: 'Send a synthetic test case to the receiver through its transport and answer what it said',
        description:
          "The receiver's own E2B(R3) message (identifiers, profile, masking) of a made-up case, sent as a delivery is. Answers the HTTP status, the answer (cut), the acknowledgement if any, or the error in words. Nothing is stored but the audit row.",
        params: ReceiverParams,
        response: { 200: ReceiverTestResult, 409: ApiError, ...errors },
      },
    },
    (request) => sendTestMessage(app.deps, request.actor, request.params, request.id),
  );

  const submissionTags = ['Submissions'];
  app.post(
    '/v1/submissions/preview',
    {
      schema: {
        tags: submissionTags,
        summary:
          "Before distributing: each receiver of the case's organisation, whether a rule picks it, and the validation of the message it would get",
        description:
          'Nothing is stored. Findings are in the caller’s language, each with the case field it concerns.',
        body: SubmissionPreviewBody,
        response: { 200: SubmissionPreview, ...errors },
      },
    },
    (request) => previewSubmission(db, request.actor, request.body),
  );
  app.post(
    '/v1/submissions/distribute',
    {
      schema: {
        tags: submissionTags,
        summary:
          'Send a case that is ready to submit to receivers (`resources`: receiver ids; left out, those whose rule picks the case)',
        description:
          "Without `resources`, the receivers whose distribution rule picks the case (400 on `body/resources` when none does). A receiver that requires review holds its message (NOT_SENT) until an assessor signs an approval. One submission, one submission report per receiver with its own E2B(R3) message checked against the receiver's profile: a message that fails is stored with its findings and not sent. The valid ones are delivered by a background job; the case becomes `submitted`. With an Idempotency-Key a retry answers the first answer again.",
        headers: IdempotencyHeaders,
        body: DistributeBody,
        response: { 201: Type.Array(Submission), 409: ApiError, 422: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await distribute(app.deps, request.actor, request.body, {
        requestId: request.id,
        idempotencyKey: request.headers['idempotency-key'],
        hash: requestHash('POST', '/v1/submissions/distribute', request.body),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.get(
    '/v1/submissions',
    {
      schema: {
        tags: submissionTags,
        summary: 'Submissions with their reports: those with an overdue report first, then the newest',
        querystring: SubmissionListQuery,
        response: { 200: Page(Submission), ...errors },
      },
    },
    (request) => listSubmissions(db, request.actor, request.query),
  );
  app.get(
    '/v1/submissions/reports',
    {
      schema: {
        tags: submissionTags,
        summary:
          'Submission reports: overdue first, then due soon (each earliest due first), then the newest',
        querystring: SubmissionListQuery,
        response: { 200: Page(SubmissionReport), ...errors },
      },
    },
    (request) => listSubmissionReports(db, request.actor, request.query),
  );
  app.get(
    '/v1/submissions/:id',
    {
      schema: {
        tags: submissionTags,
        summary: 'One submission with its reports',
        params: IdParams,
        response: { 200: Submission, ...errors },
      },
    },
    (request) => getSubmission(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/submissions/reports/:id',
    {
      schema: {
        tags: submissionTags,
        summary: 'One submission report: status, findings, deadline, the receiver’s answer',
        params: IdParams,
        response: { 200: SubmissionReport, ...errors },
      },
    },
    (request) => getSubmissionReport(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/submissions/reports/:id/history',
    {
      schema: {
        tags: submissionTags,
        summary: 'The receiver statuses a submission report took, oldest first: when, why, by whom',
        params: IdParams,
        response: { 200: Type.Array(SubmissionReportStatusChange), ...errors },
      },
    },
    (request) => getStatusHistory(db, request.actor, request.params.id),
  );
  app.put(
    '/v1/submissions/reports/:id/receiver-status',
    {
      schema: {
        tags: submissionTags,
        summary: 'Set the receiver status by hand (FAILED, IN_REVIEW, REJECTED, NOT_SENT), saying why',
        params: IdParams,
        body: ReceiverStatusBody,
        response: { 200: SubmissionReport, 409: ApiError, ...errors },
      },
    },
    (request) => setReceiverStatus(db, request.actor, request.params.id, request.body, request.id),
  );
  app.post(
    '/v1/submissions/reports/:id/resend',
    {
      schema: {
        tags: submissionTags,
        summary: 'Send a FAILED message again: the same message id and bytes, to the same receiver',
        description:
          'Decision 0327. Queues a durable delivery job with a new round of the receiver’s attempts (`deliveryAttempts`) and answers 202 with the report, NOT_SENT and queued. Audited. 409 when the message is not FAILED (a second click finds it already queued), is invalid, waits for an approval, is being sent, or the receiver has no transport. With an Idempotency-Key a retry answers the first answer again. Delivery is at least once: receivers de-duplicate by message id.',
        headers: IdempotencyHeaders,
        params: IdParams,
        response: { 202: SubmissionReport, 409: ApiError, 422: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await resendSubmissionReport(app.deps, request.actor, request.params.id, {
        requestId: request.id,
        idempotencyKey: request.headers['idempotency-key'],
        hash: requestHash('POST', `/v1/submissions/reports/${request.params.id}/resend`, null),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.put(
    '/v1/submissions/reports/:id/manually-processed-reason',
    {
      schema: {
        tags: submissionTags,
        summary: 'Record why the report was handled outside Vigilo',
        params: IdParams,
        body: ManuallyProcessedBody,
        response: { 200: SubmissionReport, ...errors },
      },
    },
    (request) => setManuallyProcessed(db, request.actor, request.params.id, request.body, request.id),
  );
  app.get(
    '/v1/reports/anonymised/:submissionReportId',
    {
      schema: {
        tags: submissionTags,
        summary: 'Exactly what a receiver was sent: the case as written (masked where it asks) and the XML',
        params: Type.Object({ submissionReportId: Type.String({ format: 'uuid' }) }),
        response: { 200: SentReport, ...errors },
      },
    },
    (request) => sentReport(db, request.actor, request.params.submissionReportId),
  );
  app.get(
    '/v1/users/@me/submission-report-summary',
    {
      schema: {
        tags: submissionTags,
        summary:
          "Submission reports of the caller's organisations: counts by status, overdue, due within 3 days",
        response: { 200: SubmissionReportSummary, ...errors },
      },
    },
    (request) => summaryForMe(db, request.actor),
  );
  app.put(
    '/v1/submissions/reports/:id/review',
    {
      schema: {
        tags: submissionTags,
        summary: 'Approve or reject a submission report, signed with your password or an authenticator code',
        description:
          'An electronic signature (21 CFR 11.50): the record shows the signer’s name, the time (UTC) and the meaning ("approved for submission"). A wrong password or code signs nothing and is audited. An approval of a message with errors is refused with 409 MESSAGE_INVALID, its findings in `meta.messages` (decision 0244).',
        params: IdParams,
        body: ReviewBody,
        response: { 200: SubmissionReport, 409: ApiError, 429: ApiError, ...errors },
      },
    },
    (request) =>
      signSubmissionReview(app.deps, request.actor, request.params.id, request.body, {
        requestId: request.id,
        ip: request.ip,
        host: request.headers.host,
      }),
  );
  app.get(
    '/v1/submissions/reports/:id/review',
    {
      schema: {
        tags: submissionTags,
        summary: 'The review of a submission report and its signature',
        params: IdParams,
        response: { 200: Review, ...errors },
      },
    },
    (request) => getReview(app.deps, request.actor, request.params.id),
  );
  app.post(
    '/v1/submissions/responses',
    {
      config: { auth: 'user-or-key' },
      bodyLimit: 2 * config.e2bMaxBytes + 1024,
      schema: {
        tags: submissionTags,
        summary:
          "A receiver's acknowledgement (ICH XML): matched by message id, kept and flagged when it matches nothing or cannot be read",
        body: ResponseBody,
        response: { 201: SubmissionResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordResponse(app.deps, request.actor, request.body, request.id)),
  );
  // Bytes of any type, read whole up to the limit: an AS2 message is CMS (binary) or MIME.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 2 * config.e2bMaxBytes + 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/v1/organisation/:id/receivers/:receiverId/as2',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary:
            "A receiver's AS2 gateway sends its acknowledgements here (signed, and encrypted for our certificate)",
          description:
            'Decision 0196. No token: the message is authenticated by the partner’s signature (its pinned certificate). An E2B acknowledgement is processed as POST /v1/submissions/responses is; anything else is kept and flagged. Answers a signed MDN when Disposition-Notification-To asks for one (on the connection, or later to Receipt-Delivery-Option), else 200 with no body. The same Message-ID from the same receiver is processed once.',
          params: ReceiverParams,
          produces: ['multipart/signed'],
          response: {
            200: Type.Unknown({
              description: 'A signed MDN (multipart/signed over multipart/report), or nothing',
            }),
            413: ApiError,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const params = request.params as { id: string; receiverId: string };
        const answer = await receiveAs2(app.deps, params, request.headers, body, request.id);
        reply.status(answer.status).headers(answer.headers);
        return reply.send(answer.body ?? '');
      },
    );
  });
  app.get(
    '/v1/submissions/responses',
    {
      schema: {
        tags: submissionTags,
        summary:
          'Acknowledgements kept, newest first; `matched=false` or `malformed=true` lists the flagged ones',
        querystring: SubmissionResponseQuery,
        response: { 200: Page(StoredSubmissionResponse), ...errors },
      },
    },
    (request) => listResponses(db, request.actor, request.query),
  );
  app.get(
    '/v1/submissions/responses/:id',
    {
      schema: {
        tags: submissionTags,
        summary: 'One kept acknowledgement, with its XML as it was posted',
        params: IdParams,
        response: { 200: StoredSubmissionResponseDetail, ...errors },
      },
    },
    (request) => getResponse(db, request.actor, request.params.id),
  );
}
