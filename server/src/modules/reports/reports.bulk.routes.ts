import { ApiError, BulkAssignBody, BulkCaseResult, BulkStatusBody } from '@vigilo/contract';
import type { AppInstance } from '../../platform/app-types.ts';
import { bulkAssign, bulkChangeStatus } from './reports.bulk.service.ts';

const tags = ['Case management'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError };

/** The worklist's bulk bar (decision 0286): one change for each chosen case, answered per case. */
export function bulkRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.post(
    '/v1/reports/bulk/status',
    {
      schema: {
        tags,
        summary:
          'Move each chosen case along its lifecycle (up to 100), saying per case what was refused and why',
        description:
          "Each case is moved as PUT /v1/reports/{id}/status would move it, in its own transaction: a refusal (409 INVALID_TRANSITION, 403, a missing reason, 404 for a case you cannot see) is that case's `error`, and the others go on. A case already in the status is `unchanged`. 403 when you work on no organisation's cases.",
        body: BulkStatusBody,
        response: { 200: BulkCaseResult, ...errors },
      },
    },
    (request) => bulkChangeStatus(db, request.actor, request.body, request.id),
  );
  app.post(
    '/v1/reports/bulk/assign',
    {
      schema: {
        tags,
        summary:
          'Give each chosen case to one caseworker (yourself by default), saying per case what was refused',
        description:
          "Each case is assigned as POST /v1/report/{id}/assign would, in its own transaction; a case the person already holds is `unchanged`. 403 when you may assign no organisation's cases.",
        body: BulkAssignBody,
        response: { 200: BulkCaseResult, ...errors },
      },
    },
    (request) => bulkAssign(db, request.actor, request.body, request.id),
  );
}
