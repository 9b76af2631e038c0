import { ApiError, RoleList } from '@vigilo/contract';
import type { AppInstance } from '../../platform/app-types.ts';
import { listRoles } from './roles.service.ts';

export function roleRoutes(app: AppInstance): void {
  app.get(
    '/v1/roles',
    {
      schema: {
        tags: ['Roles'],
        summary: 'The built-in roles and their permissions (read from the policy tables)',
        response: { 200: RoleList, 403: ApiError },
      },
    },
    (request) => listRoles(request.actor),
  );
}
