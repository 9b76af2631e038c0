import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';

/**
 * A security change starts by confirming the current password; `children` are the other
 * fields of the step (for example the phone number), validated by `validate`.
 */
export function PasswordStepForm({
  fieldId,
  pending,
  serverErrors,
  alert,
  submitLabel,
  submitColor,
  validate = () => [],
  onSubmit,
  onCancel,
  children,
}: {
  fieldId: string;
  pending: boolean;
  serverErrors: FieldErrorItem[];
  alert?: ReactNode;
  submitLabel: string;
  submitColor?: string;
  validate?: () => FieldErrorItem[];
  onSubmit: (currentPassword: string) => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const shown = errors.length > 0 ? errors : serverErrors;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = [...validate()];
    if (!password) found.push({ fieldId, message: t('security.errors.currentPasswordMissing') });
    setErrors(found);
    setSubmitCount((n) => n + 1);
    if (found.length === 0) onSubmit(password);
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md" maw={480}>
        <ErrorSummary
          title={t('common.errorSummaryTitle')}
          errors={shown}
          focusKey={submitCount + serverErrors.length}
        />
        {alert}
        {children}
        <PasswordInput
          id={fieldId}
          label={t('security.password.current')}
          description={t('security.currentPasswordHint')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={shown.find((e) => e.fieldId === fieldId)?.message}
        />
        <Group gap="sm">
          <Button type="submit" loading={pending} color={submitColor}>
            {submitLabel}
          </Button>
          <Button type="button" variant="subtle" onClick={onCancel}>
            {t('security.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
