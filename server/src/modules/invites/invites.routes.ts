import {
  ApiError,
  IdParams,
  InviteAccept,
  InviteCreateBody,
  InviteJoin,
  InviteListQuery,
  InviteParams,
  InvitePreview,
  InviteTokenQuery,
  OrganisationInvite,
  OrganisationInviteCreate,
  Session,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { AppError } from '../../platform/errors.ts';
import {
  acceptInvite,
  createInvite,
  joinInvite,
  listInvites,
  previewInvite,
  resendInvite,
  revokeInvite,
} from './invites.service.ts';

const tags = ['Invites'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 410: ApiError };
// Guessing tokens is the attack the public routes invite.
const publicLimit = { max: 30, timeWindow: '1 minute' };

export function inviteRoutes(app: AppInstance): void {
  const { deps } = app;
  app.post(
    '/v1/organisation/:id/invite',
    {
      schema: {
        tags,
        summary: 'Invite someone into the organisation by email',
        params: IdParams,
        body: InviteCreateBody,
        response: { 201: OrganisationInvite, ...errors },
      },
    },
    async (request, reply) => {
      const body = 'invite' in request.body ? request.body.invite : request.body;
      return reply
        .status(201)
        .send(await createInvite(deps, request.actor, request.params.id, body, request.id));
    },
  );
  app.get(
    '/v1/organisation/:id/invites',
    {
      schema: {
        tags,
        summary: "The organisation's invites, newest first (status: pending, accepted, expired, revoked)",
        params: IdParams,
        querystring: InviteListQuery,
        response: { 200: Type.Array(OrganisationInvite), ...errors },
      },
    },
    (request) => listInvites(deps.db, request.actor, request.params.id, request.query),
  );
  app.post(
    '/v1/organisation/:id/invites/:inviteId/resend',
    {
      schema: {
        tags,
        summary:
          'Send a pending or expired invite again: a new link, a new expiry; the old link stops working',
        params: InviteParams,
        response: { 200: OrganisationInvite, ...errors },
      },
    },
    (request) => resendInvite(deps, request.actor, request.params.id, request.params.inviteId, request.id),
  );
  app.delete(
    '/v1/organisation/:id/invites/:inviteId',
    {
      schema: {
        tags,
        summary: 'Revoke an invite that has not been accepted: its link stops working',
        params: InviteParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeInvite(deps, request.actor, request.params.id, request.params.inviteId, request.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/v1/organisation-invite',
    {
      schema: {
        tags,
        summary: "Invite someone (into the session's organisation unless organisationId is given)",
        body: OrganisationInviteCreate,
        response: { 201: OrganisationInvite, ...errors },
      },
    },
    async (request, reply) => {
      const { organisationId, ...invite } = request.body;
      const target = organisationId ?? request.actor.organisationId;
      if (!target)
        throw new AppError('VALIDATION_FAILED', 'Say which organisation to invite into', {
          fields: [
            { field: 'body/organisationId', message: 'is required when the session has no organisation' },
          ],
        });
      return reply.status(201).send(await createInvite(deps, request.actor, target, invite, request.id));
    },
  );
  app.get(
    '/v1/organisation-invite',
    {
      config: { auth: 'public', rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'What an invitation link is for (public; by its token)',
        querystring: InviteTokenQuery,
        response: { 200: InvitePreview, ...errors },
      },
    },
    (request) => previewInvite(deps.db, request.query.token),
  );
  app.post(
    '/v1/organisation-invite/accept',
    {
      config: { auth: 'public', rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Accept an invitation: create the account and sign in',
        body: InviteAccept,
        response: { 200: Session, ...errors },
      },
    },
    (request) => acceptInvite(deps, request.body, request.id),
  );
  app.post(
    '/v1/organisation-invite/join',
    {
      schema: {
        tags,
        summary: 'Accept an invitation with the signed-in account (same email, same platform)',
        body: InviteJoin,
        response: { 200: Session, ...errors },
      },
    },
    (request) => joinInvite(deps, request.actor, request.body.token, request.id),
  );
}
