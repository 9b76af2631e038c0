import { Alert, Button, PasswordInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { AccountRequestBody, AccountRequestTarget } from '@vigilo/contract';
import { passwordRules } from '@vigilo/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { PasswordRules } from '../../../components/ui/PasswordRules.tsx';
import { serverFieldErrors } from '../../../lib/server-errors.ts';

/** The server's rule (AccountRequestBody.password minLength). */
export const MIN_PASSWORD = passwordRules.minLength;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Props {
  organisations: AccountRequestTarget[];
  pending: boolean;
  serverError: string | null;
  /** The refused request itself: refusals naming a field show beside it and in the summary. */
  serverFailure?: unknown;
  onSubmit: (body: AccountRequestBody) => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

/** The request form; validated on submit, every problem in the summary and beside its field (GOV.UK). */
export function RegisterForm({
  organisations,
  pending,
  serverError,
  serverFailure,
  onSubmit,
  onErrorsChange,
}: Props) {
  const { t, i18n } = useTranslation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [organisationId, setOrganisationId] = useState<string | null>(
    organisations.length === 1 ? organisations[0]!.id : null,
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrorItem[]>([]);
  const [submits, setSubmits] = useState(0);
  // The server's refusals of a field, in the same places as the browser's own (decision 0037).
  const serverItems = serverFieldErrors(
    serverFailure,
    {
      'body/firstName': { fieldId: 'register-first-name', label: t('account.register.firstName') },
      'body/lastName': { fieldId: 'register-last-name', label: t('account.register.lastName') },
      'body/email': { fieldId: 'register-email', label: t('account.register.email') },
      'body/organisationId': { fieldId: 'register-organisation', label: t('account.register.organisation') },
      'body/password': { fieldId: 'register-password', label: t('account.register.password') },
      'body/message': { fieldId: 'register-message', label: t('account.register.message') },
    },
    t,
  );
  const shown = errors.length > 0 ? errors : serverItems;
  const refusedField = serverItems.length > 0;
  useEffect(() => {
    if (serverFailure && refusedField) setSubmits((n) => n + 1);
  }, [serverFailure, refusedField]);
  const errorFor = (id: string) => shown.find((e) => e.fieldId === id)?.message;
  const e = (key: string) => t(`account.register.errors.${key}`);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrorItem[] = [];
    if (!firstName.trim()) found.push({ fieldId: 'register-first-name', message: e('firstNameMissing') });
    if (!lastName.trim()) found.push({ fieldId: 'register-last-name', message: e('lastNameMissing') });
    if (!email.trim()) found.push({ fieldId: 'register-email', message: e('emailMissing') });
    else if (!EMAIL.test(email.trim())) found.push({ fieldId: 'register-email', message: e('emailInvalid') });
    if (!organisationId) found.push({ fieldId: 'register-organisation', message: e('organisationMissing') });
    if (!password) found.push({ fieldId: 'register-password', message: e('passwordMissing') });
    else if (password.length < MIN_PASSWORD)
      found.push({
        fieldId: 'register-password',
        message: t('serverErrors.fields.passwordTooShort', { count: MIN_PASSWORD }),
      });
    if (password && !confirm)
      found.push({ fieldId: 'register-password-confirm', message: e('confirmMissing') });
    else if (password && confirm !== password)
      found.push({ fieldId: 'register-password-confirm', message: e('confirmMismatch') });
    setErrors(found);
    setSubmits((n) => n + 1);
    onErrorsChange?.(found.length > 0);
    if (found.length > 0 || !organisationId) return;
    onSubmit({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      email: email.trim(),
      organisationId,
      password,
      language: i18n.language?.startsWith('fr') ? 'fr' : 'en',
      ...(message.trim() ? { message: message.trim() } : {}),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} method="post">
      <Stack gap="md">
        <ErrorSummary title={t('common.errorSummaryTitle')} errors={shown} focusKey={submits} />
        {serverError && shown.length === 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('account.register.failedTitle')}
          >
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          id="register-first-name"
          label={t('account.register.firstName')}
          autoComplete="given-name"
          value={firstName}
          onChange={(ev) => setFirstName(ev.currentTarget.value)}
          error={errorFor('register-first-name')}
        />
        <TextInput
          id="register-last-name"
          label={t('account.register.lastName')}
          autoComplete="family-name"
          value={lastName}
          onChange={(ev) => setLastName(ev.currentTarget.value)}
          error={errorFor('register-last-name')}
        />
        <TextInput
          id="register-email"
          type="email"
          label={t('account.register.email')}
          description={t('account.register.emailHint')}
          autoComplete="email"
          spellCheck={false}
          value={email}
          onChange={(ev) => setEmail(ev.currentTarget.value)}
          error={errorFor('register-email')}
        />
        <Select
          id="register-organisation"
          label={t('account.register.organisation')}
          description={t('account.register.organisationHint')}
          placeholder={t('account.register.organisationPlaceholder')}
          data={organisations.map((o) => ({ value: o.id, label: o.name }))}
          value={organisationId}
          onChange={setOrganisationId}
          searchable={organisations.length > 7}
          allowDeselect={false}
          error={errorFor('register-organisation')}
        />
        <div>
          <PasswordInput
            id="register-password"
            label={t('account.register.password')}
            autoComplete="new-password"
            value={password}
            onChange={(ev) => setPassword(ev.currentTarget.value)}
            error={errorFor('register-password')}
            aria-describedby="register-password-rules"
            visibilityToggleButtonProps={{ 'aria-label': t('account.register.showCharacters') }}
          />
          <PasswordRules id="register-password-rules" />
        </div>
        <PasswordInput
          id="register-password-confirm"
          label={t('account.register.passwordConfirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={(ev) => setConfirm(ev.currentTarget.value)}
          error={errorFor('register-password-confirm')}
          visibilityToggleButtonProps={{ 'aria-label': t('account.register.showCharacters') }}
        />
        <Textarea
          id="register-message"
          label={`${t('account.register.message')} ${t('account.register.optional')}`}
          description={t('account.register.messageHint')}
          rows={4}
          maxLength={2000}
          value={message}
          onChange={(ev) => setMessage(ev.currentTarget.value)}
        />
        <div>
          <Button type="submit" loading={pending}>
            {t('account.register.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
