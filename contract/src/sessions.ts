import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';

/**
 * One signed-in session of the caller (a refresh-token family): where and with what it was
 * used, and whether it is the one making the request (decision 0036).
 */
export const ActiveSession = Type.Object({
  id: Id,
  /** The browser or app, as its User-Agent said; null when it said nothing. */
  userAgent: Type.Union([Type.String(), Type.Null()]),
  /** The address the session was last renewed from. */
  ip: Type.Union([Type.String(), Type.Null()]),
  /** When it signed in. */
  createdAt: Timestamp,
  /** When it last renewed its access (at most the access token's lifetime ago while in use). */
  lastUsedAt: Timestamp,
  current: Type.Boolean(),
});
export type ActiveSession = Static<typeof ActiveSession>;

export const SessionParams = Type.Object({ id: Id });

/** GET and POST /v1/users/@me/mfa-recovery-codes: how many unused codes are left. */
export const RecoveryCodesStatus = Type.Object({
  remaining: Type.Integer({ minimum: 0 }),
  /** When the current set was made; null when there is none. */
  createdAt: Type.Union([Timestamp, Type.Null()]),
});
export type RecoveryCodesStatus = Static<typeof RecoveryCodesStatus>;

/** A new set of recovery codes: shown this once, never again. */
export const RecoveryCodes = Type.Object({
  ...RecoveryCodesStatus.properties,
  codes: Type.Array(Type.String()),
});
export type RecoveryCodes = Static<typeof RecoveryCodes>;

/** POST /v1/users/@me/mfa-recovery-codes: a new set (the old codes stop working). */
export const RecoveryCodesCreateBody = Type.Object(
  {
    /** Needed unless this session proved who it is in the last few minutes. */
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type RecoveryCodesCreateBody = Static<typeof RecoveryCodesCreateBody>;

/** POST /v1/login/recovery (bearer = the sessionId of the login answer): a recovery code instead of a factor's code. */
export const LoginRecoveryBody = Type.Object(
  {
    sessionId: Type.Optional(Type.String({ maxLength: 2048 })),
    code: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'a recovery code; spaces and dashes are ignored',
    }),
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type LoginRecoveryBody = Static<typeof LoginRecoveryBody>;
