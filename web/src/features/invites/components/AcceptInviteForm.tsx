import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { InviteAccept } from '@vigilo/contract';
import { passwordRules } from '@vigilo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { PasswordRules } from '../../../components/ui/PasswordRules.tsx';

const MIN_PASSWORD = passwordRules.minLength;

interface Props {
  email: string;
  token: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (body: InviteAccept) => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

/** Name and a new password for the invited account; validated on submit (GOV.UK). */
export function AcceptInviteForm({ email, token, pending, serverError, onSubmit, onErrorsChange }: Props) {
  const { t } = useTranslation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  const errorFor = (id: string) => errors.find((e) => e.fieldId === id)?.message;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!firstName.trim())
      found.push({ fieldId: 'accept-first-name', message: t('invites.accept.errors.firstNameMissing') });
    if (!lastName.trim())
      found.push({ fieldId: 'accept-last-name', message: t('invites.accept.errors.lastNameMissing') });
    if (!password)
      found.push({ fieldId: 'accept-password', message: t('invites.accept.errors.passwordMissing') });
    else if (password.length < MIN_PASSWORD)
      found.push({
        fieldId: 'accept-password',
        message: t('serverErrors.fields.passwordTooShort', { count: MIN_PASSWORD }),
      });
    setErrors(found);
    setSubmits((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length === 0)
      onSubmit({ token, firstName: firstName.trim(), lastName: lastName.trim(), password });
  }

  return (
    <form noValidate onSubmit={handleSubmit} method="post">
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={errors} focusKey={submits} />
        {serverError && errors.length === 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('invites.accept.failedTitle')}
          >
            {serverError}
          </Alert>
        ) : null}
        <div>
          <Text fw={600} size="sm">
            {t('invites.accept.email')}
          </Text>
          <Text data-testid="invite-email">{email}</Text>
        </div>
        <TextInput
          id="accept-first-name"
          label={t('invites.accept.firstName')}
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.currentTarget.value)}
          error={errorFor('accept-first-name')}
        />
        <TextInput
          id="accept-last-name"
          label={t('invites.accept.lastName')}
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.currentTarget.value)}
          error={errorFor('accept-last-name')}
        />
        <PasswordInput
          id="accept-password"
          label={t('invites.accept.password')}
          description={<PasswordRules />}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errorFor('accept-password')}
          visibilityToggleButtonProps={{ 'aria-label': t('invites.accept.showCharacters') }}
        />
        {/* Lets password managers save the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <Button type="submit" loading={pending}>
          {t('invites.accept.submit')}
        </Button>
      </Stack>
    </form>
  );
}
