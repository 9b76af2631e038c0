import { type Static, Type } from 'typebox';
import type { FieldReason } from './values.ts';

/**
 * The one error shape of the API (spec §8, E-5): every non-2xx answer has it.
 * `code` is a stable string from the catalogue below; `meta` carries details such as
 * the failing fields of a validation error.
 */
export const ApiError = Type.Object(
  {
    code: Type.String(),
    statusCode: Type.Integer(),
    message: Type.String(),
    error: Type.String(),
    meta: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'ApiError' },
);
export type ApiError = Static<typeof ApiError>;

/** The catalogue of error codes with the HTTP status each one answers with. */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  /** The right password at the general sign-in for an assessor-only account (decision 0034). */
  ASSESSOR_SIGN_IN_REQUIRED: 403,
  /** The right password at the assessor sign-in for an account that is not an assessor's. */
  STANDARD_SIGN_IN_REQUIRED: 403,
  /** The right password of an account request that administrators have not decided yet. */
  ACCOUNT_PENDING_APPROVAL: 403,
  REFRESH_TOKEN_INVALID: 401,
  MFA_SESSION_INVALID: 401,
  REAUTHENTICATION_REQUIRED: 401,
  TOKEN_EXPIRED: 403,
  TOKEN_INVALID: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  INVALID_TRANSITION: 409,
  /**
   * The case's E2B(R3) message for the receiver chosen has errors (decision 0244): marking it
   * ready to submit, approving it, distributing it wait until they are fixed; `meta.messages`
   * names each receiver with its findings (sentence and form field).
   */
  MESSAGE_INVALID: 409,
  /**
   * A case moved to "submitted" by hand while its message waits for an assessor's signed
   * approval: the approved message, once sent, makes the case submitted (decision 0251).
   */
  AWAITING_APPROVAL: 409,
  /**
   * An acknowledgement recorded on a case names no message of that case (decision 0252): keep it
   * unmatched on "Acknowledgements received", or send it again with `confirm: true`;
   * `meta.messageIds` lists the messages it names.
   */
  ACK_OTHER_MESSAGE: 409,
  INVITE_USED: 409,
  /** A case's assignment link already used by someone (decision 0102). */
  ASSIGNMENT_TOKEN_USED: 409,
  /** A case's assignment link past its expiry. */
  ASSIGNMENT_TOKEN_EXPIRED: 410,
  INVITE_EXPIRED: 410,
  INVITE_REVOKED: 410,
  ACCESS_TOKEN_INVALID: 401,
  RESET_TOKEN_INVALID: 400,
  EMAIL_LINK_INVALID: 400,
  SSO_STATE_INVALID: 400,
  SSO_LOGIN_FAILED: 400,
  SSO_ACCOUNT_NOT_FOUND: 401,
  SSO_EMAIL_NOT_ALLOWED: 401,
  SSO_CODE_INVALID: 401,
  SSO_DISCOVERY_FAILED: 422,
  SSO_ACCOUNT_NOT_ALLOWED: 401,
  SSO_IDENTITY_IN_USE: 409,
  /** A sealed secret (TOTP seed, SSO client secret) no key of SECRETS_KEYS opens, or altered (decision 0057). */
  STORED_SECRET_UNREADABLE: 409,
  /** An Idempotency-Key sent again with a different request (decision 0076). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A file whose content (magic bytes) is not a type its folder accepts (decision 0072). */
  FILE_TYPE_NOT_ALLOWED: 415,
  /** A signed storage or download URL that was altered, or signed with a key no longer held. */
  SIGNED_URL_INVALID: 403,
  /** A signed storage or download URL past its expiry. */
  SIGNED_URL_EXPIRED: 403,
  /** A bulk download whose files add up to more than STORAGE_ZIP_MAX_BYTES (decision 0091). */
  ZIP_TOO_LARGE: 413,
  /** E2B(R3) XML refused before it is read (decision 0045): larger than the limit (E2B_MAX_BYTES). */
  XML_TOO_LARGE: 400,
  /** E2B(R3) XML declaring a DOCTYPE or entities (XXE, entity expansion): E2B never does. */
  XML_DOCTYPE_REFUSED: 400,
  /** Not well-formed XML (truncated, broken tags). */
  XML_MALFORMED: 400,
  /** Elements nested deeper than any E2B(R3) message. */
  XML_TOO_DEEP: 400,
  /** Well-formed XML, but not the expected E2B(R3) root element in the HL7 v3 namespace. */
  XML_WRONG_ROOT: 400,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  /**
   * The database answers but is busy (decision 0336): every connection in use, or a statement
   * over the time limit; `meta.reason` is 'connections' or 'statementTimeout', `Retry-After` says when.
   */
  BUSY: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

export { type FieldReason, fieldReasons } from './values.ts';

/** One failing field of a VALIDATION_FAILED (or CONFLICT) error (`meta.fields`). */
export interface FieldError {
  /** JSON pointer-ish location, e.g. `body/email` or `query/page`. */
  field: string;
  message: string;
  /** Why, as a word from `fieldReasons`; absent means 'invalid'. */
  reason?: FieldReason;
  limit?: number;
}
