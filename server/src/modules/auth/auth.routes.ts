import { ApiError, LoginBody, LoginResponse, LogoutBody, TokenBody, TokenResponse } from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppInstance } from '../../app.ts';
import { login, logout, type RequestContext, refresh } from './auth.service.ts';

const context = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  host: request.headers.host,
  requestId: request.id,
});

// Stricter than the global limit: password guessing is the attack these routes invite.
const loginLimit = { max: 20, timeWindow: '1 minute' };
const errors = { 400: ApiError, 401: ApiError, 429: ApiError };

export function authRoutes(app: AppInstance): void {
  app.post(
    '/v1/login',
    {
      config: { auth: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Auth'],
        summary: 'Sign in with a password',
        body: LoginBody,
        response: { 200: LoginResponse, ...errors },
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
        body: LoginBody,
        response: { 200: LoginResponse, ...errors },
      },
    },
    (request) => login(app.deps, request.body, context(request), 'assessor'),
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
}
