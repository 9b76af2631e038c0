import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useRequestDeletion } from '../api/request-deletion.ts';
import { useWithdrawDeletion } from '../api/withdraw-deletion.ts';

/**
 * "Delete your account": asking needs a confirmation that says what will happen; while the
 * request waits for an administrator it can be withdrawn (decision 0034).
 */
export function DeletionSection({ requestedAt }: { requestedAt: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  const deletion = useRequestDeletion();
  const withdraw = useWithdrawDeletion();
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const close = () => {
    setConfirming(false);
    deletion.reset();
    trigger.current?.focus();
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="account-deletion-title">
      <Title order={2} size="h3" id="account-deletion-title" mb="xs">
        {t('account.deletion.title')}
      </Title>
      {requestedAt ? (
        <Stack gap="sm" align="flex-start">
          <Text role="status">
            {t('account.deletion.requested', { date: formatDate(requestedAt, i18n.language) })}
          </Text>
          <Text>{t('account.deletion.withdrawLead')}</Text>
          <Button variant="outline" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
            {t('account.deletion.withdraw')}
          </Button>
          {withdraw.isError ? <Alert color="red">{apiErrorMessage(withdraw.error, t)}</Alert> : null}
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          {withdraw.isSuccess ? <Text role="status">{t('account.deletion.withdrawn')}</Text> : null}
          <Text>{t('account.deletion.lead')}</Text>
          <Button ref={trigger} variant="outline" color="red" onClick={() => setConfirming(true)}>
            {t('account.deletion.request')}
          </Button>
        </Stack>
      )}
      <Modal opened={confirming} onClose={close} title={t('account.deletion.confirmTitle')} centered>
        <Stack gap="md">
          <Text>{t('account.deletion.confirmLead')}</Text>
          <List spacing="xs">
            <List.Item>{t('account.deletion.confirmWho')}</List.Item>
            <List.Item>{t('account.deletion.confirmMeanwhile')}</List.Item>
            <List.Item>{t('account.deletion.confirmRemoved')}</List.Item>
            <List.Item>{t('account.deletion.confirmKept')}</List.Item>
          </List>
          {deletion.isError ? <Alert color="red">{apiErrorMessage(deletion.error, t)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('account.deletion.cancel')}
            </Button>
            <Button
              color="red"
              loading={deletion.isPending}
              onClick={() => deletion.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t('account.deletion.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
