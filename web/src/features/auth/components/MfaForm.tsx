import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';

interface MfaFormProps {
  onSubmit: (code: string) => void;
  onRestart: () => void;
  pending: boolean;
  serverError: string | null;
  onErrorsChange?: (hasErrors: boolean) => void;
}

const codeFieldId = 'login-code';

/** Spaces and dashes are accepted ("123 456", "123-456") and dropped before checking. */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * Step two of sign-in when the account has a second factor: the 6-digit code from the
 * authenticator app or text message. `one-time-code` lets phones offer a code they received.
 */
export function MfaForm({ onSubmit, onRestart, pending, serverError, onErrorsChange }: MfaFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  // The step replaces the password form: put the user straight into the one field it has.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = normaliseCode(code);
    const found: FieldErrorItem[] = [];
    if (!value) found.push({ fieldId: codeFieldId, message: t('mfa.errors.codeMissing') });
    else if (!/^\d{6}$/.test(value))
      found.push({ fieldId: codeFieldId, message: t('mfa.errors.codeFormat') });
    setErrors(found);
    setSubmitCount((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length === 0) onSubmit(value);
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submitCount} />
        {serverError && errors.length === 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('mfa.failedTitle')}
          >
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          ref={inputRef}
          id={codeFieldId}
          name="code"
          label={t('mfa.code')}
          description={t('mfa.codeHint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={errors[0]?.message}
          size="md"
          styles={{
            input: { maxWidth: '14rem', letterSpacing: '0.15em', fontVariantNumeric: 'tabular-nums' },
          }}
        />
        <Group gap="sm" mt="xs">
          <Button type="submit" size="md" loading={pending}>
            {t('mfa.submit')}
          </Button>
          <Button type="button" size="md" variant="subtle" onClick={onRestart}>
            {t('mfa.restart')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
