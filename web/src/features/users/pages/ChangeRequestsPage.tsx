import {
  Alert,
  Center,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { ChangeRequestStatus } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useChangeRequests } from '../api/list-change-requests.ts';
import { ChangeRequestCard } from '../components/ChangeRequestCard.tsx';
import { useUsersTexts } from '../texts/use-users-texts.ts';

const filters: ChangeRequestStatus[] = ['pending', 'approved', 'declined'];

/** /admin/change-requests: the queue (pending first by default) with the diff and the decision. */
export function ChangeRequestsPage() {
  useUsersTexts();
  const { t } = useTranslation();
  useDocumentTitle(t('users.changeRequests.title'));
  const [status, setStatus] = useState<ChangeRequestStatus>('pending');
  const [page, setPage] = useState(1);
  // The last decision, shown above the list: the decided card itself leaves the pending list.
  const [notice, setNotice] = useState<string | null>(null);
  const requests = useChangeRequests({ statuses: [status], page });
  const pages = requests.data ? Math.max(1, Math.ceil(requests.data.total / 50)) : 1;

  return (
    <>
      <PageHeader title={t('users.changeRequests.title')} lead={t('users.changeRequests.lead')} />
      <Stack gap="md">
        <div>
          <Text id="cr-status-label" fw={600} mb={4}>
            {t('users.changeRequests.statusFilter')}
          </Text>
          <SegmentedControl
            aria-labelledby="cr-status-label"
            value={status}
            onChange={(value) => {
              setStatus(value as ChangeRequestStatus);
              setPage(1);
            }}
            data={filters.map((s) => ({ value: s, label: t(`users.changeStatus.${s}`) }))}
          />
        </div>
        {notice ? (
          <Alert
            color="green"
            role="status"
            withCloseButton
            closeButtonLabel={t('common.dismiss')}
            onClose={() => setNotice(null)}
          >
            {notice}
          </Alert>
        ) : null}
        {requests.isPending ? (
          <Center p="xl" aria-busy="true">
            <Loader aria-hidden />
            <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
          </Center>
        ) : requests.isError ? (
          <LoadError
            title={t('users.changeRequests.loadFailed')}
            error={requests.error}
            onRetry={() => void requests.refetch()}
            retrying={requests.isFetching}
          />
        ) : requests.data.items.length === 0 ? (
          <Paper withBorder p="lg">
            <Text>{t('users.changeRequests.empty')}</Text>
          </Paper>
        ) : (
          <>
            {requests.data.items.map((request) => (
              <ChangeRequestCard key={request.id} request={request} onDecided={setNotice} />
            ))}
            {pages > 1 ? (
              <nav aria-label={t('users.changeRequests.pagination')}>
                <Pagination total={pages} value={page} onChange={setPage} />
              </nav>
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
