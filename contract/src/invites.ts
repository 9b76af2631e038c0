import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';
import { passwordRules } from './passwords.ts';

/** Roles an organisation invite may give (platform-wide roles are never given by invite). */
export const InviteRole = Type.Union([
  Type.Literal('reporter'),
  Type.Literal('organisation_staff'),
  Type.Literal('organisation_admin'),
  Type.Literal('assessor'),
]);

export const InviteStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('expired'),
  /** Withdrawn by an administrator, or settled when the address joined by another invite. */
  Type.Literal('revoked'),
]);

/** `/v1/organisation/{id}/invites/{inviteId}`: one invite of an organisation. */
export const InviteParams = Type.Object({ id: Id, inviteId: Id });

/** An invitation to join an organisation, as administrators see it. The token is never shown. */
export const OrganisationInvite = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Id,
  organisationName: Type.String(),
  email: Type.String(),
  role: InviteRole,
  status: InviteStatus,
  expiresAt: Timestamp,
  createdAt: Timestamp,
  acceptedAt: Type.Union([Timestamp, Type.Null()]),
});
export type OrganisationInvite = Static<typeof OrganisationInvite>;

const inviteFields = {
  email: Type.String({ format: 'email', minLength: 3, maxLength: 320 }),
  role: InviteRole,
  firstName: Type.Optional(Type.String({ maxLength: 100 })),
  lastName: Type.Optional(Type.String({ maxLength: 100 })),
};

/** One invitation's fields. */
export const InviteCreate = Type.Object(inviteFields, { additionalProperties: false });
export type InviteCreate = Static<typeof InviteCreate>;

/**
 * POST /v1/organisation/{id}/invite: the contract's body is `{invite: {...}}`; the flat
 * form `{email, role, ...}` is accepted too (the web app sends it).
 */
export const InviteCreateBody = Type.Union([
  InviteCreate,
  Type.Object({ invite: InviteCreate }, { additionalProperties: false }),
]);
export type InviteCreateBody = Static<typeof InviteCreateBody>;

/** POST /v1/organisation-invite: like the above; the organisation defaults to the session's. */
export const OrganisationInviteCreate = Type.Object(
  { ...inviteFields, organisationId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type OrganisationInviteCreate = Static<typeof OrganisationInviteCreate>;

/** GET /v1/organisation-invite?token=: what the public accept page shows. */
export const InviteTokenQuery = Type.Object(
  { token: Type.String({ minLength: 10, maxLength: 200 }) },
  { additionalProperties: false },
);
export const InvitePreview = Type.Object({
  organisationName: Type.String(),
  platformName: Type.String(),
  email: Type.String(),
  role: InviteRole,
  expiresAt: Timestamp,
  /** True when the email already has an account on the platform: sign in, then join. */
  accountExists: Type.Boolean(),
});
export type InvitePreview = Static<typeof InvitePreview>;

/** POST /v1/organisation-invite/accept: creates the account and signs it in. */
export const InviteAccept = Type.Object(
  {
    token: Type.String({ minLength: 10, maxLength: 200 }),
    password: Type.String({ minLength: passwordRules.minLength, maxLength: passwordRules.maxLength }),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type InviteAccept = Static<typeof InviteAccept>;

/** POST /v1/organisation-invite/join: a signed-in account takes an invite to its own email. */
export const InviteJoin = Type.Object(
  { token: Type.String({ minLength: 10, maxLength: 200 }) },
  { additionalProperties: false },
);
export type InviteJoin = Static<typeof InviteJoin>;

export const InviteListQuery = Type.Object(
  { status: Type.Optional(InviteStatus) },
  { additionalProperties: false },
);
export type InviteListQuery = Static<typeof InviteListQuery>;
