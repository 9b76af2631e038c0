import { type Static, Type } from 'typebox';
import { Id } from './common.ts';
import { passwordRules } from './values.ts';

export { passwordRules } from './values.ts';

const NewPassword = Type.String({ minLength: 1, maxLength: passwordRules.maxLength });

/** POST /v1/reset-password: always answers 204, whether or not the account exists. */
export const ResetPasswordBody = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    themeId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    platformId: Type.Optional(Id),
    websiteId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** POST /v1/change-password: sets a new password with the token from the reset email. */
export const ChangePasswordBody = Type.Object(
  {
    resetToken: Type.String({ minLength: 1, maxLength: 200 }),
    password: NewPassword,
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** PUT /v1/users/{id}/change-password: the caller's own password, confirmed by the current one. */
export const ChangeUserPasswordBody = Type.Object(
  {
    password: NewPassword,
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type ChangeUserPasswordBody = Static<typeof ChangeUserPasswordBody>;
