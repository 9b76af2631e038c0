import { type Static, Type } from 'typebox';
import { Id, Timestamp, UserRef } from './common.ts';

/** The built-in roles. What each may do is the server's permission table. */
export const roleNames = [
  'reporter',
  'organisation_staff',
  'organisation_admin',
  'assessor',
  'platform_admin',
  'system_admin',
] as const;
export const RoleName = Type.Union([
  Type.Literal('reporter'),
  Type.Literal('organisation_staff'),
  Type.Literal('organisation_admin'),
  Type.Literal('assessor'),
  Type.Literal('platform_admin'),
  Type.Literal('system_admin'),
]);
export type RoleName = (typeof roleNames)[number];

/** One role a user holds: in an organisation, or platform-wide when organisationId is null. */
export const Membership = Type.Object({
  role: RoleName,
  organisationId: Type.Union([Id, Type.Null()]),
  organisationName: Type.Union([Type.String(), Type.Null()]),
});
export type Membership = Static<typeof Membership>;

export const User = Type.Object({
  id: Id,
  platformId: Id,
  platformName: Type.String(),
  email: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  language: Type.String(),
  accountType: Type.String(),
  deactivated: Type.Boolean(),
  /** The organisation the caller's session works in (only on the caller's own record). */
  organisationId: Type.Union([Id, Type.Null()]),
  memberships: Type.Array(Membership),
  createdAt: Timestamp,
});
export type User = Static<typeof User>;

export const UserParams = Type.Object({ id: UserRef });
export const UserQuery = Type.Object({ includeReporting: Type.Optional(Type.Boolean()) });
