import { Alert, Button, Center, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAccount } from '../api/get-account.ts';
import { AccountForm } from '../components/AccountForm.tsx';
import { DeletionSection } from '../components/DeletionSection.tsx';
import { useAccountTexts } from '../texts/use-account-texts.ts';

/** /account: the signed-in user's name, language and notification preferences. */
export function AccountPage() {
  useAccountTexts();
  const { t } = useTranslation();
  const account = useAccount();
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
          <DeletionSection requestedAt={account.data.deletionRequestedAt} />
        </Stack>
      )}
    </>
  );
}
