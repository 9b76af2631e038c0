import { Alert, Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { MfaMethodKind, SsoProviderLink } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorItem } from '../../../components/ui/ErrorSummary.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useSendStepUpCode, useStartSsoLink } from '../api/sso-links.ts';
import { PasswordStepForm } from './PasswordStepForm.tsx';

const ids = { provider: 'sso-link-provider', code: 'sso-link-code', password: 'sso-link-password' } as const;

/**
 * Linking a sign-in provider: which one, the current password and, when the account has a
 * second factor, its code (a text message on request). Then the browser goes to the provider.
 */
export function SsoLinkPanel({
  providers,
  methods,
  onCancel,
}: {
  providers: SsoProviderLink[];
  /** The account's working second factors; empty = the password is enough. */
  methods: MfaMethodKind[];
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartSsoLink();
  const sendCode = useSendStepUpCode();
  const [providerId, setProviderId] = useState<string | null>(
    providers.length === 1 ? providers[0]!.id : null,
  );
  const [code, setCode] = useState('');
  const [localErrors, setLocalErrors] = useState<FieldErrorItem[]>([]);
  const needsCode = methods.length > 0;
  // A code from the app when there is one, else a text message.
  const method: MfaMethodKind = methods.includes('totp') ? 'totp' : 'sms';

  const serverErrors = start.isError
    ? serverFieldErrors(
        start.error,
        {
          'body/currentPassword': {
            fieldId: ids.password,
            messageKey: 'security.errors.currentPasswordWrong',
          },
          'body/code': { fieldId: ids.code, messageKey: 'security.errors.codeWrong' },
        },
        t,
      )
    : [];

  function validate(): FieldErrorItem[] {
    const found: FieldErrorItem[] = [];
    if (!providerId) found.push({ fieldId: ids.provider, message: t('security.sso.errors.providerMissing') });
    const value = code.replace(/[\s-]/g, '');
    if (needsCode && !value) found.push({ fieldId: ids.code, message: t('security.errors.codeMissing') });
    else if (needsCode && !/^\d{6}$/.test(value))
      found.push({ fieldId: ids.code, message: t('security.errors.codeFormat') });
    setLocalErrors(found);
    return found;
  }
  const errorFor = (fieldId: string) =>
    (localErrors.length ? localErrors : serverErrors).find((e) => e.fieldId === fieldId)?.message;

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('security.sso.link')}
      </Title>
      <PasswordStepForm
        fieldId={ids.password}
        pending={start.isPending}
        serverErrors={serverErrors}
        alert={
          start.isError && serverErrors.length === 0 ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              title={t('security.sso.failedTitle')}
            >
              {apiErrorMessage(start.error, t)}
            </Alert>
          ) : null
        }
        submitLabel={t('security.sso.submit')}
        validate={validate}
        onSubmit={(currentPassword) =>
          providerId &&
          start.mutate({
            providerId,
            currentPassword,
            ...(needsCode ? { code: code.replace(/[\s-]/g, ''), method } : {}),
          })
        }
        onCancel={onCancel}
      >
        <Select
          id={ids.provider}
          label={t('security.sso.provider')}
          data={providers.map((p) => ({ value: p.id, label: p.name }))}
          value={providerId}
          onChange={setProviderId}
          error={errorFor(ids.provider)}
        />
        {needsCode && method === 'sms' ? (
          <Stack gap={4} align="flex-start">
            <Button variant="outline" onClick={() => sendCode.mutate()} loading={sendCode.isPending}>
              {t('security.sso.sendCode')}
            </Button>
            {sendCode.isSuccess ? (
              <Text role="status" size="sm" c="teal.8">
                <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
                {t('security.sso.codeSent')}
              </Text>
            ) : null}
            {sendCode.isError ? (
              <Text role="alert" size="sm" c="red.8">
                {apiErrorMessage(sendCode.error, t)}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {needsCode ? (
          <TextInput
            id={ids.code}
            label={t('security.code')}
            description={t('security.sso.codeHint')}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errorFor(ids.code)}
            styles={{ input: { maxWidth: '14rem' } }}
          />
        ) : null}
      </PasswordStepForm>
    </Stack>
  );
}
