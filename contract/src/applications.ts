import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';

/** A named integration of an organisation; it owns API keys (decision 0016). */
export const Application = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Id,
  /** The application's name. */
  application: Type.String(),
  /** True when the application acts as a submission service user (pushes reports in). */
  submissionServiceUser: Type.Boolean(),
  /** The organisation's default application (new keys go to it when none is named). */
  isDefault: Type.Boolean(),
  /** Live (not revoked) keys. */
  activeKeys: Type.Integer({ minimum: 0 }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Increments on every change: send it back as `If-Match: "<version>"` to refuse a stale write (412). */
  version: Type.Integer({ minimum: 1 }),
});
export type Application = Static<typeof Application>;

const ApplicationName = Type.String({ minLength: 1, maxLength: 200 });

/** POST /v1/applications. organisationId defaults to the organisation the session works in. */
export const ApplicationCreateBody = Type.Object(
  {
    organisationId: Type.Optional(Id),
    application: ApplicationName,
    submissionServiceUser: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ApplicationCreateBody = Static<typeof ApplicationCreateBody>;

/** PUT /v1/applications/{id}. organisationId, when sent, must be the application's own (no moves). */
export const ApplicationUpdateBody = Type.Object(
  {
    organisationId: Type.Optional(Id),
    application: Type.Optional(ApplicationName),
    submissionServiceUser: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ApplicationUpdateBody = Static<typeof ApplicationUpdateBody>;

/** GET /v1/applications and GET /v1/applications/default. */
export const ApplicationsQuery = Type.Object({ organisationId: Type.Optional(Id) });

/** POST /v1/applications/default: makes application `id` the organisation's default. */
export const ApplicationDefaultBody = Type.Object(
  { organisationId: Type.Optional(Id), id: Id },
  { additionalProperties: false },
);
export type ApplicationDefaultBody = Static<typeof ApplicationDefaultBody>;
