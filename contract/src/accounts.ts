import { type Static, Type } from 'typebox';
import { Id } from './common.ts';
import { passwordRules } from './passwords.ts';
import { RoleName, WorkspaceSummary } from './users.ts';

/**
 * POST /v1/account/request: self-registration. The account exists only once an
 * administrator of the organisation approves the request (a change request of kind
 * `account`). The answer is the same whether or not the email is already known.
 */
export const AccountRequestBody = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 3, maxLength: 320 }),
    firstName: Type.String({ minLength: 1, maxLength: 200 }),
    lastName: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: passwordRules.minLength, maxLength: passwordRules.maxLength }),
    /** The organisation asked to join; its platform is the account's platform. */
    organisationId: Id,
    role: Type.Optional(Type.Union([Type.Literal('reporter'), Type.Literal('organisation_staff')])),
    language: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
    /** Why the person asks for an account, shown to the administrator. */
    message: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type AccountRequestBody = Static<typeof AccountRequestBody>;

export const AccountRequestReceipt = Type.Object({
  status: Type.Literal('pending'),
  message: Type.String(),
});
export type AccountRequestReceipt = Static<typeof AccountRequestReceipt>;

/**
 * GET /v1/account/request/organisations (public): the organisations of a platform that take
 * account requests, for the request form's picker. platformId, else the request's host.
 */
export const AccountRequestTargetsQuery = Type.Object(
  { platformId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type AccountRequestTargetsQuery = Static<typeof AccountRequestTargetsQuery>;

/** Only what the picker shows: nothing else about the organisation is public. */
export const AccountRequestTarget = Type.Object({ id: Id, name: Type.String() });
export type AccountRequestTarget = Static<typeof AccountRequestTarget>;

/** POST /v1/verify/email: the token of a link mailed to prove an address (decision 0025). */
export const EmailLinkBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type EmailLinkBody = Static<typeof EmailLinkBody>;

/** What the link did: the sign-in email changed, or the account request went to the administrators. */
export const EmailLinkResult = Type.Object({
  purpose: Type.Union([Type.Literal('email_change'), Type.Literal('account_request')]),
});
export type EmailLinkResult = Static<typeof EmailLinkResult>;

/** GET /v1/auth-context: who the session is and which organisation it works in. */
export const AuthContext = Type.Object({
  userId: Id,
  platformId: Id,
  platformName: Type.String(),
  organisationId: Type.Union([Id, Type.Null()]),
  organisationName: Type.Union([Type.String(), Type.Null()]),
  /** Roles that apply in this session: platform-wide ones and those of the organisation. */
  roles: Type.Array(RoleName),
  /** Every organisation the session may switch to. */
  organisations: Type.Array(WorkspaceSummary),
});
export type AuthContext = Static<typeof AuthContext>;

/** PUT /v1/auth-context: switch the session to another of the user's organisations. */
export const AuthContextBody = Type.Object(
  { platformId: Type.Optional(Id), organisationId: Id },
  { additionalProperties: false },
);
export type AuthContextBody = Static<typeof AuthContextBody>;

/**
 * The new context. The session itself switches (tokens already held act in the new
 * organisation); `token` is a fresh access token that names it, for clients that want one.
 */
export const AuthContextSwitch = Type.Object({
  ...AuthContext.properties,
  token: Type.String(),
});
export type AuthContextSwitch = Static<typeof AuthContextSwitch>;

/** POST /v1/workspace: a new organisation on the caller's platform, the caller its administrator. */
export const CreateWorkspaceBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 300 }),
    kind: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z_]+$' })),
    country: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z]{2}$' }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateWorkspaceBody = Static<typeof CreateWorkspaceBody>;

/** One built-in role and the permissions the policy tables give it (GET /v1/roles). */
export const Role = Type.Object({
  id: RoleName,
  name: RoleName,
  /** organisation: held per organisation; platform: held platform-wide. */
  scope: Type.Union([Type.Literal('organisation'), Type.Literal('platform')]),
  /** `area.action`, for example `users.deactivate`. */
  permissions: Type.Array(Type.String()),
  /** `area.action` that anyone may do to their own account whatever their role, e.g. `passwords.changeOwn`. */
  ownPermissions: Type.Array(Type.String()),
});
export type Role = Static<typeof Role>;

export const RoleList = Type.Array(Role);
