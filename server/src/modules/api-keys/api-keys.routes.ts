import { ApiError, ApiKey, ApiKeyCreateBody, ApiKeysQuery, CreatedApiKey, IdParams } from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

const tags = ['Applications and API keys'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

export function apiKeyRoutes(app: AppInstance): void {
  app.get(
    '/v1/api-keys',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: "The organisation's live API keys (never their secrets); API keys accepted",
        querystring: ApiKeysQuery,
        response: { 200: Type.Array(ApiKey), ...errors },
      },
    },
    (request) => listApiKeys(app.deps.db, request.actor, request.query),
  );
  app.post(
    '/v1/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key; the answer shows the key this once only',
        body: ApiKeyCreateBody,
        response: { 201: CreatedApiKey, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(app.deps.db, request.actor, request.body, request.id);
      return reply.header('cache-control', 'no-store').status(201).send(created);
    },
  );
  app.delete(
    '/v1/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeApiKey(app.deps.db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
}
