import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const everyone = [
  'reporter',
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];
const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const satisfies RoleName[];

/**
 * Who may do what with an organisation's dictionaries and arrangements (decision 0110):
 * every member reads them (forms show them as picklists), an integration's key too;
 * administrators change them.
 */
export const terminologyPolicy = {
  read: { roles: everyone, application: true },
  change: { roles: administrators },
} as const satisfies Record<string, Rule>;
