import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { HOME_PATH } from '../landing.ts';
import { AppLayout } from '../shell/AppLayout.tsx';
import { PublicLayout } from '../shell/PublicLayout.tsx';

/** "Page not found", GOV.UK style: what happened and where to go instead. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack gap="sm" maw={640}>
      <PageHeader title={t('notFound.title')} />
      <Text>{t('notFound.checkAddress')}</Text>
      <Text>{t('notFound.pastedAddress')}</Text>
      <Text>
        <Anchor component={Link} to={isAuthenticated ? HOME_PATH : '/login'} underline="always">
          {isAuthenticated ? t('notFound.goToStart') : t('notFound.goToSignIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}

/** The catch-all route: inside the signed-in shell when there is a session, plain otherwise. */
export function NotFoundRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? (
    <AppLayout>
      <NotFoundPage />
    </AppLayout>
  ) : (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  );
}
