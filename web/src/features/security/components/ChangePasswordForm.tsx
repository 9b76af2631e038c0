import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { passwordRules } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { PasswordRules } from '../../../components/ui/PasswordRules.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

const ids = {
  current: 'security-current-password',
  password: 'security-new-password',
  confirm: 'security-confirm-password',
} as const;

/** Change password: the current one, then the new one twice. Other devices are signed out. */
export function ChangePasswordForm({ onErrorsChange }: { onErrorsChange?: (has: boolean) => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const serverErrors = change.isError
    ? serverFieldErrors(
        change.error,
        {
          'body/currentPassword': {
            fieldId: ids.current,
            messageKey: 'security.errors.currentPasswordWrong',
          },
          'body/password': { fieldId: ids.password, label: t('security.password.new') },
        },
        t,
      )
    : [];
  const shown = errors.length > 0 ? errors : serverErrors;
  const errorFor = (id: string) => shown.find((e) => e.fieldId === id)?.message;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!current) found.push({ fieldId: ids.current, message: t('security.errors.currentPasswordMissing') });
    if (!password) found.push({ fieldId: ids.password, message: t('security.errors.newPasswordMissing') });
    else if ([...password].length < passwordRules.minLength)
      found.push({
        fieldId: ids.password,
        message: t('serverErrors.fields.passwordTooShort', { count: passwordRules.minLength }),
      });
    if (password && confirm !== password)
      found.push({ fieldId: ids.confirm, message: t('security.errors.mismatch') });
    setErrors(found);
    setSubmitCount((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length === 0)
      change.mutate(
        { currentPassword: current, password },
        {
          onSuccess: () => {
            setCurrent('');
            setPassword('');
            setConfirm('');
          },
          onError: () => setSubmitCount((n) => n + 1),
        },
      );
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="change-password-title">
      <Title order={2} size="h3" id="change-password-title" mb="sm">
        {t('security.password.title')}
      </Title>
      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="md" maw={480}>
          <ErrorSummary title={t('common.errorSummaryTitle')} errors={shown} focusKey={submitCount} />
          {change.isSuccess ? (
            <Alert
              color="teal"
              icon={<IconCircleCheck aria-hidden />}
              role="status"
              title={t('security.password.doneTitle')}
            >
              {t('security.password.done')}
            </Alert>
          ) : null}
          {change.isError && serverErrors.length === 0 ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              title={t('security.password.failedTitle')}
            >
              {apiErrorMessage(change.error, t)}
            </Alert>
          ) : null}
          <PasswordInput
            id={ids.current}
            label={t('security.password.current')}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errorFor(ids.current)}
          />
          <PasswordRules />
          <PasswordInput
            id={ids.password}
            label={t('security.password.new')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errorFor(ids.password)}
          />
          <PasswordInput
            id={ids.confirm}
            label={t('security.password.confirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errorFor(ids.confirm)}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('security.password.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
