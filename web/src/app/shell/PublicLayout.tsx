import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/SkipLink.tsx';
import { Brand } from './Brand.tsx';
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx';
import { mainContentId } from './constants.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import classes from './Shell.module.css';

/**
 * The frame of pages seen signed out (sign-in, the public form, not found): header with
 * language and theme only. Drawn with a header and main of its own rather than Mantine's
 * AppShell, which looks the same here but weighs about 8 KB gzip with the scroll lock it
 * brings; these pages have a 200 KB budget and AppShell stays in the signed-in layout's
 * chunk (decision 0211).
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <SkipLink targetId={mainContentId} label={t('shell.skipToContent')} />
      <header className={classes.publicHeader}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand label={t('common.productName')} />
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </header>
      <main id={mainContentId} tabIndex={-1} className={`${classes.main} ${classes.publicMain}`}>
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
