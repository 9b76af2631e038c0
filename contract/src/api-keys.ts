import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';

/** An API key as lists show it: never the secret, only the first characters to recognise it. */
const apiKeyFields = {
  id: Id,
  name: Type.String(),
  organisationId: Id,
  applicationId: Id,
  applicationName: Type.String(),
  submissionServiceUser: Type.Boolean(),
  /** `vk_<id>_` plus the first four characters of the secret. */
  prefix: Type.String(),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
};
export const ApiKey = Type.Object(apiKeyFields);
export type ApiKey = Static<typeof ApiKey>;

/** The answer of POST /v1/api-keys: the key itself, shown this once and never again. */
export const CreatedApiKey = Type.Object({ ...apiKeyFields, key: Type.String() });
export type CreatedApiKey = Static<typeof CreatedApiKey>;

/** POST /v1/api-keys. applicationId defaults to the organisation's default application. */
export const ApiKeyCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    applicationId: Type.Optional(Id),
    /** Without applicationId: whose default application gets the key (the session's organisation by default). */
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

/** GET /v1/api-keys. Keys of submission-service applications are left out unless asked for. */
export const ApiKeysQuery = Type.Object({
  includeSubmissionServiceUsers: Type.Boolean({ default: false }),
  organisationId: Type.Optional(Id),
});
