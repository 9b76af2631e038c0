import { type Static, Type } from 'typebox';
import { Id, PageOffset, PageSize, Timestamp } from './common.ts';

/** A user group: narrows what its staff see, by report type and by location. */
export const UserGroup = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Id,
  name: Type.String(),
  description: Type.String(),
  /** Report types its members see; empty = every type. */
  reportTypes: Type.Array(Type.String()),
  userCount: Type.Integer({ minimum: 0 }),
  locationCount: Type.Integer({ minimum: 0 }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Increments on every change: send it back as `If-Match: "<version>"` to refuse a stale write (412). */
  version: Type.Integer({ minimum: 1 }),
});
export type UserGroup = Static<typeof UserGroup>;

const groupFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ maxLength: 2000 }),
  reportTypes: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50, uniqueItems: true }),
};

/** POST /v1/user-groups: the organisation defaults to the session's. */
export const UserGroupCreate = Type.Object(
  {
    name: groupFields.name,
    description: Type.Optional(groupFields.description),
    reportTypes: Type.Optional(groupFields.reportTypes),
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type UserGroupCreate = Static<typeof UserGroupCreate>;

export const UserGroupUpdate = Type.Partial(Type.Object(groupFields), {
  additionalProperties: false,
  minProperties: 1,
});
export type UserGroupUpdate = Static<typeof UserGroupUpdate>;

/** GET /v1/user-groups/{id}/users and /locations. */
export const AssignmentQuery = Type.Object(
  {
    limit: PageSize,
    offset: PageOffset,
    query: Type.Optional(Type.String({ maxLength: 200 })),
    /** Also list the organisation's users (or locations) not in the group. */
    includeUnassigned: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type AssignmentQuery = Static<typeof AssignmentQuery>;

export const GroupUser = Type.Object({
  id: Id,
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  assigned: Type.Boolean(),
});
export type GroupUser = Static<typeof GroupUser>;

export const GroupLocation = Type.Object({
  id: Id,
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  assigned: Type.Boolean(),
});
export type GroupLocation = Static<typeof GroupLocation>;

/** PUT /v1/user-groups/{id}/users and /locations: ids to add and to remove. */
export const AssignmentChange = Type.Object(
  {
    assigned: Type.Array(Id, { maxItems: 1000, default: [] }),
    unassigned: Type.Array(Id, { maxItems: 1000, default: [] }),
  },
  { additionalProperties: false },
);
export type AssignmentChange = Static<typeof AssignmentChange>;

export const GroupPlatformParams = Type.Object({ platformId: Id });
export const GroupOrganisationParams = Type.Object({ organisationId: Id });
