import {
  AccessTokenBody,
  ApiError,
  LoginBody,
  LoginRecoveryBody,
  LoginResponse,
  LoginVerifyBody,
  LogoutBody,
  MfaSession,
  Session,
  TokenBody,
  TokenResponse,
} from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { AppError } from '../../platform/errors.ts';
import {
  login,
  logout,
  type RequestContext,
  refresh,
  verifyAccessToken,
  verifyLogin,
  verifyLoginWithRecoveryCode,
} from './auth.service.ts';
import { sessionRoutes } from './sessions.routes.ts';

export const context = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  host: request.headers.host,
  requestId: request.id,
  userAgent: request.headers['user-agent'],
});

const errors = { 400: ApiError, 401: ApiError, 429: ApiError };

export function authRoutes(app: AppInstance): void {
  // Stricter than the global limit: password guessing is the attack these routes invite.
  const loginLimit = { max: app.deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' };
  app.post(
    '/v1/login',
    {
      config: { auth: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Auth'],
        summary: 'Sign in with a password',
        description:
          'A right password that opens no session says why: 403 ASSESSOR_SIGN_IN_REQUIRED (use /v1/login/assessor) or ACCOUNT_PENDING_APPROVAL (an account request still waits).',
        body: LoginBody,
        response: { 200: LoginResponse, ...errors, 403: ApiError },
      },
    },
    (request) => login(app.deps, request.body, context(request), 'standard'),
  );
  app.post(
    '/v1/login/assessor',
    {
      config: { auth: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Auth'],
        summary: 'Sign in as an assessor',
        description:
          "A right password of an account that is not an assessor's answers 403 STANDARD_SIGN_IN_REQUIRED (use /v1/login).",
        body: LoginBody,
        response: { 200: LoginResponse, ...errors, 403: ApiError },
      },
    },
    (request) => login(app.deps, request.body, context(request), 'assessor'),
  );
  app.post(
    '/v1/login/verify',
    {
      config: { auth: 'mfa', rateLimit: loginLimit },
      schema: {
        tags: ['Auth'],
        summary:
          'Second sign-in step: the code of a second factor (bearer = the sessionId of the login answer)',
        body: LoginVerifyBody,
        response: { 200: MfaSession, ...errors, 403: ApiError },
      },
    },
    (request) => {
      requireOneMfaSession(request.headers.authorization, request.body.sessionId);
      return verifyLogin(app.deps, request.mfaSession, request.body, context(request));
    },
  );
  app.post(
    '/v1/login/recovery',
    {
      config: { auth: 'mfa', rateLimit: loginLimit },
      schema: {
        tags: ['Auth'],
        summary:
          "Second sign-in step with a recovery code instead of a factor's code (bearer = the sessionId of the login answer); each code works once",
        body: LoginRecoveryBody,
        response: { 200: Session, ...errors, 403: ApiError },
      },
    },
    (request) => {
      requireOneMfaSession(request.headers.authorization, request.body.sessionId);
      return verifyLoginWithRecoveryCode(app.deps, request.mfaSession, request.body, context(request));
    },
  );
  app.post(
    '/v1/verify/access-token',
    {
      config: { auth: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Auth'],
        summary: 'Sign in with a one-time token from an emailed link (single use)',
        body: AccessTokenBody,
        response: { 200: LoginResponse, ...errors },
      },
    },
    (request) => verifyAccessToken(app.deps, request.body, context(request)),
  );
  app.post(
    '/v1/token',
    {
      config: { auth: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Auth'],
        summary: 'Renew the access token (the refresh token rotates)',
        body: TokenBody,
        response: { 200: TokenResponse, ...errors },
      },
    },
    (request) => refresh(app.deps, request.body, context(request)),
  );
  app.post(
    '/v1/logout',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Sign out: ends this session',
        body: LogoutBody,
        response: { 204: Type.Null(), 401: ApiError, 403: ApiError },
      },
    },
    async (request, reply) => {
      await logout(app.deps, request.actor, request.body, context(request));
      return reply.status(204).send(null);
    },
  );
  sessionRoutes(app);
}

/**
 * The bearer of the second sign-in step is the MFA session id (S-2); a different one in the
 * body is a mix-up, not a second credential.
 */
function requireOneMfaSession(authorization: string | undefined, bodySessionId: string | undefined): void {
  const bearer = authorization?.replace(/^Bearer /i, '');
  if (bodySessionId && bodySessionId !== bearer) {
    throw new AppError(
      'MFA_SESSION_INVALID',
      'The sessionId in the body is not the one in the Authorization header',
    );
  }
}
