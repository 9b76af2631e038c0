import type { Area } from '../../platform/area.ts';
import { rolePolicy } from './roles.policy.ts';
import { roleRoutes } from './roles.routes.ts';

/** The roles area: what it adds to the server (see platform/area.ts). */
export const rolesArea: Area = {
  name: 'roles',
  routes: roleRoutes,
  policies: { roles: rolePolicy },
};
