import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import type { Credentials } from '../api/login.ts';

interface LoginFormProps {
  onSubmit: (credentials: Credentials) => void;
  pending: boolean;
  /** The server's refusal (wrong credentials, too many attempts), already in words. */
  serverError: string | null;
  /** Shown under the server's refusal: a way forward, such as the other sign-in page. */
  serverErrorAction?: ReactNode;
  /** Reports whether the form currently shows any error, for the "Error: " page title. */
  onErrorsChange?: (hasErrors: boolean) => void;
}

const fieldIds = { identifier: 'login-identifier', password: 'login-password' } as const;

/**
 * Step one of sign-in. Validates on submit only (GOV.UK): an error summary at the top that
 * takes focus, the same message beside each field, and nothing typed is ever cleared.
 * Paste and password managers work: plain inputs with username/current-password autocomplete.
 */
export function LoginForm({
  onSubmit,
  pending,
  serverError,
  serverErrorAction,
  onErrorsChange,
}: LoginFormProps) {
  const { t } = useTranslation();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const errorFor = (fieldId: string) => errors.find((e) => e.fieldId === fieldId)?.message;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!identifier.trim())
      found.push({ fieldId: fieldIds.identifier, message: t('login.errors.identifierMissing') });
    if (!password) found.push({ fieldId: fieldIds.password, message: t('login.errors.passwordMissing') });
    setErrors(found);
    setSubmitCount((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length === 0) onSubmit({ identifier, password });
  }

  return (
    <form noValidate onSubmit={handleSubmit} method="post">
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submitCount} />
        {serverError && errors.length === 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('login.failedTitle')}
          >
            {serverError}
            {serverErrorAction}
          </Alert>
        ) : null}
        <TextInput
          id={fieldIds.identifier}
          name="username"
          label={t('login.identifier')}
          description={t('login.identifierHint')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={identifier}
          onChange={(event) => setIdentifier(event.currentTarget.value)}
          error={errorFor(fieldIds.identifier)}
          size="md"
        />
        <PasswordInput
          id={fieldIds.password}
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errorFor(fieldIds.password)}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('login.showCharacters') }}
          size="md"
        />
        <Button type="submit" size="md" loading={pending} mt="xs">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
