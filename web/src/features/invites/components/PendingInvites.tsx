import { Alert, Badge, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import type { OrganisationInvite } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { roleLabelKey } from '../../../lib/roles.ts';
import { type InviteRef, useResendInvite, useRevokeInvite } from '../api/invite-actions.ts';
import { usePendingInvites } from '../api/list-invites.ts';

/** Invites sent and not yet accepted: pending and expired, each with "send again" and "revoke". */
export function PendingInvites({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation();
  const invites = usePendingInvites(organisationId);
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const busy = (invite: OrganisationInvite, action: { isPending: boolean; variables?: InviteRef }) =>
    action.isPending && action.variables?.inviteId === invite.id;
  const done = resend.isSuccess
    ? t('invites.list.resent', { email: resend.variables.email })
    : revoke.isSuccess
      ? t('invites.list.revoked', { email: revoke.variables.email })
      : null;
  const failed = resend.isError ? resend.error : revoke.isError ? revoke.error : null;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="pending-invites-title">
      <Title order={2} size="h3" id="pending-invites-title" mb="sm">
        {t('invites.list.title')}
      </Title>
      {done ? (
        <Alert color="green" role="status" mb="sm">
          {done}
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" mb="sm">
          {apiErrorMessage(failed, t)}
        </Alert>
      ) : null}
      {invites.isPending ? (
        <Skeleton height={40} aria-label={t('common.loading')} />
      ) : invites.isError ? (
        <Alert color="red" title={t('invites.list.loadFailed')}>
          {apiErrorMessage(invites.error, t)}
        </Alert>
      ) : invites.data.length === 0 ? (
        <Text>{t('invites.list.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-labelledby="pending-invites-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('invites.list.email')}</Table.Th>
                <Table.Th scope="col">{t('invites.list.role')}</Table.Th>
                <Table.Th scope="col">{t('invites.list.expires')}</Table.Th>
                <Table.Th scope="col">{t('invites.list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invites.data.map((invite) => (
                <Table.Tr key={invite.id}>
                  <Table.Td>{invite.email}</Table.Td>
                  <Table.Td>{t(roleLabelKey(invite.role))}</Table.Td>
                  <Table.Td>
                    {invite.status === 'expired' ? (
                      <Badge color="gray" variant="light" mr="xs">
                        {t('invites.list.expired')}
                      </Badge>
                    ) : null}
                    {formatDateTime(invite.expiresAt, i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy(invite, resend)}
                        aria-label={t('invites.list.resendLabel', { email: invite.email })}
                        onClick={() => {
                          revoke.reset();
                          resend.mutate({ organisationId, inviteId: invite.id, email: invite.email });
                        }}
                      >
                        {t('invites.list.resend')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        loading={busy(invite, revoke)}
                        aria-label={t('invites.list.revokeLabel', { email: invite.email })}
                        onClick={() => {
                          resend.reset();
                          revoke.mutate({ organisationId, inviteId: invite.id, email: invite.email });
                        }}
                      >
                        {t('invites.list.revoke')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
