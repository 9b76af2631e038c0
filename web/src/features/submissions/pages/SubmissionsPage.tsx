import { Anchor, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useSubmissionReports } from '../api/list-submission-reports.ts';
import { ActiveFilters, DashboardFilters } from '../components/DashboardFilters.tsx';
import { ReportsTable } from '../components/ReportsTable.tsx';
import { SummaryTiles } from '../components/SummaryTiles.tsx';
import {
  dueFilters,
  emptySubmissionSearch,
  receiverStatuses,
  reviewStatuses,
  SUBMISSIONS_PAGE_SIZE,
  type SubmissionSearch,
  submissionQuery,
} from '../search.ts';
import { useSubmissionsTexts } from '../texts/use-submissions-texts.ts';

const allowed = { status: receiverStatuses, review: reviewStatuses, due: dueFilters };

/**
 * /submissions: every submission report of the caller's organisations, overdue first then due
 * soon (the server's order), with the counts as tiles that filter, and filters in the address.
 */
export function SubmissionsPage() {
  useSubmissionsTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('submissionsView.dashboard.title'));
  const [search, setSearch] = useUrlFilters<SubmissionSearch>(emptySubmissionSearch, allowed);
  const reports = useSubmissionReports(submissionQuery(search));
  const pages = reports.data ? Math.max(1, Math.ceil(reports.data.total / SUBMISSIONS_PAGE_SIZE)) : 1;
  const unfiltered = JSON.stringify({ ...search, page: 1 }) === JSON.stringify(emptySubmissionSearch);
  return (
    <>
      <PageHeader title={t('submissionsView.dashboard.title')} lead={t('submissionsView.dashboard.lead')} />
      <Anchor component={Link} to="/submissions/responses" display="inline-block" mb="md">
        {t('submissionsView.responses.link')}
      </Anchor>
      <SummaryTiles search={search} onSearch={setSearch} />
      <DashboardFilters key={JSON.stringify(search)} search={search} onSearch={setSearch} />
      <ActiveFilters search={search} onSearch={setSearch} />
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
        <Paper withBorder p="lg" data-testid="submissions-empty">
          <Text fw={600}>
            {unfiltered ? t('submissionsView.dashboard.emptyNone') : t('submissionsView.dashboard.empty')}
          </Text>
          <Text mt="xs">
            {unfiltered
              ? t('submissionsView.dashboard.emptyNoneHint')
              : t('submissionsView.dashboard.emptyHint')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <Text role="status">{t('submissionsView.dashboard.count', { count: reports.data.total })}</Text>
          <ReportsTable
            reports={reports.data.items}
            label={t('submissionsView.dashboard.table')}
            linkTo={(r) => `/submissions/reports/${r.id}`}
          />
          {pages > 1 ? (
            <nav aria-label={t('submissionsView.dashboard.pagination')}>
              <Pagination
                total={pages}
                value={search.page}
                onChange={(page) => setSearch({ ...search, page })}
              />
            </nav>
          ) : null}
        </Stack>
      )}
    </>
  );
}
