import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ActiveSession } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useEndSessions, useSessions } from '../api/sessions.ts';
import { describeUserAgent } from '../user-agent.ts';

function deviceName(session: ActiveSession, t: TFunction): string {
  const { browser, system } = describeUserAgent(session.userAgent);
  if (browser && system) return t('security.sessions.browserOn', { browser, system });
  return browser ?? system ?? t('security.sessions.unknownDevice');
}

/** Where you are signed in (decision 0036): sign one session out, or sign out everywhere. */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const end = useEndSessions();
  const [confirmingAll, setConfirmingAll] = useState(false);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="sessions-title">
      <Title order={2} size="h3" id="sessions-title" mb="xs">
        {t('security.sessions.title')}
      </Title>
      <Text mb="sm">{t('security.sessions.lead')}</Text>
      {end.isError ? (
        <Alert color="red" mb="sm">
          {apiErrorMessage(end.error, t)}
        </Alert>
      ) : null}
      {end.isSuccess ? (
        <Alert color="green" role="status" mb="sm">
          {t('security.sessions.ended')}
        </Alert>
      ) : null}
      {sessions.isPending ? (
        <Skeleton height={40} aria-label={t('common.loading')} />
      ) : sessions.isError ? (
        <Alert color="red">{apiErrorMessage(sessions.error, t)}</Alert>
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-labelledby="sessions-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('security.sessions.device')}</Table.Th>
                  <Table.Th scope="col">{t('security.sessions.address')}</Table.Th>
                  <Table.Th scope="col">{t('security.sessions.lastUsed')}</Table.Th>
                  <Table.Th scope="col">{t('security.sessions.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((s) => {
                  const name = deviceName(s, t);
                  return (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Text span title={s.userAgent ?? undefined}>
                          {name}
                        </Text>{' '}
                        {s.current ? (
                          <Badge variant="light" ml={4}>
                            {t('security.sessions.thisDevice')}
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{s.ip ?? t('common.notProvided')}</Table.Td>
                      <Table.Td>{formatDateTime(s.lastUsedAt, i18n.language)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="outline"
                          color="red"
                          loading={end.isPending && end.variables?.id === s.id}
                          aria-label={t('security.sessions.signOutLabel', { device: name })}
                          onClick={() => end.mutate({ id: s.id, current: s.current })}
                        >
                          {t('security.sessions.signOut')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {confirmingAll ? (
            <Alert color="red" variant="light" title={t('security.sessions.everywhereTitle')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('security.sessions.everywhereLead')}</Text>
                <Group gap="xs">
                  <Button
                    color="red"
                    loading={end.isPending && end.variables?.id === 'all'}
                    onClick={() => end.mutate({ id: 'all', current: true })}
                  >
                    {t('security.sessions.everywhereConfirm')}
                  </Button>
                  <Button variant="default" onClick={() => setConfirmingAll(false)}>
                    {t('security.cancel')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <div>
              <Button variant="outline" color="red" onClick={() => setConfirmingAll(true)}>
                {t('security.sessions.everywhere')}
              </Button>
            </div>
          )}
        </Stack>
      )}
    </Paper>
  );
}
