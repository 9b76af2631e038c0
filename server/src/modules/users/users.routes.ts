import {
  ApiError,
  Count,
  CreateUserBody,
  EditWatchlistBody,
  FollowedItemRecord,
  IdParams,
  InvitedUser,
  OrganisationPreference,
  OrganisationPreferencesBody,
  PushTokenBody,
  ReasonBody,
  UpdateUserBody,
  UserDetail,
  UserDetailQuery,
  UserExportBody,
  UserMembershipParams,
  UserPage,
  UserParams,
  UserSearchQuery,
  Workspace,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { removeFromOrganisation } from './users.membership.ts';
import {
  countOrganisationPreferences,
  editWatchlist,
  getFollowing,
  getInvitedUser,
  getOrganisationPreferences,
  getWorkspace,
  putOrganisationPreferences,
  requestAccountDeletion,
  setPushToken,
  withdrawAccountDeletion,
} from './users.own.service.ts';
import {
  createUser,
  deleteUser,
  exportUsers,
  getUser,
  searchUsers,
  toggleDeactivate,
  updateUserAccount,
} from './users.service.ts';

const tags = ['Users'];
const errors = { 400: ApiError, 403: ApiError, 404: ApiError };
const Empty = Type.Null();

export function userRoutes(app: AppInstance): void {
  const { db } = app.deps;
  const ctx = (request: { id: string }) => ({ requestId: request.id });

  app.get(
    '/v1/users/:id',
    {
      schema: {
        tags,
        summary: 'One user; `@me` is the caller. `includeSettings` adds phone, preferences and requests',
        params: UserParams,
        querystring: UserDetailQuery,
        // One schema (no anyOf) keeps serialising @me cheap: User's fields are UserDetail's.
        response: { 200: UserDetail, 404: ApiError },
      },
    },
    (request) => getUser(db, request.actor, request.params.id, request.query),
  );
  app.get(
    '/v1/users',
    {
      schema: {
        tags,
        summary: 'Search the users an administrator manages',
        querystring: UserSearchQuery,
        response: { 200: UserPage, ...errors },
      },
    },
    (request) => searchUsers(db, request.actor, request.query),
  );
  app.post(
    '/v1/users',
    {
      schema: {
        tags,
        summary: 'Create an account with its roles (administrators)',
        body: CreateUserBody,
        response: { 201: UserDetail, 409: ApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(app.deps, request.actor, request.body, ctx(request))),
  );
  app.put(
    '/v1/users/:id',
    {
      schema: {
        tags,
        summary: 'Update a user; `@me` allowed. Own email/username changes become change requests',
        params: UserParams,
        body: UpdateUserBody,
        response: { 200: UserDetail, 409: ApiError, ...errors },
      },
    },
    (request) => updateUserAccount(app.deps, request.actor, request.params.id, request.body, ctx(request)),
  );
  app.put(
    '/v1/users/:id/toggle-deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate (ending every session; say why in `reason`) or reactivate a user',
        params: UserParams,
        body: ReasonBody,
        response: { 200: UserDetail, 409: ApiError, ...errors },
      },
    },
    (request) =>
      toggleDeactivate(app.deps, request.actor, request.params.id, request.body.reason, ctx(request)),
  );
  app.delete(
    '/v1/users/:id',
    {
      schema: {
        tags,
        summary: 'Permanent deletion: personal data removed; reports and audit kept (say why in `reason`)',
        params: UserParams,
        body: ReasonBody,
        response: { 204: Empty, 409: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      await deleteUser(app.deps, request.actor, request.params.id, request.body?.reason, ctx(request));
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/v1/users/:id/memberships/:organisationId',
    {
      schema: {
        tags,
        summary:
          'Remove a user from one organisation (roles, groups and preferences there); the account and its other organisations stay',
        params: UserMembershipParams,
        response: { 204: Empty, 409: ApiError, ...errors },
      },
    },
    async (request, reply) => {
      const { id, organisationId } = request.params;
      await removeFromOrganisation(app.deps, request.actor, id, organisationId, ctx(request));
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/v1/users/@me/request-account-deletion',
    { schema: { tags, summary: 'Ask for your account to be deleted', response: { 204: Empty, ...errors } } },
    async (request, reply) => {
      await requestAccountDeletion(db, request.actor, ctx(request));
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/v1/users/@me/request-account-deletion',
    {
      schema: {
        tags,
        summary: 'Withdraw your request for your account to be deleted',
        response: { 204: Empty, ...errors },
      },
    },
    async (request, reply) => {
      await withdrawAccountDeletion(db, request.actor, ctx(request));
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/users/@me/following',
    {
      schema: {
        tags,
        summary: 'What you follow',
        response: { 200: Type.Array(FollowedItemRecord), ...errors },
      },
    },
    (request) => getFollowing(db, request.actor),
  );
  app.post(
    '/v1/users/@me/edit-watchlist',
    {
      schema: {
        tags,
        summary: 'Follow and unfollow items; answers the watchlist',
        body: EditWatchlistBody,
        response: { 200: Type.Array(FollowedItemRecord), ...errors },
      },
    },
    (request) => editWatchlist(db, request.actor, request.body),
  );
  app.get(
    '/v1/users/@me/workspace',
    {
      schema: {
        tags,
        summary: 'Your current and other organisations',
        response: { 200: Workspace, ...errors },
      },
    },
    (request) => getWorkspace(db, request.actor),
  );
  app.put(
    '/v1/users/@me/push-token',
    {
      schema: {
        tags,
        summary: 'Set or clear your push token',
        body: PushTokenBody,
        response: { 204: Empty, ...errors },
      },
    },
    async (request, reply) => {
      await setPushToken(db, request.actor, request.body.pushToken);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/users/:id/organisation-preferences',
    {
      schema: {
        tags,
        summary: "A user's preferences per organisation",
        params: UserParams,
        response: { 200: Type.Array(OrganisationPreference), ...errors },
      },
    },
    (request) => getOrganisationPreferences(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/users/:id/organisation-preferences/count',
    {
      schema: {
        tags,
        summary: 'How many organisation preferences',
        params: UserParams,
        response: { 200: Count, ...errors },
      },
    },
    (request) => countOrganisationPreferences(db, request.actor, request.params.id),
  );
  app.put(
    '/v1/users/:id/organisation-preferences',
    {
      schema: {
        tags,
        summary: "Replace a user's preferences for the organisations named",
        params: UserParams,
        body: OrganisationPreferencesBody,
        response: { 200: Type.Array(OrganisationPreference), ...errors },
      },
    },
    (request) => putOrganisationPreferences(db, request.actor, request.params.id, request.body, ctx(request)),
  );
  app.post(
    '/v1/users/export',
    {
      schema: {
        tags,
        summary: 'The users in your scope as CSV (answered directly; decision 0011)',
        body: UserExportBody,
        produces: ['text/csv'],
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportUsers(db, request.actor, request.body);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get(
    '/v1/users/invited/:id',
    {
      schema: {
        tags,
        summary: 'The account behind an organisation invite',
        params: IdParams,
        response: { 200: InvitedUser, ...errors },
      },
    },
    (request) => getInvitedUser(app.deps, request.actor, request.params.id),
  );
}
