import { IconApi } from '@tabler/icons-react';
import type { RoleName } from '@vigilo/contract';
import { administrators, type NavItem } from './area.ts';
import { areas } from './areas.ts';

export type { NavItem } from './area.ts';

/** Links of the shell itself, outside any feature area. */
const shellNav: readonly NavItem[] = [
  {
    path: '/docs',
    labelKey: 'nav.apiDocs',
    icon: IconApi,
    roles: administrators,
    external: true,
    order: 900,
  },
];

/**
 * The side navigation, in display order: each area's entries (declared in its
 * `features/<area>/area.tsx`) and the shell's, by `order`. Hiding an entry is a convenience;
 * the server still checks every request.
 */
export const navItems: readonly NavItem[] = [...areas.flatMap((area) => area.nav ?? []), ...shellNav].sort(
  (a, b) => a.order - b.order,
);

export { sessionRoles } from '../lib/roles.ts';

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
