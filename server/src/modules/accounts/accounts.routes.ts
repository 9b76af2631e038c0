import {
  AccountRequestBody,
  AccountRequestReceipt,
  AccountRequestTarget,
  AccountRequestTargetsQuery,
  ApiError,
  AuthContext,
  AuthContextBody,
  AuthContextSwitch,
  CreateWorkspaceBody,
  EmailLinkBody,
  EmailLinkResult,
  WorkspaceSummary,
} from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { languageFromHeader } from '../../platform/language.ts';
import { requestAccount } from './account-requests.ts';
import {
  createWorkspace,
  getAuthContext,
  listRequestTargets,
  switchAuthContext,
} from './accounts.service.ts';
import { confirmEmailLink } from './verify-email.ts';

const tags = ['Account'];
const errors = { 400: ApiError, 403: ApiError, 404: ApiError };
const ctx = (request: FastifyRequest) => ({ requestId: request.id, ip: request.ip });

export function accountRoutes(app: AppInstance): void {
  app.post(
    '/v1/account/request',
    {
      config: { auth: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Ask for an account; an administrator of the organisation approves it',
        body: AccountRequestBody,
        response: { 202: AccountRequestReceipt, ...errors },
      },
    },
    async (request, reply) =>
      // Without a language in the body, the browser's (the emails are written in it, decision 0058).
      reply
        .status(202)
        .send(
          await requestAccount(
            app.deps,
            { language: languageFromHeader(request.headers['accept-language']), ...request.body },
            ctx(request),
          ),
        ),
  );
  app.post(
    '/v1/verify/email',
    {
      config: {
        auth: 'public',
        rateLimit: { max: app.deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Open a link mailed to prove an address: a new sign-in email, or an account request',
        body: EmailLinkBody,
        response: { 200: EmailLinkResult, 409: ApiError, ...errors },
      },
    },
    (request) => confirmEmailLink(app.deps, request.body, ctx(request)),
  );
  app.get(
    '/v1/account/request/organisations',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "The organisations an account may be requested in (platformId, else the request's host): id and name",
        querystring: AccountRequestTargetsQuery,
        response: { 200: Type.Array(AccountRequestTarget), 400: ApiError },
      },
    },
    (request) => listRequestTargets(app.deps.db, request.query.platformId, request.headers.host),
  );
  app.get(
    '/v1/auth-context',
    {
      schema: {
        tags,
        summary: 'The platform and organisation this session works in',
        response: { 200: AuthContext, ...errors },
      },
    },
    (request) => getAuthContext(app.deps.db, request.actor),
  );
  app.put(
    '/v1/auth-context',
    {
      schema: {
        tags,
        summary: 'Switch to another of your organisations: answers a new session pair',
        body: AuthContextBody,
        response: { 200: AuthContextSwitch, ...errors },
      },
    },
    (request) => switchAuthContext(app.deps, request.actor, request.body, ctx(request)),
  );
  app.post(
    '/v1/workspace',
    {
      schema: {
        tags,
        summary: 'Create a workspace (organisation) with you as its administrator',
        body: CreateWorkspaceBody,
        response: { 201: WorkspaceSummary, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorkspace(app.deps, request.actor, request.body, ctx(request))),
  );
}
