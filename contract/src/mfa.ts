import { type Static, Type } from 'typebox';
import { Session } from './auth.ts';
import { Id, Timestamp } from './common.ts';
import { MfaMethodName } from './platforms.ts';

/** The second factors Vigilo knows (MfaMethodName); a platform lists those its users may set up. */
export const mfaMethodNames = ['totp', 'sms'] as const;
export type MfaMethodKind = (typeof mfaMethodNames)[number];

const Code = Type.String({
  minLength: 1,
  maxLength: 20,
  description: 'the 6-digit code; spaces are ignored',
});
/** An international phone number; spaces, dashes and brackets are ignored ("+44 7700 900123"). */
const PhoneNumber = Type.String({ minLength: 4, maxLength: 32 });
const Password = Type.String({ minLength: 1, maxLength: 1024 });
/**
 * The phone number sent with a code. The contract lists it as required even for
 * authenticator-app codes, so an empty string or null means "none".
 */
const CodePhoneNumber = Type.Union([PhoneNumber, Type.Literal(''), Type.Null()]);

/** A second factor of the caller (GET /v1/users/@me/mfa-methods). Secrets are never shown. */
export const MfaMethod = Type.Object({
  factorSid: Id,
  method: MfaMethodName,
  /** The SMS number; null for TOTP. */
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  rememberDevice: Type.Boolean(),
  verified: Type.Boolean(),
  createdAt: Timestamp,
  /** Only right after a verification asked to remember this device: send it back as `deviceToken` at login. */
  deviceToken: Type.Optional(Type.String()),
  /** Only when this verification turned on the account's first factor: ten recovery codes, shown once. */
  recoveryCodes: Type.Optional(Type.Array(Type.String())),
});
export type MfaMethod = Static<typeof MfaMethod>;

/** POST /v1/login/verify (bearer = sessionId). */
export const LoginVerifyBody = Type.Object(
  {
    sessionId: Type.Optional(Type.String({ maxLength: 2048 })),
    code: Code,
    method: Type.Optional(MfaMethodName),
    phoneNumber: Type.Optional(CodePhoneNumber),
    organisationId: Type.Optional(Id),
    /** Skip the second factor on this device for 30 days: the answer then carries `deviceToken`. */
    rememberDevice: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LoginVerifyBody = Static<typeof LoginVerifyBody>;

/** The session of a completed MFA sign-in, with the remember-device token when one was asked for. */
export const MfaSession = Type.Object({
  ...Session.properties,
  deviceToken: Type.Optional(Type.String()),
});
export type MfaSession = Static<typeof MfaSession>;

/** POST /v1/verify/initiate: send a code by text message (to the MFA sign-in's number, or one of the caller's). */
export const VerifyInitiateBody = Type.Object(
  {
    method: Type.Optional(Type.Literal('sms')),
    phoneNumber: Type.Optional(PhoneNumber),
  },
  { additionalProperties: false },
);
export type VerifyInitiateBody = Static<typeof VerifyInitiateBody>;

/** POST /v1/verify: checks a code of the signed-in caller (step-up). */
export const VerifyBody = Type.Object(
  {
    code: Code,
    method: Type.Optional(MfaMethodName),
    phoneNumber: Type.Optional(CodePhoneNumber),
  },
  { additionalProperties: false },
);
export type VerifyBody = Static<typeof VerifyBody>;

export const VerifyResult = Type.Object({
  verified: Type.Literal(true),
  method: MfaMethodName,
  factorSid: Id,
  verifiedAt: Timestamp,
});
export type VerifyResult = Static<typeof VerifyResult>;

/** POST /v1/setup/totp: adding a factor needs the current password. */
/**
 * POST /v1/setup/totp: the contract sends no body. `currentPassword` is needed only when the
 * session's sign-in (or step-up) is older than RECENT_AUTH_WINDOW.
 */
export const TotpSetupBody = Type.Object(
  { currentPassword: Type.Optional(Password) },
  { additionalProperties: false },
);
export type TotpSetupBody = Static<typeof TotpSetupBody>;

/** The pending TOTP factor: the secret is shown this once, for the authenticator app. */
export const TotpSetup = Type.Object({
  factorSid: Id,
  secret: Type.String(),
  /** otpauth://totp/… URI */
  uri: Type.String(),
  /** The URI as a QR code, a data: URL of a PNG image. */
  qrCode: Type.String(),
});
export type TotpSetup = Static<typeof TotpSetup>;

/** POST /v1/setup/totp/verify: the first code from the app turns the factor on. */
export const TotpVerifyBody = Type.Object(
  {
    factorSid: Id,
    code: Code,
    rememberDevice: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TotpVerifyBody = Static<typeof TotpVerifyBody>;

/** POST /v1/users/@me/mfa-methods: start adding a factor (SMS: a code is sent to phoneNumber). */
export const MfaMethodCreateBody = Type.Object(
  {
    method: MfaMethodName,
    phoneNumber: Type.Optional(PhoneNumber),
    /** Needed only when the session's sign-in (or step-up) is not recent. */
    currentPassword: Type.Optional(Password),
  },
  { additionalProperties: false },
);
export type MfaMethodCreateBody = Static<typeof MfaMethodCreateBody>;

/** PUT /v1/users/@me/mfa-methods: confirm a pending factor with its code. */
export const MfaMethodVerifyBody = Type.Object(
  {
    factorSid: Id,
    code: Code,
    method: Type.Optional(MfaMethodName),
    phoneNumber: Type.Optional(PhoneNumber),
    rememberDevice: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MfaMethodVerifyBody = Static<typeof MfaMethodVerifyBody>;

/** DELETE /v1/users/@me/mfa-methods?factorSid=…&method=…: the body carries the current password. */
export const MfaMethodDeleteQuery = Type.Object({
  factorSid: Id,
  method: Type.Optional(MfaMethodName),
});
export type MfaMethodDeleteQuery = Static<typeof MfaMethodDeleteQuery>;
export const MfaMethodDeleteBody = Type.Object(
  { currentPassword: Password },
  { additionalProperties: false },
);
export type MfaMethodDeleteBody = Static<typeof MfaMethodDeleteBody>;

/** GET /v1/platforms/{id}/mfa-methods: the factors the platform lets its users set up. */
export const PlatformMfaMethods = Type.Object({
  platformId: Id,
  methods: Type.Array(MfaMethodName),
});
export type PlatformMfaMethods = Static<typeof PlatformMfaMethods>;

/** POST /v1/verify/access-token: a one-time token from an emailed link. */
export const AccessTokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type AccessTokenBody = Static<typeof AccessTokenBody>;
