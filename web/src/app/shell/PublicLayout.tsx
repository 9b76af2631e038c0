import { AppShell, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/SkipLink.tsx';
import { Brand } from './Brand.tsx';
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx';
import { mainContentId } from './constants.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import classes from './Shell.module.css';

/** The frame of pages seen signed out (sign-in, not found): header with language and theme only. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <SkipLink targetId={mainContentId} label={t('shell.skipToContent')} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand label={t('common.productName')} />
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id={mainContentId} tabIndex={-1} className={classes.main}>
        {children ?? <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}
