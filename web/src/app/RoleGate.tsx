import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { RoleName } from '@vigilo/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NoAccess } from '../components/ui/NoAccess.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { activeNavPath, navItems } from './navigation.ts';

/** The roles a path needs, from the navigation table (its longest matching entry); null: any. */
export function rolesForPath(pathname: string): readonly RoleName[] | null {
  const path = activeNavPath(pathname, navItems);
  const item = navItems.find((entry) => entry.path === path);
  if (!item || item.roles === 'all') return null;
  return item.pageRoles ?? item.roles;
}

function NoAccessPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('noAccess.title'));
  return <NoAccess />;
}

/**
 * Shows the page only to roles the navigation table lets see it, so an administration page
 * never renders (and fires refused requests) for someone it is not for: they get the one
 * "no access" page instead. Until the roles are known, a placeholder. The server still
 * decides every request; this only spares people a page that cannot work for them.
 */
export function RoleGate({ roles, children }: { roles: readonly RoleName[] | null; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const needed = rolesForPath(pathname);
  if (!needed) return children;
  if (roles === null)
    return (
      <Stack gap="sm" aria-busy="true">
        <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        <Skeleton height={36} width="40%" aria-hidden="true" />
        <Skeleton height={120} aria-hidden="true" />
      </Stack>
    );
  return needed.some((role) => roles.includes(role)) ? children : <NoAccessPage />;
}
