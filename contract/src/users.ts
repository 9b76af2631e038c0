import { type Static, Type } from 'typebox';
import { Id, Page, PageNumber, PageSize, Timestamp, UserRef } from './common.ts';
import { passwordRules } from './passwords.ts';

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
/** DELETE /v1/users/{id}/memberships/{organisationId}: one organisation of a user. */
export const UserMembershipParams = Type.Object({ id: UserRef, organisationId: Id });
export const UserQuery = Type.Object({ includeReporting: Type.Optional(Type.Boolean()) });

/** A user's own settings; a free JSON object (notification choices and the like). */
export const Preferences = Type.Record(Type.String(), Type.Unknown());

/** GET /v1/users/{id} query, with `includeSettings` for the settings the account and admin pages show. */
export const UserDetailQuery = Type.Object({
  includeReporting: Type.Optional(Type.Boolean()),
  /** Adds phone, preferences, deletion request and change-request state (one more read). */
  includeSettings: Type.Optional(Type.Boolean()),
});

export const ChangeRequestStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('declined'),
]);
export type ChangeRequestStatus = Static<typeof ChangeRequestStatus>;
export const changeRequestStatuses = ['pending', 'approved', 'declined'] as const;

/** A user with the settings administrators and the account page see. */
export const UserDetail = Type.Object({
  ...User.properties,
  phone: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  preferences: Type.Optional(Preferences),
  /** Set when the user asked for their account to be deleted. */
  deletionRequestedAt: Type.Optional(Type.Union([Timestamp, Type.Null()])),
  /** Status of the user's latest change request, if any. */
  changeRequestStatus: Type.Optional(Type.Union([ChangeRequestStatus, Type.Null()])),
  /** User groups the user belongs to (they narrow what staff see). */
  groups: Type.Optional(Type.Array(Type.Object({ id: Id, name: Type.String(), organisationId: Id }))),
  /** A new sign-in email waiting for its owner to open the link mailed to it. */
  pendingEmail: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /**
   * Whether the caller may change this account as a whole (email, username, account type,
   * deactivation, deletion): false for an administrator of only some of its organisations,
   * who may change the user's roles there or remove them from it (decision 0025).
   */
  canManageAccount: Type.Optional(Type.Boolean()),
});
export type UserDetail = Static<typeof UserDetail>;

const Email = Type.String({ format: 'email', minLength: 3, maxLength: 320 });
const Username = Type.String({ minLength: 2, maxLength: 200, pattern: '^[A-Za-z0-9._@-]+$' });
const Name = Type.String({ maxLength: 200 });
const Language = Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' });
const Phone = Type.Union([Type.String({ pattern: '^\\+?[0-9 ()-]{4,30}$' }), Type.Null()]);
const AccountType = Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z_]+$' });

/** A role to hold: in an organisation, or platform-wide when organisationId is null. */
export const MembershipInput = Type.Object(
  { organisationId: Type.Union([Id, Type.Null()]), role: RoleName },
  { additionalProperties: false },
);
export type MembershipInput = Static<typeof MembershipInput>;

/** POST /v1/users: an administrator creates an account. */
export const CreateUserBody = Type.Object(
  {
    email: Email,
    username: Type.Optional(Type.Union([Username, Type.Null()])),
    firstName: Name,
    lastName: Name,
    language: Type.Optional(Language),
    phone: Type.Optional(Phone),
    accountType: Type.Optional(AccountType),
    /** Optional: without one the user sets a password through "forgot password". */
    password: Type.Optional(
      Type.String({ minLength: passwordRules.minLength, maxLength: passwordRules.maxLength }),
    ),
    memberships: Type.Array(MembershipInput, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/**
 * PUT /v1/users/{id}. Everyone may change their own names, language, phone and
 * preferences; a change of their own email or username becomes a change request.
 * `memberships` and `accountType` are administrators' fields: anyone else sending them
 * gets 400 VALIDATION_FAILED. Unknown fields (organisationId, roleIds, platformId) are 400.
 */
export const UpdateUserBody = Type.Object(
  {
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
    language: Type.Optional(Language),
    phone: Type.Optional(Phone),
    preferences: Type.Optional(Preferences),
    email: Type.Optional(Email),
    username: Type.Optional(Type.Union([Username, Type.Null()])),
    /** Ask to join an organisation of the platform (becomes a change request for its admins). */
    requestMembership: Type.Optional(
      Type.Object(
        {
          organisationId: Id,
          role: Type.Union([Type.Literal('reporter'), Type.Literal('organisation_staff')]),
        },
        { additionalProperties: false },
      ),
    ),
    /** Administrators only: the user's roles within the organisations the administrator manages. */
    memberships: Type.Optional(Type.Array(MembershipInput, { maxItems: 50 })),
    /** Administrators only. */
    accountType: Type.Optional(AccountType),
  },
  { additionalProperties: false },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

const IdList = Type.Array(Id, { maxItems: 100 });

/** GET /v1/users: search (spec §3). roleIds are role names (GET /v1/roles lists them). */
export const UserSearchQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  page: PageNumber,
  size: PageSize,
  organisationIds: Type.Optional(IdList),
  roleIds: Type.Optional(Type.Array(RoleName, { maxItems: 6 })),
  changeRequestStatuses: Type.Optional(Type.Array(ChangeRequestStatus, { maxItems: 3 })),
  includeDeactivated: Type.Boolean({ default: false }),
  includeOnlyDeletionRequests: Type.Boolean({ default: false }),
  accountTypes: Type.Optional(Type.Array(AccountType, { maxItems: 20 })),
});
export type UserSearchQuery = Static<typeof UserSearchQuery>;

export const UserPage = Page(UserDetail);
export type UserPage = Static<typeof UserPage>;

/** POST /v1/users/export: CSV of the users in scope (filters optional). */
export const UserExportBody = Type.Object(
  {
    roles: Type.Optional(Type.Array(RoleName, { maxItems: 6 })),
    organisationId: Type.Optional(Type.Union([Id, Type.Null()])),
    platformId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type UserExportBody = Static<typeof UserExportBody>;

/** PUT /v1/users/@me/push-token (O-8); null forgets the device. */
export const PushTokenBody = Type.Object(
  { pushToken: Type.Union([Type.String({ minLength: 1, maxLength: 4096 }), Type.Null()]) },
  { additionalProperties: false },
);

/** Something a user follows: its kind (report, case, product, news-feed…) and its id. */
export const FollowedItem = Type.Object({
  type: Type.String({ pattern: '^[a-z][a-z-]{0,39}$' }),
  id: Type.String({ minLength: 1, maxLength: 200 }),
});
export const FollowedItemRecord = Type.Object({ ...FollowedItem.properties, createdAt: Timestamp });
export type FollowedItemRecord = Static<typeof FollowedItemRecord>;

/** POST /v1/users/@me/edit-watchlist: items to follow and to stop following; answers the watchlist. */
export const EditWatchlistBody = Type.Object(
  {
    follow: Type.Optional(
      Type.Array(Type.Object(FollowedItem.properties, { additionalProperties: false }), { maxItems: 200 }),
    ),
    unfollow: Type.Optional(
      Type.Array(Type.Object(FollowedItem.properties, { additionalProperties: false }), { maxItems: 200 }),
    ),
  },
  { additionalProperties: false },
);
export type EditWatchlistBody = Static<typeof EditWatchlistBody>;

/** One organisation's settings for a user (notification choices and the like). */
export const OrganisationPreference = Type.Object({
  organisationId: Id,
  organisationName: Type.String(),
  preferences: Preferences,
  updatedAt: Type.Union([Timestamp, Type.Null()]),
});
export type OrganisationPreference = Static<typeof OrganisationPreference>;

/** PUT /v1/users/{id}/organisation-preferences: replaces the preferences of the organisations named. */
export const OrganisationPreferencesBody = Type.Object(
  {
    items: Type.Array(
      Type.Object({ organisationId: Id, preferences: Preferences }, { additionalProperties: false }),
      { maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type OrganisationPreferencesBody = Static<typeof OrganisationPreferencesBody>;

/** A `count` answer is a bare number (ENDPOINTS.md conventions). */
export const Count = Type.Integer({ minimum: 0 });

/** One organisation a user works in, with the roles held there. */
export const WorkspaceSummary = Type.Object({
  id: Id,
  name: Type.String(),
  kind: Type.String(),
  roles: Type.Array(RoleName),
});
export type WorkspaceSummary = Static<typeof WorkspaceSummary>;

/** GET /v1/users/@me/workspace: the organisation the session works in and the others open to the user. */
export const Workspace = Type.Object({
  platformId: Id,
  platformName: Type.String(),
  current: Type.Union([WorkspaceSummary, Type.Null()]),
  workspaces: Type.Array(WorkspaceSummary),
});
export type Workspace = Static<typeof Workspace>;

/** GET /v1/users/invited/{id}: the account behind an organisation invite. */
export const InvitedUser = Type.Object({
  inviteId: Id,
  email: Type.String(),
  organisationId: Id,
  organisationName: Type.String(),
  role: RoleName,
  status: Type.String(),
  /** The account the invite was accepted with (or that already had the email), if any. */
  user: Type.Union([UserDetail, Type.Null()]),
});
