import type { RoleName, User } from '@vigilo/contract';

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

/**
 * The roles that apply in the current session: platform-wide ones plus those held in the
 * organisation the session works in (all of them when the session has not picked one).
 */
export function sessionRoles(user: Pick<User, 'memberships' | 'organisationId'>): RoleName[] {
  const roles = user.memberships
    .filter(
      (m) =>
        m.organisationId === null || user.organisationId === null || m.organisationId === user.organisationId,
    )
    .map((m) => m.role);
  return [...new Set(roles)];
}
