import { NavLink, Skeleton, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { RoleName } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeNavPath, type NavItem, visibleNavItems } from '../navigation.ts';

function NavEntry({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const icon = <Icon size={20} stroke={1.75} aria-hidden />;
  if (item.external) {
    return (
      <NavLink
        component="a"
        href={item.path}
        label={t(item.labelKey)}
        leftSection={icon}
        rightSection={<IconExternalLink size={16} aria-hidden />}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={t(item.labelKey)}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      fw={active ? 700 : 500}
    />
  );
}

/**
 * The side navigation: the entries of the nav table that the user's roles allow. Until the
 * roles are known it shows placeholders rather than a menu that would change under the pointer.
 */
export function Navbar({ roles, onNavigate }: { roles: readonly RoleName[] | null; onNavigate: () => void }) {
  const { pathname } = useLocation();
  if (roles === null) {
    return (
      <Stack gap="xs" aria-hidden="true">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  const items = visibleNavItems(roles);
  const activePath = activeNavPath(pathname, items);
  return (
    <Stack gap={4}>
      {items.map((item) => (
        <NavEntry key={item.path} item={item} active={item.path === activePath} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
