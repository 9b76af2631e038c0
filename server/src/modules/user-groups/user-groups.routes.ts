import {
  ApiError,
  AssignmentChange,
  AssignmentQuery,
  GroupLocation,
  GroupOrganisationParams,
  GroupPlatformParams,
  GroupUser,
  IdParams,
  UserGroup,
  UserGroupCreate,
  UserGroupUpdate,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import {
  assign,
  changeGroup,
  createGroup,
  getGroup,
  groupsOfOrganisation,
  groupsOfPlatform,
  locationsOfGroup,
  removeGroup,
  usersOfGroup,
} from './user-groups.service.ts';

const tags = ['User groups'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

export function userGroupRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    '/v1/user-groups/platform/:platformId',
    {
      schema: {
        tags,
        summary: 'User groups of every organisation of a platform',
        params: GroupPlatformParams,
        response: { 200: Type.Array(UserGroup), ...errors },
      },
    },
    (request) => groupsOfPlatform(db, request.actor, request.params.platformId),
  );
  app.get(
    '/v1/user-groups/organisation/:organisationId',
    {
      schema: {
        tags,
        summary: 'User groups of an organisation',
        params: GroupOrganisationParams,
        response: { 200: Type.Array(UserGroup), ...errors },
      },
    },
    (request) => groupsOfOrganisation(db, request.actor, request.params.organisationId),
  );
  app.get(
    '/v1/user-groups/:id',
    {
      schema: { tags, summary: 'One user group', params: IdParams, response: { 200: UserGroup, ...errors } },
    },
    (request) => getGroup(db, request.actor, request.params.id),
  );
  app.post(
    '/v1/user-groups',
    {
      schema: {
        tags,
        summary: 'Create a user group',
        body: UserGroupCreate,
        response: { 201: UserGroup, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroup(db, request.actor, request.body, request.id)),
  );
  app.put(
    '/v1/user-groups/:id',
    {
      schema: {
        tags,
        summary: 'Change a user group',
        params: IdParams,
        body: UserGroupUpdate,
        response: { 200: UserGroup, ...errors },
      },
    },
    (request) =>
      changeGroup(db, request.actor, request.params.id, request.body, request.id, expectedVersion(request)),
  );
  app.delete(
    '/v1/user-groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user group',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeGroup(db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/user-groups/:id/users',
    {
      schema: {
        tags,
        summary: "The group's users (with includeUnassigned, every member of the organisation)",
        params: IdParams,
        querystring: AssignmentQuery,
        response: { 200: Type.Array(GroupUser), ...errors },
      },
    },
    (request) => usersOfGroup(db, request.actor, request.params.id, request.query),
  );
  app.put(
    '/v1/user-groups/:id/users',
    {
      schema: {
        tags,
        summary: 'Add and remove users',
        params: IdParams,
        body: AssignmentChange,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await assign(db, request.actor, request.params.id, 'users', request.body, request.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/user-groups/:id/locations',
    {
      schema: {
        tags,
        summary: "The group's locations (with includeUnassigned, every location of the organisation)",
        params: IdParams,
        querystring: AssignmentQuery,
        response: { 200: Type.Array(GroupLocation), ...errors },
      },
    },
    (request) => locationsOfGroup(db, request.actor, request.params.id, request.query),
  );
  app.put(
    '/v1/user-groups/:id/locations',
    {
      schema: {
        tags,
        summary: 'Add and remove locations',
        params: IdParams,
        body: AssignmentChange,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await assign(db, request.actor, request.params.id, 'locations', request.body, request.id);
      return reply.status(204).send(null);
    },
  );
}
