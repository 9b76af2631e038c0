import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const satisfies RoleName[];
const staff = [...administrators, 'organisation_staff', 'assessor'] as const satisfies RoleName[];
const everyone = [...staff, 'reporter'] as const satisfies RoleName[];

/**
 * Who may do what with files, read as a table. Anyone of the organisation (and an
 * integration's key) may upload, since reporters attach files to their reports; only the
 * people who handle cases see, change or remove the organisation's files, which hold
 * patients' data.
 */
export const filePolicy = {
  upload: { roles: everyone, application: true },
  list: { roles: staff, application: true },
  update: { roles: staff },
  delete: { roles: staff },
  download: { roles: staff, application: true },
} as const satisfies Record<string, Rule>;

/** Resources: documents an organisation shares with all its members (guidance, forms to print). */
export const resourcePolicy = {
  list: { roles: everyone },
  create: { roles: administrators },
  delete: { roles: administrators },
} as const satisfies Record<string, Rule>;

/**
 * Exports hold whole lists. The users CSV is for administrators; case exports for the people
 * who handle cases. Everyone who may export reads back, downloads and regenerates the exports
 * they asked for (`own`); administrators every export of their organisation (decision 0106).
 */
export const exportPolicy = {
  own: { roles: staff },
  list: { roles: administrators },
  read: { roles: administrators },
  create: { roles: administrators },
  createCases: { roles: staff },
  regenerate: { roles: administrators },
} as const satisfies Record<string, Rule>;
