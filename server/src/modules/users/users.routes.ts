import { ApiError, User, UserParams, UserQuery } from '@vigilo/contract';
import type { AppInstance } from '../../app.ts';
import { getUser } from './users.service.ts';

export function userRoutes(app: AppInstance): void {
  app.get(
    '/v1/users/:id',
    {
      schema: {
        tags: ['Users'],
        summary: 'One user; `@me` is the caller',
        params: UserParams,
        querystring: UserQuery,
        response: { 200: User, 404: ApiError },
      },
    },
    (request) => getUser(app.deps.db, request.actor, request.params.id),
  );
}
