import {
  ApiError,
  ChangePasswordBody,
  ChangeUserPasswordBody,
  ResetPasswordBody,
  UserParams,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { context } from '../auth/auth.routes.ts';
import { changeOwnPassword, resetPassword } from './passwords.service.ts';
import { requestPasswordReset } from './reset-links.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 429: ApiError };
export function passwordRoutes(app: AppInstance): void {
  // The public credential routes share the sign-in routes' per-address limit (20 a minute).
  const resetLimit = { max: app.deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' };
  app.post(
    '/v1/reset-password',
    {
      config: { auth: 'public', rateLimit: resetLimit },
      schema: {
        tags: ['Auth'],
        summary: 'Email a password-reset link (always 204: it never says whether the account exists)',
        body: ResetPasswordBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.deps, request.body, context(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/v1/change-password',
    {
      config: { auth: 'public', rateLimit: resetLimit },
      schema: {
        tags: ['Auth'],
        summary: 'Set a new password with the token of a reset link (signs every session out)',
        body: ChangePasswordBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetPassword(app.deps, request.body, context(request));
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/v1/users/:id/change-password',
    {
      schema: {
        tags: ['Users'],
        summary: 'Change your password (`@me`); every other session ends',
        params: UserParams,
        body: ChangeUserPasswordBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await changeOwnPassword(app.deps, request.actor, request.params.id, request.body, context(request));
      return reply.status(204).send(null);
    },
  );
}
