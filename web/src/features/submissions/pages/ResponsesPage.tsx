import { Anchor, Badge, Checkbox, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { StoredSubmissionResponse } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useResponses } from '../api/list-responses.ts';
import { AddAcknowledgement } from '../components/AddAcknowledgement.tsx';
import { SUBMISSIONS_PAGE_SIZE } from '../search.ts';
import { useSubmissionsTexts } from '../texts/use-submissions-texts.ts';

const defaults = { unmatched: false, page: 1 };

function Flag({ response }: { response: StoredSubmissionResponse }) {
  const { t } = useTranslation();
  const [colour, key] = response.malformed
    ? ['red', 'unreadable']
    : response.matched
      ? ['green', 'matched']
      : ['orange', 'unmatched'];
  return (
    <Badge
      color={colour}
      variant="light"
      styles={{ root: { textTransform: 'none', height: 'auto' }, label: { whiteSpace: 'normal' } }}
    >
      {t(`submissionsView.responses.flags.${key}`)}
    </Badge>
  );
}

/** How it came: posted, or by AS2 from which receiver; and what it is. */
function Source({ response }: { response: StoredSubmissionResponse }) {
  const { t } = useTranslation();
  const via =
    response.via === 'as2'
      ? response.receiverName
        ? t('submissionsView.responses.via', { receiver: response.receiverName })
        : t('submissionsView.responses.viaRemoved')
      : t('submissionsView.responses.viaApi');
  return (
    <>
      <Text size="sm" data-testid="response-source">
        {via}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`submissionsView.responses.kinds.${response.kind}`)}
      </Text>
    </>
  );
}

/**
 * /submissions/responses: every acknowledgement receivers sent back, kept whether or not it
 * matched a message (decision 0172), newest first; "only those to look at" keeps the ones
 * that name no message Vigilo sent, or could not be read, with why in words.
 */
export function ResponsesPage() {
  useSubmissionsTexts();
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('submissionsView.responses.title'));
  const [search, setSearch] = useUrlFilters(defaults);
  const responses = useResponses({
    page: search.page,
    size: SUBMISSIONS_PAGE_SIZE,
    ...(search.unmatched ? { matched: false } : {}),
  });
  const pages = responses.data ? Math.max(1, Math.ceil(responses.data.total / SUBMISSIONS_PAGE_SIZE)) : 1;
  return (
    <>
      <Anchor component={Link} to="/submissions" size="sm" mb="sm" display="inline-flex" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> {t('submissionsView.detail.back')}
      </Anchor>
      <PageHeader title={t('submissionsView.responses.title')} lead={t('submissionsView.responses.lead')} />
      <AddAcknowledgement />
      <Checkbox
        mb="md"
        label={t('submissionsView.responses.onlyUnmatched')}
        checked={search.unmatched}
        onChange={(event) => setSearch({ unmatched: event.currentTarget.checked, page: 1 })}
      />
      {responses.isPending ? (
        <Loading />
      ) : responses.isError ? (
        <LoadError
          title={t('submissionsView.responses.loadFailed')}
          error={responses.error}
          onRetry={() => void responses.refetch()}
          retrying={responses.isFetching}
        />
      ) : responses.data.items.length === 0 ? (
        <Paper withBorder p="lg" data-testid="responses-empty">
          <Text fw={600}>{t('submissionsView.responses.empty')}</Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label={t('submissionsView.responses.table')} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('submissionsView.responses.columns.received')}</Table.Th>
                  <Table.Th>{t('submissionsView.responses.columns.source')}</Table.Th>
                  <Table.Th>{t('submissionsView.responses.columns.flag')}</Table.Th>
                  <Table.Th>{t('submissionsView.responses.columns.messages')}</Table.Th>
                  <Table.Th>{t('submissionsView.responses.columns.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {responses.data.items.map((response) => (
                  <Table.Tr key={response.id}>
                    <Table.Td>{formatDateTime(response.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Source response={response} />
                    </Table.Td>
                    <Table.Td>
                      <Flag response={response} />
                      {response.code ? (
                        <Text size="sm" mt={4}>
                          {t(`submissionsView.detail.ackCodes.${response.code}`, {
                            defaultValue: response.code,
                          })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {response.submissionReportId ? (
                        <Anchor component={Link} to={`/submissions/reports/${response.submissionReportId}`}>
                          {response.messageIds.join(', ')}
                        </Anchor>
                      ) : (
                        response.messageIds.join(', ') || '—'
                      )}
                    </Table.Td>
                    <Table.Td>{response.problem ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
