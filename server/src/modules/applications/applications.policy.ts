import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const satisfies RoleName[];

/**
 * Who may do what with an organisation's applications (integrations). An application's own
 * API key may read the list, so an integration can read its own set-up.
 */
export const applicationPolicy = {
  list: { roles: administrators, application: true },
  create: { roles: administrators },
  update: { roles: administrators },
  delete: { roles: administrators },
  setDefault: { roles: administrators },
} as const satisfies Record<string, Rule>;
