import type { Area } from '../../platform/area.ts';
import { userGroupPolicy } from './user-groups.policy.ts';
import { userGroupRoutes } from './user-groups.routes.ts';

/** The user-groups area: what it adds to the server (see platform/area.ts). */
export const userGroupsArea: Area = {
  name: 'user-groups',
  routes: userGroupRoutes,
  policies: { userGroups: userGroupPolicy },
};
