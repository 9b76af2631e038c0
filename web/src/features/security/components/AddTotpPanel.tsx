import { Alert, Code, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MfaMethod } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useConfirmTotp } from '../api/confirm-totp.ts';
import { useSetupTotp } from '../api/setup-totp.ts';
import { CodeConfirmForm } from './CodeConfirmForm.tsx';
import { PasswordStepForm } from './PasswordStepForm.tsx';

/** Spaces every 4 characters, easier to copy by hand into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Adding an authenticator app: the current password, then the QR code (and the key for
 * typing in by hand), then the first code the app shows.
 */
export function AddTotpPanel({
  onDone,
  onCancel,
}: {
  onDone: (method: MfaMethod) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const setup = useSetupTotp();
  const confirm = useConfirmTotp();
  const failedAlert = (error: unknown, title: string) => (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title}>
      {apiErrorMessage(error, t)}
    </Alert>
  );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="add-totp-title">
      <Title order={3} size="h4" id="add-totp-title" mb="sm">
        {t('security.totp.title')}
      </Title>
      {!setup.data ? (
        <PasswordStepForm
          fieldId="totp-current-password"
          pending={setup.isPending}
          serverErrors={
            setup.isError
              ? serverFieldErrors(
                  setup.error,
                  {
                    'body/currentPassword': {
                      fieldId: 'totp-current-password',
                      messageKey: 'security.errors.currentPasswordWrong',
                    },
                  },
                  t,
                )
              : []
          }
          alert={
            setup.isError &&
            serverFieldErrors(setup.error, {}, t).length === 0 &&
            (setup.error as { status?: number }).status !== 400
              ? failedAlert(setup.error, t('security.totp.failedTitle'))
              : null
          }
          submitLabel={t('security.continue')}
          onSubmit={(currentPassword) => setup.mutate(currentPassword)}
          onCancel={onCancel}
        />
      ) : (
        <Stack gap="md">
          <Text>{t('security.totp.scan')}</Text>
          <Image src={setup.data.qrCode} alt={t('security.totp.qrAlt')} w={200} h={200} fit="contain" />
          <Text size="sm">
            {t('security.totp.manual')}{' '}
            <Code data-testid="totp-secret" fz="md">
              {grouped(setup.data.secret)}
            </Code>
          </Text>
          <CodeConfirmForm
            fieldId="totp-code"
            hint={t('security.totp.codeHint')}
            pending={confirm.isPending}
            serverErrors={
              confirm.isError
                ? serverFieldErrors(
                    confirm.error,
                    { 'body/code': { fieldId: 'totp-code', messageKey: 'security.errors.codeWrong' } },
                    t,
                  )
                : []
            }
            alert={
              confirm.isError && (confirm.error as { status?: number }).status !== 400
                ? failedAlert(confirm.error, t('security.totp.failedTitle'))
                : null
            }
            submitLabel={t('security.totp.turnOn')}
            onSubmit={(code) =>
              confirm.mutate(
                { factorSid: setup.data.factorSid, code },
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
