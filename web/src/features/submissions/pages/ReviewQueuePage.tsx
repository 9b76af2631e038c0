import { Pagination, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useSubmissionReports } from '../api/list-submission-reports.ts';
import { ReportsTable } from '../components/ReportsTable.tsx';
import { SUBMISSIONS_PAGE_SIZE } from '../search.ts';
import { useSubmissionsTexts } from '../texts/use-submissions-texts.ts';

const defaults = { page: 1 };

/** /submissions/review: the assessor's queue — submission reports waiting for review, overdue first. */
export function ReviewQueuePage() {
  useSubmissionsTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('submissionsView.queue.title'));
  const [search, setSearch] = useUrlFilters(defaults);
  const reports = useSubmissionReports({
    page: search.page,
    size: SUBMISSIONS_PAGE_SIZE,
    reviewStatus: 'PENDING',
  });
  const pages = reports.data ? Math.max(1, Math.ceil(reports.data.total / SUBMISSIONS_PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeader title={t('submissionsView.queue.title')} lead={t('submissionsView.queue.lead')} />
      {reports.isPending ? (
        <Loading />
      ) : reports.isError ? (
        <LoadError
          title={t('submissionsView.dashboard.loadFailed')}
          error={reports.error}
          onRetry={() => void reports.refetch()}
          retrying={reports.isFetching}
        />
      ) : reports.data.items.length === 0 ? (
        <Paper withBorder p="lg" data-testid="queue-empty">
          <Text fw={600}>{t('submissionsView.queue.empty')}</Text>
          <Text mt="xs">{t('submissionsView.queue.emptyHint')}</Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <Text role="status">{t('submissionsView.dashboard.count', { count: reports.data.total })}</Text>
          <ReportsTable
            reports={reports.data.items}
            label={t('submissionsView.queue.table')}
            linkTo={(r) => `/submissions/review/${r.id}`}
          />
          {pages > 1 ? (
            <nav aria-label={t('submissionsView.dashboard.pagination')}>
              <Pagination total={pages} value={search.page} onChange={(page) => setSearch({ page })} />
            </nav>
          ) : null}
        </Stack>
      )}
    </>
  );
}
