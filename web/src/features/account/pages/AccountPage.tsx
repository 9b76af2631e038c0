import { Alert, Button, Center, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAccount } from '../api/get-account.ts';
import { useRequestDeletion } from '../api/request-deletion.ts';
import { AccountForm } from '../components/AccountForm.tsx';

/** /account: the signed-in user's name, language and notification preferences. */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const deletion = useRequestDeletion();
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('account.title'), hasErrors);

  return (
    <>
      <PageHeader title={t('account.title')} lead={t('account.lead')} />
      {account.isPending ? (
        <Center p="xl" aria-busy="true">
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </Center>
      ) : account.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('account.loadFailed')}>
          <Stack gap="sm" align="flex-start">
            {apiErrorMessage(account.error, t)}
            <Button
              variant="outline"
              color="red"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => void account.refetch()}
              loading={account.isFetching}
            >
              {t('common.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="xl">
          <AccountForm key={account.data.id} user={account.data} onErrorsChange={setHasErrors} />
          <Paper withBorder p="lg" component="section" aria-labelledby="account-deletion-title">
            <Title order={2} size="h3" id="account-deletion-title" mb="xs">
              {t('account.deletion.title')}
            </Title>
            {account.data.deletionRequestedAt ? (
              <Text role="status">
                {t('account.deletion.requested', {
                  date: formatDate(account.data.deletionRequestedAt, i18n.language),
                })}
              </Text>
            ) : (
              <Stack gap="sm" align="flex-start">
                <Text>{t('account.deletion.lead')}</Text>
                <Button
                  variant="outline"
                  color="red"
                  loading={deletion.isPending}
                  onClick={() => deletion.mutate()}
                >
                  {t('account.deletion.request')}
                </Button>
                {deletion.isError ? <Alert color="red">{apiErrorMessage(deletion.error, t)}</Alert> : null}
              </Stack>
            )}
          </Paper>
        </Stack>
      )}
    </>
  );
}
