import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { useAccountTexts } from '../texts/use-account-texts.ts';

/**
 * /verify-email?token=…: the landing page of the links Vigilo mails to prove an address (a
 * new sign-in email, or an account request). Confirming takes a click, not the page load:
 * mail scanners open links too, and must not confirm anything.
 */
export function VerifyEmailPage() {
  useAccountTexts();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const purpose = confirm.data?.purpose;
  const title = purpose
    ? t(purpose === 'email_change' ? 'account.verifyEmail.changedTitle' : 'account.verifyEmail.requestTitle')
    : t('account.verifyEmail.title');
  useDocumentTitle(title, confirm.isError);

  return (
    <Container size={460} px="md" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="md">
          {title}
        </Title>
        {!token ? (
          <Text>{t('account.verifyEmail.noToken')}</Text>
        ) : purpose ? (
          <Stack gap="md" role="status">
            <Text>
              {t(
                purpose === 'email_change'
                  ? 'account.verifyEmail.changed'
                  : 'account.verifyEmail.requestSent',
              )}
            </Text>
            <Anchor component={Link} to="/login">
              {t('account.verifyEmail.signIn')}
            </Anchor>
          </Stack>
        ) : (
          <Stack gap="md">
            {confirm.isError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                title={t('account.verifyEmail.failedTitle')}
              >
                {apiErrorMessage(confirm.error, t)}
              </Alert>
            ) : null}
            <Text>{t('account.verifyEmail.lead')}</Text>
            <Button size="md" loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {t('account.verifyEmail.confirm')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
