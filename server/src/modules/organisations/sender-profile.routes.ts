import { ApiError, IdParams, SenderProfile, SenderProfileBody } from '@vigilo/contract';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import { getSenderProfile, putSenderProfile } from './sender-profile.service.ts';

const tags = ['Organisations'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** The organisation's E2B(R3) sender profile (decision 0242). */
export function senderProfileRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    '/v1/organisation/:id/sender-profile',
    {
      schema: {
        tags,
        summary: "The organisation's E2B(R3) sender (C.3) and the sender identifier of its case ids",
        params: IdParams,
        response: { 200: SenderProfile, ...errors },
      },
    },
    (request) => getSenderProfile(db, request.actor, request.params.id),
  );
  app.put(
    '/v1/organisation/:id/sender-profile',
    {
      schema: {
        tags,
        summary: "Replace the organisation's E2B(R3) sender profile (a field left out is cleared)",
        params: IdParams,
        body: SenderProfileBody,
        response: { 200: SenderProfile, ...errors, 412: ApiError },
      },
    },
    (request) =>
      putSenderProfile(db, request.actor, request.params.id, request.body, {
        requestId: request.id,
        expectedVersion: expectedVersion(request),
      }),
  );
}
