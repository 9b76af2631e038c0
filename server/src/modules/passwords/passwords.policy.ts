import type { Rule } from '../../platform/access.ts';

/** Who may change a password: only its owner (administrators send a reset link instead). */
export const passwordPolicy = {
  changeOwn: { roles: [], self: true },
} as const satisfies Record<string, Rule>;
