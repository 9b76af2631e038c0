import type { Rule } from '../../platform/access.ts';

/** Who may see and manage user groups: the organisation's administrators and up. */
export const userGroupPolicy = {
  read: { roles: ['organisation_admin', 'platform_admin', 'system_admin'] },
  manage: { roles: ['organisation_admin', 'platform_admin', 'system_admin'] },
  listByPlatform: { roles: ['platform_admin', 'system_admin'] },
} as const satisfies Record<string, Rule>;
