import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Answers } from '../../../components/form-renderer/index.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOwnReport } from '../api/own-report.ts';
import { ReportCopy } from '../components/ReportCopy.tsx';
import { useMyReportsTexts } from '../texts/use-my-reports-texts.ts';

/**
 * /my-reports/:id — one of my reports, read only, as I sent it (decision 0280): its reference,
 * when and to whom it went, and my answers as "Check your answers" showed them. A draft points
 * back to the journey.
 */
export function SentReportPage() {
  useMyReportsTexts();
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const report = useOwnReport(id);
  const reference = report.data?.reference;
  useDocumentTitle(reference ? t('myReports.one.title', { reference }) : t('myReports.title'));
  const back = (
    <Anchor component={Link} to="/my-reports">
      {t('myReports.one.back')}
    </Anchor>
  );
  if (report.isPending)
    return (
      <Center p="xl" aria-busy="true">
        <Loader aria-hidden />
        <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
      </Center>
    );
  if (report.isError)
    return (
      <Stack gap="md">
        {back}
        <LoadError
          title={t('myReports.one.loadFailed')}
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      </Stack>
    );
  const r = report.data;
  const draft = r.status === 'draft';
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={t('myReports.one.title', { reference: r.reference })}
        lead={r.formName ?? undefined}
      />
      <Paper withBorder p="md" data-testid="sent-summary">
        <Stack gap={4}>
          {draft ? (
            <Text>{t('myReports.one.draft')}</Text>
          ) : (
            <Text>
              {t('myReports.one.sent', {
                date: formatDateTime(r.submittedAt ?? r.createdAt, i18n.language),
                organisation: r.organisationName,
              })}
            </Text>
          )}
          <Text>
            {t('myReports.one.status', {
              status: t(`myReports.status.${r.status}`, { defaultValue: r.status }),
            })}
          </Text>
          {r.reportVersion > r.sentVersion && !draft ? (
            <Text c="dimmed">{t('myReports.one.edited')}</Text>
          ) : null}
        </Stack>
      </Paper>
      {draft && r.formViewId ? (
        <Group>
          <Button component={Link} to={`/report/${r.formViewId}?draft=${r.id}`}>
            {t('myReports.continue')}
          </Button>
        </Group>
      ) : null}
      {r.formViewId ? (
        <ReportCopy
          receipt={{ formViewId: r.formViewId, answers: r.report as Answers, files: [] }}
          testId="sent-answers"
        />
      ) : (
        <Alert color="gray">{t('myReports.one.noForm')}</Alert>
      )}
    </Stack>
  );
}
