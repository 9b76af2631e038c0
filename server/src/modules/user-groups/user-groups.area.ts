import type { Area } from '../../platform/area.ts';
import { userGroupPolicy } from './user-groups.policy.ts';
import { userGroupRoutes } from './user-groups.routes.ts';

/** The user-groups area: what it adds to the server (see platform/area.ts). */
export const userGroupsArea = {
  name: 'user-groups',
  routes: userGroupRoutes,
  policies: { userGroups: userGroupPolicy },
  audit: {
    'user_group.created': {},
    'user_group.updated': {},
    'user_group.deleted': {},
    'user_group.users_changed': {},
    'user_group.locations_changed': {},
  },
} satisfies Area;
