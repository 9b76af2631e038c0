import { NavLink, Skeleton, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { RoleName } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { type NavItem, visibleNavItems } from '../navigation.ts';

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  const match = useMatch({ path: item.path, end: false });
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
  const active = match !== null;
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
  if (roles === null) {
    return (
      <Stack gap="xs" aria-hidden="true">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {visibleNavItems(roles).map((item) => (
        <NavEntry key={item.path} item={item} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
