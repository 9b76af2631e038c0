import { type Icon, IconApi, IconUserCircle } from '@tabler/icons-react';
import type { RoleName, User } from '@vigilo/contract';

/** One entry of the side navigation. */
export interface NavItem {
  /** An app route, or a server path when `external` (opened as a normal page load). */
  path: string;
  /** Translation key of the visible label. */
  labelKey: string;
  icon: Icon;
  /** Roles that see the entry; 'all' for every signed-in user. */
  roles: readonly RoleName[] | 'all';
  /** True for pages served outside the single-page app (for example the API documentation). */
  external?: boolean;
}

const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const satisfies RoleName[];

/**
 * The side navigation, in display order. This table is the one place an area adds itself to
 * the menu: its route, label key, icon and the roles that may see it. Hiding an entry is a
 * convenience; the server still checks every request.
 */
export const navItems: readonly NavItem[] = [
  { path: '/profile', labelKey: 'nav.profile', icon: IconUserCircle, roles: 'all' },
  { path: '/docs', labelKey: 'nav.apiDocs', icon: IconApi, roles: administrators, external: true },
];

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

/** The entries a user holding `roles` may see, in table order. */
export function visibleNavItems(roles: readonly RoleName[], items: readonly NavItem[] = navItems): NavItem[] {
  return items.filter((item) => item.roles === 'all' || item.roles.some((role) => roles.includes(role)));
}
