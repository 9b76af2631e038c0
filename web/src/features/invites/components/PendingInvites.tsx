import { Alert, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { roleLabelKey } from '../../../lib/roles.ts';
import { usePendingInvites } from '../api/list-invites.ts';

/** Invites sent and not yet accepted or expired. */
export function PendingInvites({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation();
  const invites = usePendingInvites(organisationId);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="pending-invites-title">
      <Title order={2} size="h3" id="pending-invites-title" mb="sm">
        {t('invites.list.title')}
      </Title>
      {invites.isPending ? (
        <Skeleton height={40} aria-label={t('common.loading')} />
      ) : invites.isError ? (
        <Alert color="red" title={t('invites.list.loadFailed')}>
          {apiErrorMessage(invites.error, t)}
        </Alert>
      ) : invites.data.length === 0 ? (
        <Text>{t('invites.list.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="xs" aria-labelledby="pending-invites-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('invites.list.email')}</Table.Th>
                <Table.Th scope="col">{t('invites.list.role')}</Table.Th>
                <Table.Th scope="col">{t('invites.list.expires')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invites.data.map((invite) => (
                <Table.Tr key={invite.id}>
                  <Table.Td>{invite.email}</Table.Td>
                  <Table.Td>{t(roleLabelKey(invite.role))}</Table.Td>
                  <Table.Td>{formatDateTime(invite.expiresAt, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
