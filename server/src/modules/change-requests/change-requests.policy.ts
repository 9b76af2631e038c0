import type { Rule } from '../../platform/access.ts';

const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const;

/**
 * Who may review change requests. The organisation of a request is the one whose
 * administrators decide it; the user it is about may read it and its preview.
 */
export const changeRequestPolicy = {
  list: { roles: administrators },
  read: { roles: administrators, self: true },
  preview: { roles: administrators, self: true },
  approve: { roles: administrators },
  decline: { roles: administrators },
} as const satisfies Record<string, Rule>;
