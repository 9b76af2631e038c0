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

/**
 * EDQM standard terms serve the whole installation (decision 0145), like MedDRA: everyone
 * signed in (and an integration's key) codes with them; a system administrator imports a
 * new list for everyone.
 */
export const edqmPolicy = {
  read: { roles: everyone, application: true },
  import: { roles: ['system_admin'] },
} as const satisfies Record<string, Rule>;
