import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/SkipLink.tsx';
import { useMe } from '../../features/profile/api/get-me.ts';
import { sessionRoles } from '../navigation.ts';
import { RoleGate } from '../RoleGate.tsx';
import { Brand } from './Brand.tsx';
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx';
import { mainContentId } from './constants.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Navbar } from './Navbar.tsx';
import { SessionTimeout } from './SessionTimeout.tsx';
import classes from './Shell.module.css';
import { UserMenu } from './UserMenu.tsx';
import { useAccountLanguage } from './use-account-language.ts';

/**
 * The signed-in page frame: header (product, language, theme, account menu), the role-filtered
 * side navigation (a drawer below the `sm` breakpoint) and the main region. Renders the
 * matched child route, or `children` when used directly (the not-found page).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const me = useMe();
  const roles = me.data ? sessionRoles(me.data) : me.isError ? [] : null;
  const chooseLanguage = useAccountLanguage(me.data?.language);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink targetId={mainContentId} label={t('shell.skipToContent')} />
      <SessionTimeout />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('shell.closeNavigation') : t('shell.openNavigation')}
              aria-expanded={opened}
              aria-controls="main-navigation"
            />
            <Brand label={t('common.productName')} />
          </Group>
          <Group gap={6} wrap="nowrap">
            <LanguageSwitcher onChoose={chooseLanguage} />
            <ColorSchemeToggle />
            <UserMenu user={me.data} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="main-navigation" p="md" aria-label={t('shell.mainNavigation')}>
        <Navbar roles={roles} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id={mainContentId} tabIndex={-1} className={classes.main}>
        <RoleGate roles={roles}>{children ?? <Outlet />}</RoleGate>
      </AppShell.Main>
    </AppShell>
  );
}
