import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const satisfies RoleName[];

/** Who may do what with API keys. A key may list its organisation's keys (never their secrets). */
export const apiKeyPolicy = {
  list: { roles: administrators, application: true },
  create: { roles: administrators },
  revoke: { roles: administrators },
} as const satisfies Record<string, Rule>;
