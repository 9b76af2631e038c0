import { Anchor, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { useReceivers } from '../api/get-receivers.ts';

/** Where the organisation sends reports; its administrators manage them on the receivers pages. */
export function ReceiversSection({ organisationId, canEdit }: { organisationId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const receivers = useReceivers(organisationId);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="receivers-title">
      <Title order={2} size="h3" id="receivers-title">
        {t('organisations.receivers.title')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('organisations.receivers.lead')}
      </Text>
      {receivers.isPending ? (
        <Skeleton height={40} aria-label={t('common.loading')} />
      ) : receivers.isError ? (
        <LoadError
          title={t('organisations.detail.loadFailed')}
          error={receivers.error}
          onRetry={() => void receivers.refetch()}
          retrying={receivers.isFetching}
        />
      ) : receivers.data.length === 0 ? (
        <Text>{t('organisations.receivers.empty')}</Text>
      ) : (
        <Table verticalSpacing="xs" aria-labelledby="receivers-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('organisations.receivers.name')}</Table.Th>
              <Table.Th scope="col">{t('organisations.receivers.code')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receivers.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{r.code ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canEdit ? (
        <Anchor
          component={Link}
          to={`/admin/organisations/${encodeURIComponent(organisationId)}/receivers`}
          mt="sm"
          display="inline-block"
        >
          {t('organisations.receivers.manage')}
        </Anchor>
      ) : null}
    </Paper>
  );
}
