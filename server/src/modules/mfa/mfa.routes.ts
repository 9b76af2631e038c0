import {
  ApiError,
  IdParams,
  MfaMethod,
  MfaMethodCreateBody,
  MfaMethodDeleteBody,
  MfaMethodDeleteQuery,
  MfaMethodVerifyBody,
  PlatformMfaMethods,
  RecoveryCodes,
  RecoveryCodesCreateBody,
  RecoveryCodesStatus,
  TotpSetup,
  TotpSetupBody,
  TotpVerifyBody,
  VerifyBody,
  VerifyInitiateBody,
  VerifyResult,
} from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import { context } from '../auth/auth.routes.ts';
import { actorLoader } from '../auth/auth.service.ts';
import {
  confirmMethod,
  initiateVerification,
  listMethods,
  platformMethods,
  removeMethod,
  startMethodSetup,
  startTotpSetup,
  verifyStepUp,
} from './mfa.service.ts';
import { getRecoveryCodes, regenerateRecoveryCodes } from './recovery-codes.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 429: ApiError };

/**
 * /v1/verify/initiate serves both an MFA sign-in in progress (bearer = sessionId) and a
 * signed-in user: the bearer is read here rather than by one route mode.
 */
async function mfaOrUserCaller(app: AppInstance, request: FastifyRequest) {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (!request.headers.authorization) throw unauthenticated();
  const invalid = () =>
    new AppError(
      'TOKEN_INVALID',
      'The access token is invalid',
      {},
      { 'www-authenticate': 'Bearer error="invalid_token"' },
    );
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw invalid();
  const mfa = await app.deps.tokens.verify('mfa', token).catch(() => null);
  if (mfa) return { kind: 'mfa' as const, owner: { id: mfa.sub, platformId: mfa.pid } };
  const actor = await actorLoader(
    app.deps.db,
    app.deps.actorCache,
  )(await app.deps.tokens.verify('access', token));
  if (!actor) throw invalid();
  return { kind: 'user' as const, actor };
}

export function mfaRoutes(app: AppInstance): void {
  // Codes are guessed like passwords: the same per-address limit as the sign-in routes
  // (LOGIN_RATE_LIMIT_PER_MINUTE, 20 by default); the per-account throttle comes on top.
  const codeLimit = { max: app.deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' };
  app.post(
    '/v1/verify/initiate',
    {
      config: { auth: 'public', rateLimit: codeLimit },
      schema: {
        tags: ['MFA'],
        summary: 'Text a verification code (during an MFA sign-in, or to one of your numbers)',
        security: [{ bearer: [] }],
        body: VerifyInitiateBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await mfaOrUserCaller(app, request);
      await initiateVerification(app.deps, caller, request.body, context(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/v1/verify',
    {
      config: { rateLimit: codeLimit },
      schema: {
        tags: ['MFA'],
        summary: 'Check a code of one of your second factors (step-up)',
        body: VerifyBody,
        response: { 200: VerifyResult, ...errors },
      },
    },
    (request) => verifyStepUp(app.deps, request.actor, request.body, context(request)),
  );
  app.post(
    '/v1/setup/totp',
    {
      schema: {
        tags: ['MFA'],
        summary: 'Start adding an authenticator app: secret, otpauth URI and QR code (shown once)',
        body: TotpSetupBody,
        response: { 200: TotpSetup, ...errors },
      },
    },
    (request) => startTotpSetup(app.deps, request.actor, request.body.currentPassword, context(request)),
  );
  app.post(
    '/v1/setup/totp/verify',
    {
      config: { rateLimit: codeLimit },
      schema: {
        tags: ['MFA'],
        summary: 'Turn the authenticator app on with its first code',
        body: TotpVerifyBody,
        response: { 200: MfaMethod, ...errors },
      },
    },
    (request) => confirmMethod(app.deps, request.actor, request.body, context(request)),
  );
  app.get(
    '/v1/users/@me/mfa-methods',
    {
      schema: {
        tags: ['MFA'],
        summary: 'Your second factors',
        response: { 200: Type.Array(MfaMethod), ...errors },
      },
    },
    (request) => listMethods(app.deps, request.actor),
  );
  app.post(
    '/v1/users/@me/mfa-methods',
    {
      schema: {
        tags: ['MFA'],
        summary: 'Start adding a text-message factor: a code is sent to the number',
        body: MfaMethodCreateBody,
        response: { 200: MfaMethod, ...errors },
      },
    },
    (request) => startMethodSetup(app.deps, request.actor, request.body, context(request)),
  );
  app.put(
    '/v1/users/@me/mfa-methods',
    {
      config: { rateLimit: codeLimit },
      schema: {
        tags: ['MFA'],
        summary: 'Turn a pending factor on with its code',
        body: MfaMethodVerifyBody,
        response: { 200: MfaMethod, ...errors },
      },
    },
    (request) => confirmMethod(app.deps, request.actor, request.body, context(request)),
  );
  app.delete(
    '/v1/users/@me/mfa-methods',
    {
      schema: {
        tags: ['MFA'],
        summary: 'Remove a second factor (the body carries the current password)',
        querystring: MfaMethodDeleteQuery,
        body: MfaMethodDeleteBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMethod(
        app.deps,
        request.actor,
        request.query,
        request.body.currentPassword,
        context(request),
      );
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/platforms/:id/mfa-methods',
    {
      schema: {
        tags: ['MFA'],
        summary: 'The second factors a platform offers',
        params: IdParams,
        response: { 200: PlatformMfaMethods, ...errors },
      },
    },
    (request) => platformMethods(app.deps, request.actor, request.params.id),
  );
  app.get(
    '/v1/users/@me/mfa-recovery-codes',
    {
      schema: {
        tags: ['MFA'],
        summary: 'How many unused recovery codes you have (the codes are never shown again)',
        response: { 200: RecoveryCodesStatus, ...errors },
      },
    },
    (request) => getRecoveryCodes(app.deps, request.actor),
  );
  app.post(
    '/v1/users/@me/mfa-recovery-codes',
    {
      schema: {
        tags: ['MFA'],
        summary: 'Ten new recovery codes, shown this once; the old ones stop working',
        body: RecoveryCodesCreateBody,
        response: { 200: RecoveryCodes, ...errors, 409: ApiError },
      },
    },
    (request) =>
      regenerateRecoveryCodes(app.deps, request.actor, request.body.currentPassword, context(request)),
  );
}
