import {
  ApiError,
  IdParams,
  SsoIdentity,
  SsoIdentityCreateBody,
  SsoIdentityParams,
  SsoLinkBody,
  SsoLinkStart,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { context } from '../auth/auth.routes.ts';
import {
  createProviderIdentity,
  deleteProviderIdentity,
  listOwnIdentities,
  listProviderIdentities,
  startLink,
  unlinkOwnIdentity,
} from './sso.identities.ts';
import { SSO_COOKIE, ssoCookie } from './sso.sign-in.ts';

const tags = ['Single sign-on'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** Links between SSO identities and accounts: one's own, and a provider's (administrators). */
export function ssoIdentityRoutes(app: AppInstance): void {
  app.get(
    '/v1/sso/identities',
    {
      schema: {
        tags,
        summary: "The caller's linked sign-in providers",
        response: { 200: Type.Array(SsoIdentity), ...errors },
      },
    },
    (request) => listOwnIdentities(app.deps, request.actor),
  );
  app.post(
    '/v1/sso/link',
    {
      // Password and code guesses count against the account; this also bounds them per address.
      config: { rateLimit: { max: app.deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Link a sign-in provider to your account: answers where to send the browser',
        description:
          'Needs the current password, and a code of the second factor when the account has one. ' +
          'The browser then signs in at the provider; the callback links that identity and sends the ' +
          'browser to the web app with `#linked=1` (or `#error=CODE`).',
        body: SsoLinkBody,
        response: { 200: SsoLinkStart, ...errors, 429: ApiError },
      },
    },
    async (request, reply) => {
      const { location, browserToken } = await startLink(
        app.deps,
        request.actor,
        request.body,
        context(request),
      );
      return reply
        .setCookie(SSO_COOKIE, browserToken, ssoCookie(app.deps, 600))
        .header('cache-control', 'no-store')
        .send({ location });
    },
  );
  app.delete(
    '/v1/sso/identities/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of your links to a sign-in provider',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await unlinkOwnIdentity(app.deps, request.actor, request.params.id, context(request));
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/sso-provider/:id/identities',
    {
      schema: {
        tags,
        summary: 'The accounts linked to an SSO provider',
        params: IdParams,
        response: { 200: Type.Array(SsoIdentity), ...errors },
      },
    },
    (request) => listProviderIdentities(app.deps, request.actor, request.params.id),
  );
  app.post(
    '/v1/sso-provider/:id/identities',
    {
      schema: {
        tags,
        summary: "Link the provider's subject to an account (an administrator-approved mapping)",
        params: IdParams,
        body: SsoIdentityCreateBody,
        response: { 201: SsoIdentity, ...errors, 409: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      const created = await createProviderIdentity(
        app.deps,
        request.actor,
        request.params.id,
        request.body,
        context(request),
      );
      return reply.status(201).send(created);
    },
  );
  app.delete(
    '/v1/sso-provider/:id/identities/:identityId',
    {
      schema: {
        tags,
        summary: 'Remove a link between an account and an SSO provider',
        params: SsoIdentityParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteProviderIdentity(
        app.deps,
        request.actor,
        request.params.id,
        request.params.identityId,
        context(request),
      );
      return reply.status(204).send(null);
    },
  );
}
