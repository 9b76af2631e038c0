import { ApiError, IdParams, Receiver, ReceiverBody, ReceiverParams, ReceiverQuery } from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../app.ts';
import { createReceiver, listAllReceivers, removeReceiver, replaceReceiver } from './receivers.service.ts';

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
        summary: 'Replace a receiver’s settings; credentials left out are kept',
        params: ReceiverParams,
        body: ReceiverBody,
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
}
