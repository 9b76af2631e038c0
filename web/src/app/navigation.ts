import {
  type Icon,
  IconApi,
  IconBuilding,
  IconBuildingCommunity,
  IconGitPullRequest,
  IconKey,
  IconLogin2,
  IconMailPlus,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
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
  /**
   * Roles that may open the page, when more than see the menu entry (staff read their own
   * organisation; an organisation administrator opens their organisation's detail page).
   * Others get the "no access" page (RoleGate).
   */
  pageRoles?: readonly RoleName[];
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
  // Everyone: their own account.
  { path: '/profile', labelKey: 'nav.profile', icon: IconUserCircle, roles: 'all' },
  { path: '/account', labelKey: 'account.nav', icon: IconSettings, roles: 'all' },
  { path: '/account/security', labelKey: 'security.nav', icon: IconShieldLock, roles: 'all' },
  // Administration: people first, then organisations, then integrations.
  { path: '/admin/users', labelKey: 'users.nav.users', icon: IconUsers, roles: administrators },
  {
    path: '/admin/change-requests',
    labelKey: 'users.nav.changeRequests',
    icon: IconGitPullRequest,
    roles: administrators,
  },
  { path: '/admin/invites', labelKey: 'invites.nav', icon: IconMailPlus, roles: administrators },
  { path: '/admin/user-groups', labelKey: 'userGroups.nav', icon: IconUsersGroup, roles: administrators },
  {
    path: '/admin/organisations',
    labelKey: 'organisations.nav',
    icon: IconBuildingCommunity,
    roles: ['platform_admin', 'system_admin'],
    pageRoles: administrators,
  },
  {
    path: '/admin/organisation',
    labelKey: 'organisations.navOwn',
    icon: IconBuilding,
    roles: ['organisation_admin'],
    pageRoles: ['organisation_admin', 'organisation_staff', 'platform_admin', 'system_admin'],
  },
  { path: '/admin/api-keys', labelKey: 'integrations.nav.apiKeys', icon: IconKey, roles: administrators },
  {
    path: '/admin/sso-providers',
    labelKey: 'integrations.nav.sso',
    icon: IconLogin2,
    roles: ['platform_admin', 'system_admin'],
  },
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

/**
 * The entry that represents `pathname`: the one whose path is the longest prefix of it, so
 * /account/security marks "Security" and not also "Account".
 */
export function activeNavPath(pathname: string, items: readonly NavItem[]): string | null {
  const matches = items.filter(
    (item) => !item.external && (pathname === item.path || pathname.startsWith(`${item.path}/`)),
  );
  return matches.reduce<string | null>(
    (best, item) => (best && best.length >= item.path.length ? best : item.path),
    null,
  );
}
