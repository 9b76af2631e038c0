import { type Static, Type } from 'typebox';
import { Id, Page, PageNumber, PageSize, Timestamp } from './common.ts';
import { ChangeRequestStatus } from './users.ts';

/**
 * A change request: a user's requested change to their profile (email, username), to
 * their memberships (joining an organisation), or a new account (self-registration),
 * awaiting an organisation administrator's approval.
 */
export const ChangeRequestKind = Type.Union([
  Type.Literal('profile'),
  Type.Literal('membership'),
  Type.Literal('account'),
]);
export type ChangeRequestKind = Static<typeof ChangeRequestKind>;

export const ChangeRequest = Type.Object({
  id: Id,
  kind: ChangeRequestKind,
  status: ChangeRequestStatus,
  platformId: Id,
  organisationId: Id,
  organisationName: Type.String(),
  /** The user the change is for; null for an account request not yet approved. */
  userId: Type.Union([Id, Type.Null()]),
  /** Who the request is about, for the queue (the requested values for a new account). */
  userName: Type.String(),
  userEmail: Type.String(),
  /** Requested values by field (never a password). */
  changes: Type.Record(Type.String(), Type.Unknown()),
  message: Type.Union([Type.String(), Type.Null()]),
  rejectionMessage: Type.Union([Type.String(), Type.Null()]),
  decidedBy: Type.Union([Id, Type.Null()]),
  decidedAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
});
export type ChangeRequest = Static<typeof ChangeRequest>;

export const ChangeRequestPage = Page(ChangeRequest);
export type ChangeRequestPage = Static<typeof ChangeRequestPage>;

export const ChangeRequestQuery = Type.Object({
  page: PageNumber,
  size: PageSize,
  statuses: Type.Optional(Type.Array(ChangeRequestStatus, { maxItems: 3 })),
  kinds: Type.Optional(Type.Array(ChangeRequestKind, { maxItems: 3 })),
  organisationIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  userId: Type.Optional(Id),
});
export type ChangeRequestQuery = Static<typeof ChangeRequestQuery>;

/**
 * PUT …/approve and …/decline. organisationId and userId are the specification's
 * client's fields: when sent, they must name the request's organisation and user.
 */
export const ApproveChangeRequestBody = Type.Object(
  {
    organisationId: Type.Optional(Type.Union([Id, Type.Null()])),
    userId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ApproveChangeRequestBody = Static<typeof ApproveChangeRequestBody>;

export const DeclineChangeRequestBody = Type.Object(
  {
    rejectionMessage: Type.String({ minLength: 1, maxLength: 2000 }),
    organisationId: Type.Optional(Type.Union([Id, Type.Null()])),
    userId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type DeclineChangeRequestBody = Static<typeof DeclineChangeRequestBody>;

/** One line of a commit preview: a field, its value now, and its value after approval. */
export const ChangeDiff = Type.Object({
  field: Type.String(),
  old: Type.Unknown(),
  new: Type.Unknown(),
});

/** GET …/commit-preview: what approving would change. */
export const CommitPreview = Type.Object({
  id: Id,
  kind: ChangeRequestKind,
  status: ChangeRequestStatus,
  changes: Type.Array(ChangeDiff),
});
export type CommitPreview = Static<typeof CommitPreview>;
