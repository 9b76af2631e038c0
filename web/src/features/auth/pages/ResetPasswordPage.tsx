import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { passwordRules } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { PasswordRules } from '../../../components/ui/PasswordRules.tsx';
import { apiErrorMessage, readApiFailure } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResetPassword } from '../api/reset-password.ts';

const ids = { password: 'reset-password', confirm: 'reset-password-confirm' } as const;

/**
 * /reset-password?token=…: the new password twice, with the rules shown before typing.
 * The reset signs nobody in: the page ends with a link to sign in (where the second factor
 * is still asked for).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const title = reset.isSuccess ? t('auth.reset.doneTitle') : t('auth.reset.title');
  useDocumentTitle(title, errors.length > 0);
  const errorFor = (id: string) => errors.find((e) => e.fieldId === id)?.message;
  const failure = reset.isError ? readApiFailure(reset.error) : null;
  // The server's own check (for example "not your email address") shows beside the field.
  const serverFieldError = failure?.code === 'VALIDATION_FAILED' ? apiErrorMessage(reset.error, t) : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!password) found.push({ fieldId: ids.password, message: t('auth.reset.errors.passwordMissing') });
    else if ([...password].length < passwordRules.minLength)
      found.push({
        fieldId: ids.password,
        message: t('serverErrors.fields.passwordTooShort', { count: passwordRules.minLength }),
      });
    if (password && confirm !== password)
      found.push({ fieldId: ids.confirm, message: t('auth.reset.errors.mismatch') });
    setErrors(found);
    setSubmitCount((n) => n + 1);
    if (found.length === 0) reset.mutate({ resetToken: token, password });
  }

  return (
    <Container size={460} px="md" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          {title}
        </Title>
        {!token ? (
          <Stack gap="md">
            <Text>{t('auth.reset.noToken')}</Text>
            <Anchor component={Link} to="/forgot-password">
              {t('auth.reset.askAgain')}
            </Anchor>
          </Stack>
        ) : reset.isSuccess ? (
          <Stack gap="md">
            <Text role="status">{t('auth.reset.done')}</Text>
            <Button component={Link} to="/login" size="md">
              {t('auth.reset.signIn')}
            </Button>
          </Stack>
        ) : (
          <form noValidate onSubmit={handleSubmit}>
            <Stack gap="md">
              <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submitCount} />
              {reset.isError && !serverFieldError ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle aria-hidden />}
                  title={t('auth.reset.failedTitle')}
                >
                  <Stack gap="xs" align="flex-start">
                    {apiErrorMessage(reset.error, t)}
                    {failure?.code === 'RESET_TOKEN_INVALID' ? (
                      <Anchor component={Link} to="/forgot-password">
                        {t('auth.reset.askAgain')}
                      </Anchor>
                    ) : null}
                  </Stack>
                </Alert>
              ) : null}
              <PasswordRules />
              <PasswordInput
                id={ids.password}
                name="new-password"
                label={t('auth.reset.password')}
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={errorFor(ids.password) ?? serverFieldError ?? undefined}
                visibilityToggleButtonProps={{ 'aria-label': t('login.showCharacters') }}
                size="md"
              />
              <PasswordInput
                id={ids.confirm}
                name="confirm-password"
                label={t('auth.reset.confirm')}
                autoComplete="new-password"
                value={confirm}
                onChange={(event) => setConfirm(event.currentTarget.value)}
                error={errorFor(ids.confirm)}
                visibilityToggleButtonProps={{ 'aria-label': t('login.showCharacters') }}
                size="md"
              />
              <Button type="submit" size="md" loading={reset.isPending}>
                {t('auth.reset.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
