import { type RoleName, roleNames } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const staffAndUp: readonly RoleName[] = [
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
];
const adminsAndUp: readonly RoleName[] = ['organisation_admin', 'platform_admin', 'system_admin'];
const platformAdmins: readonly RoleName[] = ['platform_admin', 'system_admin'];

/**
 * Who may do what with organisations. Members read their organisation; staff read its
 * working lists; its administrators change it; platform administrators create and manage
 * every organisation of their platform.
 */
export const organisationPolicy = {
  read: { roles: roleNames },
  list: { roles: roleNames },
  lookup: { roles: roleNames },
  create: { roles: platformAdmins },
  update: { roles: adminsAndUp },
  listByWorkspace: { roles: platformAdmins },
  listUnassigned: { roles: platformAdmins },
  /** Contacts, locations, receivers, sources, themes, translations, workspace, health check. */
  readDetails: { roles: staffAndUp },
  /** Hospitals, profession groups and professions: reference lists that report forms use. */
  readReference: { roles: roleNames },
  addContact: { roles: adminsAndUp },
  addLocations: { roles: adminsAndUp },
} as const satisfies Record<string, Rule>;
