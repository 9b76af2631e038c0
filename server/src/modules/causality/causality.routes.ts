import {
  ApiError,
  CausalityAssessment,
  CausalityAssessmentBody,
  CausalityParams,
  CausalityWithdrawBody,
  IdempotencyHeaders,
  IdParams,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { requestHash } from '../../platform/idempotency.ts';
import { listCausality, recordCausality, withdrawCausality } from './causality.service.ts';

const tags = ['Cases'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

/** Causality per drug × reaction (decision 0270): assessors, staff and administrators; never API keys. */
export function causalityRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    '/v1/reports/:id/causality',
    {
      schema: {
        tags,
        summary: 'The causality assessments of a case, oldest first, withdrawn ones too',
        description:
          'Each with the G.k.9.i.2.r entry it wrote into the case document and whether that entry is in the current version (`inCase`: a later save of the case may have taken it out).',
        params: IdParams,
        response: { 200: Type.Array(CausalityAssessment), ...errors },
      },
    },
    (request) => listCausality(db, request.actor, request.params.id),
  );
  app.post(
    '/v1/reports/:id/causality',
    {
      schema: {
        tags,
        summary: 'Record a causality assessment (WHO-UMC or Naranjo) of one drug × reaction of a case',
        description:
          'Writes a new version of the case with one more G.k.9.i.2.r entry (source, method, result) for the drug (`drugId`, G.k) and reaction (`reactionId`, E.i). For Naranjo the ten answers are required; the score and category are computed by the server from the published weights. With an Idempotency-Key a retry answers the first answer again.',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: CausalityAssessmentBody,
        response: { 201: CausalityAssessment, 422: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await recordCausality(app.deps, request.actor, request.params.id, request.body, {
        requestId: request.id,
        idempotencyKey: request.headers['idempotency-key'],
        hash: requestHash('POST', `/v1/reports/${request.params.id}/causality`, request.body),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.post(
    '/v1/reports/:id/causality/:assessmentId/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw a causality assessment, saying why',
        description:
          'Its G.k.9.i.2.r entry leaves the case (a new version) when it is still there; the assessment stays listed, withdrawn, with who, when and why. Withdrawing it again changes nothing.',
        params: CausalityParams,
        body: CausalityWithdrawBody,
        response: { 200: CausalityAssessment, ...errors },
      },
    },
    (request) =>
      withdrawCausality(app.deps, request.actor, request.params.id, request.params.assessmentId, {
        reason: request.body.reason,
        requestId: request.id,
      }),
  );
}
