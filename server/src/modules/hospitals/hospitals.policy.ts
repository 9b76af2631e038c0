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
 * Who may do what with an organisation's hospitals (decision 0146): every member reads them
 * (report forms offer them, decision 0013), an integration's key too; administrators keep
 * the list.
 */
export const hospitalPolicy = {
  read: { roles: everyone, application: true },
  change: { roles: administrators },
} as const satisfies Record<string, Rule>;
