import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import type { User } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WorkspaceSwitcher } from '../../features/account/components/WorkspaceSwitcher.tsx';
import { useAuth } from '../../lib/auth.tsx';
import classes from './Shell.module.css';

/**
 * The account menu in the header: who is signed in, their profile, account and security pages
 * (kept out of the side navigation, which holds the work; decision 0287), and sign-out.
 * The button shows an icon only, so its accessible name ("Account menu") is its whole label.
 */
export function UserMenu({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();

  async function handleSignOut() {
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={t('shell.accountMenu')}>
          <Avatar radius="xl" size={32} color="blue" variant="filled">
            <IconUserCircle size={22} aria-hidden />
          </Avatar>
          <IconChevronDown size={16} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <Menu.Label>
            <Text size="sm" fw={700} c="var(--mantine-color-text)" truncate>
              {`${user.firstName} ${user.lastName}`.trim() || user.email}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
        ) : null}
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={18} aria-hidden />}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/account" leftSection={<IconSettings size={18} aria-hidden />}>
          {t('account.nav')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/account/security"
          leftSection={<IconShieldLock size={18} aria-hidden />}
        >
          {t('security.nav')}
        </Menu.Item>
        <WorkspaceSwitcher user={user} />
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void handleSignOut()}>
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
