import { type Static, Type } from 'typebox';
import { Id } from './common.ts';
import { MfaMethodName } from './platforms.ts';

const Secret = Type.String({ minLength: 1, maxLength: 1024 });

/** POST /v1/login and /v1/login/assessor (spec §3: email, username, password, platformId, organisationId). */
export const LoginBody = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    password: Secret,
    platformId: Type.Optional(Id),
    organisationId: Type.Optional(Id),
    /** A remember-device token from an earlier /v1/login/verify: skips the second factor while valid. */
    deviceToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** A signed-in session: the access token and the refresh token that renews it. */
export const Session = Type.Object({
  token: Type.String(),
  refreshToken: Type.String(),
  id: Id,
  platformId: Id,
  organisationId: Type.Union([Id, Type.Null()]),
  /**
   * When this session ends unless it is renewed (POST /v1/token before then): the refresh
   * token's idle expiry, capped by the absolute one. Clients warn before it (decision 0038).
   */
  expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** When it ends whatever happens (the absolute limit from sign-in): renewing cannot pass it. */
  endsAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type Session = Static<typeof Session>;

/** Answer of a login that needs a second factor: sessionId is a short-lived bearer for /v1/login/verify. */
export const MfaChallenge = Type.Object({
  requiresMfa: Type.Literal(true),
  sessionId: Type.String(),
  /** The kinds of second factor the account has, so the client can offer a choice. */
  methods: Type.Optional(Type.Array(MfaMethodName)),
});
export type MfaChallenge = Static<typeof MfaChallenge>;

export const LoginResponse = Type.Union([Session, MfaChallenge]);
export type LoginResponse = Static<typeof LoginResponse>;

/** POST /v1/token: refresh with rotation. */
export const TokenBody = Type.Object(
  {
    refreshToken: Secret,
    userId: Type.Optional(Type.Union([Id, Type.Null()])),
    platformId: Type.Optional(Type.Union([Id, Type.Null()])),
    organisationId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type TokenBody = Static<typeof TokenBody>;

export const TokenResponse = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Type.Union([Id, Type.Null()]),
  token: Type.String(),
  refreshToken: Type.String(),
  /**
   * When this session ends unless it is renewed (POST /v1/token before then): the refresh
   * token's idle expiry, capped by the absolute one. Clients warn before it (decision 0038).
   */
  expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** When it ends whatever happens (the absolute limit from sign-in): renewing cannot pass it. */
  endsAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** POST /v1/logout. The refresh token, when sent, is revoked too. */
export const LogoutBody = Type.Object(
  {
    pushInstanceId: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    refreshToken: Type.Optional(Secret),
  },
  { additionalProperties: false },
);
export type LogoutBody = Static<typeof LogoutBody>;
