import { Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { receiptOf } from '../components/sent-receipt.ts';

const ReportCopy = lazy(() =>
  import('../components/ReportCopy.tsx').then((m) => ({ default: m.ReportCopy })),
);

/**
 * /report/sent/:reference — the confirmation (UX.md 7): the reference in large type, where the
 * confirmation email went, who received the report, what happens next, and a copy of the
 * answers to print or save (from this tab's receipt, decision 0276; opened elsewhere, the
 * reference alone).
 */
export function ReportSentPage() {
  const { t } = useTranslation();
  const { reference = '' } = useParams();
  const { isAuthenticated } = useAuth();
  useDocumentTitle(t('reporting.sent.title'));
  const receipt = receiptOf(reference);
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
        {receipt ? (
          <Stack gap="xs" data-testid="sent-details">
            <Text size="lg">
              {receipt.email
                ? t('reporting.sent.emailed', { email: receipt.email })
                : t('reporting.sent.notEmailed')}
            </Text>
            {receipt.organisation ? (
              <Text size="lg">{t('reporting.sent.receivedBy', { organisation: receipt.organisation })}</Text>
            ) : null}
          </Stack>
        ) : null}
        <Text size="lg">{t('reporting.sent.keep')}</Text>
        <Title order={2} size="h3">
          {t('reporting.sent.nextTitle')}
        </Title>
        <Text>{t('reporting.sent.next')}</Text>
        {receipt ? (
          <>
            <Group justify="space-between" align="flex-end" className="no-print">
              <Title order={2} size="h3">
                {t('reporting.sent.copyTitle')}
              </Title>
              <Button variant="default" onClick={() => window.print()}>
                {t('reporting.sent.print')}
              </Button>
            </Group>
            <Text className="no-print">{t('reporting.sent.printHint')}</Text>
            <Suspense fallback={<Loader aria-label={t('reporting.loading')} />}>
              <ReportCopy receipt={receipt} />
            </Suspense>
          </>
        ) : null}
        <Anchor component={Link} to={isAuthenticated ? '/my-reports' : '/report'} className="no-print">
          {isAuthenticated ? t('reporting.start.myReports') : t('reporting.sent.another')}
        </Anchor>
      </Stack>
    </Container>
  );
}
