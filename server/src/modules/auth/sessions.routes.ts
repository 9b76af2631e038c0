import { ActiveSession, ApiError, SessionParams } from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { endSessions, listSessions } from './sessions.ts';

const tags = ['Auth'];
const errors = { 401: ApiError, 403: ApiError, 404: ApiError };

/** The caller's own sessions: list, end one, end all ("sign out everywhere"). */
export function sessionRoutes(app: AppInstance): void {
  const ctx = (request: { ip: string; id: string }) => ({ ip: request.ip, requestId: request.id });
  app.get(
    '/v1/users/@me/sessions',
    {
      schema: {
        tags,
        summary: 'Where you are signed in: one entry per session, the current one marked',
        response: { 200: Type.Array(ActiveSession), ...errors },
      },
    },
    (request) => listSessions(app.deps, request.actor),
  );
  app.delete(
    '/v1/users/@me/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one session (its device must sign in again)',
        params: SessionParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await endSessions(app.deps, request.actor, { id: request.params.id }, ctx(request));
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/v1/users/@me/sessions',
    {
      schema: {
        tags,
        summary: 'Sign out everywhere: every session of yours ends, this one too',
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await endSessions(app.deps, request.actor, 'all', ctx(request));
      return reply.status(204).send(null);
    },
  );
}
