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
const caseWorkers = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];

/**
 * Who may do what with an organisation's product list and its IDAPS (decision 0141): every
 * member reads the list (reporters pick their medicine from it), an integration's key
 * too; administrators upload it and ask for a new IDAPS computation; the profiles, counts
 * drawn from the organisation's reports, are for those who work on cases.
 */
export const drugsPolicy = {
  read: { roles: everyone, application: true },
  upload: { roles: administrators },
} as const satisfies Record<string, Rule>;

export const idapsPolicy = {
  read: { roles: caseWorkers },
  compute: { roles: administrators },
} as const satisfies Record<string, Rule>;
