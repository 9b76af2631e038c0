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
 * MedDRA releases serve the whole installation (decision 0111): everyone signed in (and an
 * integration's key) codes with them; only a system administrator, who holds the licence
 * for the installation, imports one.
 */
export const meddraPolicy = {
  read: { roles: everyone, application: true },
  import: { roles: ['system_admin'] },
} as const satisfies Record<string, Rule>;
