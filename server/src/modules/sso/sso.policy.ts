import type { Rule } from '../../platform/access.ts';

/** Single sign-on is platform configuration: only platform and system administrators manage it. */
export const ssoProviderPolicy = {
  read: { roles: ['platform_admin', 'system_admin'] },
  manage: { roles: ['platform_admin', 'system_admin'] },
} as const satisfies Record<string, Rule>;
