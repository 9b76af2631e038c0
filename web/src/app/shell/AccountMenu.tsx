import { Menu, Text } from '@mantine/core';
import { IconLogout, IconSettings, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import type { User } from '@vigilo/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WorkspaceSwitcher } from '../../features/account/components/WorkspaceSwitcher.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { AccountButton } from './AccountButton.tsx';

/**
 * The account menu in the header: who is signed in, their profile, account and security pages
 * (kept out of the side navigation, which holds the work; decision 0287), and sign-out. Loaded
 * by UserMenu when first asked for, so it opens as it mounts.
 */
export function AccountMenu({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // It mounts as the button is pressed: the focus goes to its own button first, so that closing
  // the menu gives the focus back there, then it opens.
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);

  async function handleSignOut() {
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <Menu position="bottom-end" width={260} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <AccountButton ref={target} />
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
