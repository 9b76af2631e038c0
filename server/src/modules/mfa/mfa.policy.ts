import { roleNames } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

/** Who may do what with second factors. */
export const mfaPolicy = {
  /** One's own factors: everyone, only for themselves. */
  manageOwn: { roles: [], self: true },
  /** Which methods a platform offers: every member of the platform. */
  readPlatformMethods: { roles: roleNames },
} as const satisfies Record<string, Rule>;
