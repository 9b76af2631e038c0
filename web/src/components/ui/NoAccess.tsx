import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from './PageHeader.tsx';

/**
 * "You do not have access to this page": the one answer for a page (or a page's data) the
 * user's roles do not allow. No "Try again": asking again gives the same answer (decision 0037).
 */
export function NoAccess({ homePath = '/home' }: { homePath?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" maw={640} data-testid="no-access">
      <PageHeader title={t('noAccess.title')} />
      <Text>{t('noAccess.body')}</Text>
      <Text>{t('noAccess.askAdmin')}</Text>
      <Text>
        <Anchor component={Link} to={homePath} underline="always">
          {t('noAccess.goHome')}
        </Anchor>
      </Text>
    </Stack>
  );
}
