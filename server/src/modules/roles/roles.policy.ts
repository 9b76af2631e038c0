import { roleNames } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

/** Everyone signed in may read the role catalogue. */
export const rolePolicy = {
  list: { roles: roleNames, self: true },
} as const satisfies Record<string, Rule>;
