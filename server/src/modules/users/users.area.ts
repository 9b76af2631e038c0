import type { Area } from '../../platform/area.ts';
import { userPolicy } from './users.policy.ts';
import { userRoutes } from './users.routes.ts';

/** The users area: what it adds to the server (see platform/area.ts). */
export const usersArea = {
  name: 'users',
  routes: userRoutes,
  policies: { users: userPolicy },
  conflicts: {
    users_platform_id_email_key: { field: 'body/email', message: 'is already used by another account' },
    users_platform_id_username_key: { field: 'body/username', message: 'is already used by another account' },
  },
  audit: {
    'user.created': {},
    'user.updated': {},
    'user.deactivated': {},
    'user.reactivated': {},
    'user.deleted': {},
    'user.deletion_requested': {},
    'user.deletion_request_withdrawn': {},
    'user.membership_removed': {},
    'user.organisation_preferences_updated': {},
    'user.email_change_requested': {},
    'user.email_changed': {},
  },
} satisfies Area;
