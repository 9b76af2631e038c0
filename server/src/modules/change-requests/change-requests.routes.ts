import {
  ApiError,
  ApproveChangeRequestBody,
  ChangeRequest,
  ChangeRequestPage,
  ChangeRequestQuery,
  CommitPreview,
  DeclineChangeRequestBody,
  IdParams,
} from '@vigilo/contract';
import type { AppInstance } from '../../platform/app-types.ts';
import {
  approveChangeRequest,
  declineChangeRequest,
  getChangeRequest,
  listChangeRequests,
  previewChangeRequest,
} from './change-requests.service.ts';

const tags = ['Change requests'];
const errors = { 400: ApiError, 403: ApiError, 404: ApiError };

export function changeRequestRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    '/v1/change-requests',
    {
      schema: {
        tags,
        summary: 'The queue of change requests (pending first)',
        querystring: ChangeRequestQuery,
        response: { 200: ChangeRequestPage, ...errors },
      },
    },
    (request) => listChangeRequests(db, request.actor, request.query),
  );
  app.get(
    '/v1/change-requests/:id',
    {
      schema: {
        tags,
        summary: 'One change request',
        params: IdParams,
        response: { 200: ChangeRequest, ...errors },
      },
    },
    (request) => getChangeRequest(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/change-requests/:id/commit-preview',
    {
      schema: {
        tags,
        summary: 'What approving would change: field, old, new',
        params: IdParams,
        response: { 200: CommitPreview, ...errors },
      },
    },
    (request) => previewChangeRequest(db, request.actor, request.params.id),
  );
  app.put(
    '/v1/change-requests/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve: the change is applied',
        params: IdParams,
        body: ApproveChangeRequestBody,
        response: { 200: ChangeRequest, 409: ApiError, ...errors },
      },
    },
    (request) =>
      approveChangeRequest(app.deps, request.actor, request.params.id, request.body, {
        requestId: request.id,
      }),
  );
  app.put(
    '/v1/change-requests/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline with a message to the requester',
        params: IdParams,
        body: DeclineChangeRequestBody,
        response: { 200: ChangeRequest, 409: ApiError, ...errors },
      },
    },
    (request) =>
      declineChangeRequest(app.deps, request.actor, request.params.id, request.body, {
        requestId: request.id,
      }),
  );
}
