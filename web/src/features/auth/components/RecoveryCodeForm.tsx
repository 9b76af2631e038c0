import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';

const fieldId = 'login-recovery-code';

/** The MFA step with a recovery code instead, for someone who lost their phone (decision 0036). */
export function RecoveryCodeForm({
  onSubmit,
  onBack,
  pending,
  serverError,
  onErrorsChange,
}: {
  onSubmit: (code: string) => void;
  onBack: () => void;
  pending: boolean;
  serverError: string | null;
  onErrorsChange?: (hasErrors: boolean) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = code.trim() ? [] : [{ fieldId, message: t('auth.recovery.missing') }];
    setErrors(found);
    setSubmits((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length === 0) onSubmit(code);
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
        {serverError && errors.length === 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('auth.recovery.failedTitle')}
          >
            {serverError}
          </Alert>
        ) : null}
        <Text>{t('auth.recovery.lead')}</Text>
        <TextInput
          id={fieldId}
          label={t('auth.recovery.code')}
          description={t('auth.recovery.hint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.find((e) => e.fieldId === fieldId)?.message}
          size="md"
          data-autofocus
        />
        <Button type="submit" size="md" loading={pending}>
          {t('auth.recovery.submit')}
        </Button>
        <Anchor component="button" type="button" onClick={onBack}>
          {t('auth.recovery.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
