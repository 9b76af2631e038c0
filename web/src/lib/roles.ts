import type { RoleName } from '@vigilo/contract';

/** Translation key of each role's label, listed so every role is sure to have one. */
const roleLabelKeys: Record<RoleName, string> = {
  reporter: 'roles.reporter',
  organisation_staff: 'roles.organisation_staff',
  organisation_admin: 'roles.organisation_admin',
  assessor: 'roles.assessor',
  platform_admin: 'roles.platform_admin',
  system_admin: 'roles.system_admin',
};

/** The translation key of a role's label; an unknown role (a newer server) falls back to its name. */
export function roleLabelKey(role: RoleName): string {
  return roleLabelKeys[role] ?? role;
}
