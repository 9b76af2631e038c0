import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';

/** The last step of adding a factor: its first 6-digit code (spaces and dashes accepted). */
export function CodeConfirmForm({
  fieldId,
  hint,
  pending,
  serverErrors,
  alert,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  fieldId: string;
  hint: string;
  pending: boolean;
  serverErrors: FieldErrorItem[];
  alert?: ReactNode;
  submitLabel: string;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const shown = errors.length > 0 ? errors : serverErrors;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/[\s-]/g, '');
    const found: FieldErrorItem[] = [];
    if (!value) found.push({ fieldId, message: t('security.errors.codeMissing') });
    else if (!/^\d{6}$/.test(value)) found.push({ fieldId, message: t('security.errors.codeFormat') });
    setErrors(found);
    setSubmitCount((n) => n + 1);
    if (found.length === 0) onSubmit(value);
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
        <TextInput
          id={fieldId}
          label={t('security.code')}
          description={hint}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={shown[0]?.message}
          styles={{ input: { maxWidth: '14rem', letterSpacing: '0.15em' } }}
        />
        <Group gap="sm">
          <Button type="submit" loading={pending}>
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
