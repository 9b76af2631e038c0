import cookie from '@fastify/cookie';
import {
  ApiError,
  IdParams,
  LoginResponse,
  SsoCallbackQuery,
  SsoExchangeBody,
  SsoProvider,
  SsoProviderCreateBody,
  SsoProviderLink,
  SsoProviderLinksQuery,
  SsoProviderListQuery,
  SsoProviderUpdateBody,
  SsoStartParams,
  SsoStartQuery,
} from '@vigilo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { AppError } from '../../platform/errors.ts';
import { context } from '../auth/auth.routes.ts';
import { ssoIdentityRoutes } from './sso.identities.routes.ts';
import {
  createSsoProvider,
  deleteSsoProvider,
  getSsoProvider,
  listSsoProviders,
  updateSsoProvider,
} from './sso.service.ts';
import {
  exchangeHandoff,
  finishSignIn,
  listSignInProviders,
  SSO_COOKIE,
  ssoCookie,
  startSignIn,
} from './sso.sign-in.ts';

const tags = ['Single sign-on'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/**
 * Start and callback are browser navigations: a failure sends the browser to the web app's
 * /sso/complete page with the error code in the fragment, where it is shown in words.
 */
function sendToApp(app: AppInstance, reply: FastifyReply, fragment: Record<string, string>) {
  const hash = new URLSearchParams(fragment).toString();
  return reply
    .header('cache-control', 'no-store')
    .redirect(`${app.deps.config.publicUrl}/sso/complete#${hash}`, 302);
}

function failureCode(request: FastifyRequest, error: unknown): string {
  if (error instanceof AppError) {
    request.log.info({ code: error.code, meta: error.meta }, error.message);
    return error.code;
  }
  request.log.error({ err: error }, 'SSO sign-in failed');
  return 'SSO_LOGIN_FAILED';
}

/**
 * The SSO routes, in a context of their own with @fastify/cookie: they are the only routes
 * that read or write a cookie (the browser binding of a sign-in), so the plugin's parsing
 * hook runs for their requests only.
 */
export function ssoRoutes(app: AppInstance): void {
  app.register(async (sso) => {
    await sso.register(cookie);
    providerAndSignInRoutes(sso);
    ssoIdentityRoutes(sso);
  });
}

function providerAndSignInRoutes(app: AppInstance): void {
  app.get(
    '/v1/sso-providers',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The sign-in buttons of a platform's login page (platformId, else the request's host)",
        querystring: SsoProviderLinksQuery,
        response: { 200: Type.Array(SsoProviderLink), 400: ApiError },
      },
    },
    (request) => listSignInProviders(app.deps.db, request.query.platformId, request.headers.host),
  );
  app.get(
    '/v1/sso-providers/manage',
    {
      schema: {
        tags,
        summary: "Every SSO provider of a platform (the caller's by default), for administrators",
        querystring: SsoProviderListQuery,
        response: { 200: Type.Array(SsoProvider), ...errors },
      },
    },
    (request) => listSsoProviders(app.deps.db, request.actor, request.query.platformId),
  );
  app.get(
    '/v1/sso-provider/:id',
    {
      schema: {
        tags,
        summary: 'One SSO provider (the client secret is never returned)',
        params: IdParams,
        response: { 200: SsoProvider, ...errors },
      },
    },
    (request) => getSsoProvider(app.deps.db, request.actor, request.params.id),
  );
  app.post(
    '/v1/sso-provider/:id',
    {
      schema: {
        tags,
        summary: 'Create an SSO provider on platform `{id}`',
        description:
          '`{id}` is the id of the platform that will own the new provider (the new provider gets its own id). ' +
          "The provider's discovery document is read now (422 SSO_DISCOVERY_FAILED when it cannot be and the provider is enabled).",
        params: IdParams,
        body: SsoProviderCreateBody,
        response: { 201: SsoProvider, ...errors, 422: ApiError },
      },
    },
    async (request, reply) => {
      const created = await createSsoProvider(
        app.deps,
        request.actor,
        request.params.id,
        request.body,
        request.id,
      );
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/v1/sso-provider/:id',
    {
      schema: {
        tags,
        summary: 'Change an SSO provider (an absent clientSecret keeps the stored one)',
        params: IdParams,
        body: SsoProviderUpdateBody,
        response: { 200: SsoProvider, ...errors, 422: ApiError },
      },
    },
    (request) => updateSsoProvider(app.deps, request.actor, request.params.id, request.body, request.id),
  );
  app.delete(
    '/v1/sso-provider/:id',
    {
      schema: {
        tags,
        summary: 'Delete an SSO provider',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSsoProvider(app.deps, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/sso/:providerId/start',
    {
      config: { auth: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Start signing in with a provider: redirects to the provider's authorization endpoint",
        params: SsoStartParams,
        querystring: SsoStartQuery,
        response: { 302: Type.Null(), 404: ApiError },
      },
    },
    async (request, reply) => {
      try {
        const { location, browserToken } = await startSignIn(
          app.deps,
          request.params.providerId,
          request.query.returnTo,
        );
        return reply
          .setCookie(SSO_COOKIE, browserToken, ssoCookie(app.deps, 600))
          .header('cache-control', 'no-store')
          .redirect(location, 302);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw error;
        return sendToApp(app, reply, { error: failureCode(request, error) });
      }
    },
  );
  app.get(
    '/v1/sso/callback',
    {
      config: { auth: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Where the provider sends the browser back; redirects to the web app with a one-time code',
        querystring: SsoCallbackQuery,
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      reply.setCookie(SSO_COOKIE, '', ssoCookie(app.deps, 0));
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      try {
        const outcome = await finishSignIn(
          app.deps,
          request.query,
          rawQuery,
          request.cookies[SSO_COOKIE],
          context(request),
        );
        const done: Record<string, string> = 'code' in outcome ? { code: outcome.code } : { linked: '1' };
        return sendToApp(app, reply, outcome.returnTo ? { ...done, returnTo: outcome.returnTo } : done);
      } catch (error) {
        return sendToApp(app, reply, { error: failureCode(request, error) });
      }
    },
  );
  app.post(
    '/v1/sso/exchange',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Exchange the one-time code of a finished SSO sign-in for a session, or for the MFA step (then POST /v1/login/verify)',
        body: SsoExchangeBody,
        response: { 200: LoginResponse, 400: ApiError, 401: ApiError, 429: ApiError },
      },
    },
    (request) => exchangeHandoff(app.deps, request.body.code, context(request)),
  );
}
