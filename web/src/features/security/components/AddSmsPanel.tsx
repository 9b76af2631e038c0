import { Alert, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MfaMethod } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useAddSmsMethod } from '../api/add-sms-method.ts';
import { useConfirmMfaMethod } from '../api/confirm-mfa-method.ts';
import { CodeConfirmForm } from './CodeConfirmForm.tsx';
import { PasswordStepForm } from './PasswordStepForm.tsx';

const phoneId = 'sms-phone-number';
const passwordId = 'sms-current-password';

/** Adding a phone for text messages: number and current password, then the code we text. */
export function AddSmsPanel({
  onDone,
  onCancel,
}: {
  onDone: (method: MfaMethod) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddSmsMethod();
  const confirm = useConfirmMfaMethod();
  const [phone, setPhone] = useState('');
  const addFieldErrors = add.isError
    ? serverFieldErrors(
        add.error,
        {
          'body/currentPassword': { fieldId: passwordId, messageKey: 'security.errors.currentPasswordWrong' },
          'body/phoneNumber': { fieldId: phoneId, messageKey: 'security.errors.phoneFormat' },
        },
        t,
      )
    : [];

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="add-sms-title">
      <Title order={3} size="h4" id="add-sms-title" mb="sm">
        {t('security.sms.title')}
      </Title>
      {!add.data ? (
        <PasswordStepForm
          fieldId={passwordId}
          pending={add.isPending}
          serverErrors={addFieldErrors}
          alert={
            add.isError && addFieldErrors.length === 0 ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                title={t('security.sms.failedTitle')}
              >
                {apiErrorMessage(add.error, t)}
              </Alert>
            ) : null
          }
          submitLabel={t('security.sms.send')}
          validate={() =>
            phone.trim() ? [] : [{ fieldId: phoneId, message: t('security.errors.phoneMissing') }]
          }
          onSubmit={(currentPassword) => add.mutate({ phoneNumber: phone.trim(), currentPassword })}
          onCancel={onCancel}
        >
          <TextInput
            id={phoneId}
            label={t('security.sms.phone')}
            description={t('security.sms.phoneHint')}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={addFieldErrors.find((e) => e.fieldId === phoneId)?.message}
          />
        </PasswordStepForm>
      ) : (
        <Stack gap="md">
          <Text role="status">{t('security.sms.sent', { phone: add.data.phoneNumber })}</Text>
          <CodeConfirmForm
            fieldId="sms-code"
            hint={t('security.sms.codeHint')}
            pending={confirm.isPending}
            serverErrors={
              confirm.isError
                ? serverFieldErrors(
                    confirm.error,
                    { 'body/code': { fieldId: 'sms-code', messageKey: 'security.errors.codeWrong' } },
                    t,
                  )
                : []
            }
            submitLabel={t('security.sms.turnOn')}
            onSubmit={(code) =>
              confirm.mutate(
                { factorSid: add.data.factorSid, code },
                { onSuccess: (method) => onDone(method) },
              )
            }
            onCancel={onCancel}
          />
        </Stack>
      )}
    </Paper>
  );
}
