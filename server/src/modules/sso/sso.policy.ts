import type { Rule } from '../../platform/access.ts';

/** Single sign-on is platform configuration: only platform and system administrators manage providers and approve links. */
export const ssoProviderPolicy = {
  read: { roles: ['platform_admin', 'system_admin'] },
  manage: { roles: ['platform_admin', 'system_admin'] },
  /** One's own links to sign-in providers: everyone, only for themselves. */
  linkOwn: { roles: [], self: true },
} as const satisfies Record<string, Rule>;
