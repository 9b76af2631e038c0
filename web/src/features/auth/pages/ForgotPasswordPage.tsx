import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

const fieldId = 'forgot-identifier';

/**
 * /forgot-password: asks for the email or username and says a link was sent if the account
 * exists. The answer is the same for every name, so the page never tells who has an account.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const reset = useRequestPasswordReset();
  const [identifier, setIdentifier] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const title = reset.isSuccess ? t('auth.forgot.sentTitle') : t('auth.forgot.title');
  useDocumentTitle(title, errors.length > 0);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = identifier.trim() ? [] : [{ fieldId, message: t('auth.forgot.errors.identifierMissing') }];
    setErrors(found);
    setSubmitCount((n) => n + 1);
    if (found.length === 0) reset.mutate(identifier);
  }

  return (
    <Container size={460} px="md" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          {title}
        </Title>
        {reset.isSuccess ? (
          <Stack gap="md">
            <Text role="status">{t('auth.forgot.sent', { identifier: identifier.trim() })}</Text>
            <Text c="dimmed">{t('auth.forgot.sentHint')}</Text>
            <Anchor component={Link} to="/login">
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        ) : (
          <form noValidate onSubmit={handleSubmit}>
            <Stack gap="md">
              <Text c="dimmed">{t('auth.forgot.lead')}</Text>
              <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submitCount} />
              {reset.isError ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle aria-hidden />}
                  title={t('auth.forgot.failedTitle')}
                >
                  {apiErrorMessage(reset.error, t)}
                </Alert>
              ) : null}
              <TextInput
                id={fieldId}
                name="username"
                label={t('login.identifier')}
                description={t('login.identifierHint')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={identifier}
                onChange={(event) => setIdentifier(event.currentTarget.value)}
                error={errors[0]?.message}
                size="md"
              />
              <Button type="submit" size="md" loading={reset.isPending}>
                {t('auth.forgot.submit')}
              </Button>
              <Anchor component={Link} to="/login">
                {t('auth.backToSignIn')}
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
