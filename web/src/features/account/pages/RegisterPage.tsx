import { Alert, Anchor, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRequestOrganisations } from '../api/list-request-organisations.ts';
import { useRequestAccount } from '../api/request-account.ts';
import { RegisterForm } from '../components/RegisterForm.tsx';
import { useAccountTexts } from '../texts/use-account-texts.ts';

/**
 * /register (public): a visitor asks for an account in one of the organisations that take
 * requests (the platform from `?platformId=`, else the host). An administrator of that
 * organisation approves it once the visitor has opened the link mailed to the address they
 * gave (decision 0025); the page says to check their email.
 */
export function RegisterPage() {
  useAccountTexts();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const organisations = useRequestOrganisations(params.get('platformId'));
  const request = useRequestAccount();
  const [hasErrors, setHasErrors] = useState(false);
  const title = request.isSuccess ? t('account.register.sentTitle') : t('account.register.title');
  useDocumentTitle(title, hasErrors || request.isError);

  let body: React.ReactNode;
  if (request.isSuccess) {
    body = (
      <Stack gap="md">
        <Alert
          role="status"
          color="green"
          variant="filled"
          p="lg"
          title={
            <Title order={1} size="h2">
              {t('account.register.sentTitle')}
            </Title>
          }
        >
          <Text c="white">{t('account.register.sentLead', { email: request.variables?.email })}</Text>
        </Alert>
        <Text>{t('account.register.sentReview')}</Text>
        <Text>{t('account.register.sentEmail')}</Text>
        <Text size="sm" c="dimmed">
          {t('account.register.sentNoMail')}
        </Text>
        <Anchor component={Link} to="/login">
          {t('account.register.backToSignIn')}
        </Anchor>
      </Stack>
    );
  } else if (organisations.isPending) {
    body = (
      <Stack aria-busy="true">
        <Skeleton height={20} aria-label={t('common.loading')} />
        <Skeleton height={200} />
      </Stack>
    );
  } else if (organisations.isError) {
    body = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('account.register.loadFailed')}>
        {apiErrorMessage(organisations.error, t)}
      </Alert>
    );
  } else if (organisations.data.length === 0) {
    body = <Text>{t('account.register.closed')}</Text>;
  } else {
    body = (
      <RegisterForm
        organisations={organisations.data}
        pending={request.isPending}
        serverError={request.isError ? apiErrorMessage(request.error, t) : null}
        serverFailure={request.error}
        onErrorsChange={setHasErrors}
        onSubmit={(values) => request.mutate(values)}
      />
    );
  }

  return (
    <Container size={560} px="md" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        {request.isSuccess ? null : (
          <>
            <Title order={1} size="h2" mb="xs">
              {t('account.register.title')}
            </Title>
            <Text c="dimmed" mb="lg">
              {t('account.register.lead')}
            </Text>
          </>
        )}
        {body}
        {request.isSuccess ? null : (
          <Text mt="lg">
            {t('account.register.haveAccount')}{' '}
            <Anchor component={Link} to="/login">
              {t('account.register.signIn')}
            </Anchor>
          </Text>
        )}
      </Paper>
    </Container>
  );
}
