import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /report/sent/:reference — the confirmation, the reference number in large type. */
export function ReportSentPage() {
  const { t } = useTranslation();
  const { reference = '' } = useParams();
  const { isAuthenticated } = useAuth();
  useDocumentTitle(t('reporting.sent.title'));
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Paper p="xl" radius={0} bg="#00703c" c="white" ta="center" data-testid="confirmation-panel">
          <Title order={1} c="white" mb="md">
            {t('reporting.sent.title')}
          </Title>
          <Text size="xl" c="white">
            {t('reporting.sent.reference')}
          </Text>
          <Text
            fz={36}
            fw={700}
            c="white"
            data-testid="reference"
            style={{ letterSpacing: 2, overflowWrap: 'anywhere' }}
          >
            {reference}
          </Text>
        </Paper>
        <Text size="lg">{t('reporting.sent.keep')}</Text>
        <Title order={2} size="h3">
          {t('reporting.sent.nextTitle')}
        </Title>
        <Text>{t('reporting.sent.next')}</Text>
        <Anchor component={Link} to={isAuthenticated ? '/my-reports' : '/report'}>
          {isAuthenticated ? t('reporting.start.myReports') : t('reporting.sent.another')}
        </Anchor>
      </Stack>
    </Container>
  );
}
