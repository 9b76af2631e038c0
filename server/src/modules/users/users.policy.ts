import type { Rule } from '../../platform/access.ts';

/** Who may do what with user accounts. Everyone may read their own account. */
export const userPolicy = {
  read: { roles: ['organisation_admin', 'platform_admin', 'system_admin'], self: true },
} as const satisfies Record<string, Rule>;
