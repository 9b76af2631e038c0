import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { serverFieldErrors } from '../../../lib/server-errors.ts';
import { useRecoveryCodes, useRegenerateRecoveryCodes } from '../api/recovery-codes.ts';
import { PasswordStepForm } from './PasswordStepForm.tsx';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';

const passwordId = 'recovery-codes-password';

/** Recovery codes: how many are left, and a new set after the password (shown once). */
export function RecoveryCodesSection({
  freshCodes,
  onFreshSaved,
}: {
  freshCodes: string[] | null;
  onFreshSaved: () => void;
}) {
  const { t } = useTranslation();
  const status = useRecoveryCodes(true);
  const regenerate = useRegenerateRecoveryCodes();
  const [asking, setAsking] = useState(false);
  const shown = freshCodes ?? regenerate.data?.codes ?? null;
  const fieldErrors = regenerate.isError
    ? serverFieldErrors(
        regenerate.error,
        {
          'body/currentPassword': { fieldId: passwordId, messageKey: 'security.errors.currentPasswordWrong' },
        },
        t,
      )
    : [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recovery-codes-title">
      <Title order={3} size="h4" id="recovery-codes-title" mb="xs">
        {t('security.recovery.title')}
      </Title>
      <Stack gap="sm" align="flex-start">
        <Text>{t('security.recovery.lead')}</Text>
        {status.data ? (
          <Text fw={600} role="status">
            {t('security.recovery.remaining', { count: status.data.remaining })}
          </Text>
        ) : null}
        {shown ? (
          <RecoveryCodesList
            codes={shown}
            onSaved={() => {
              regenerate.reset();
              onFreshSaved();
            }}
          />
        ) : asking ? (
          <PasswordStepForm
            fieldId={passwordId}
            pending={regenerate.isPending}
            serverErrors={fieldErrors}
            alert={
              regenerate.isError && fieldErrors.length === 0 ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                  {apiErrorMessage(regenerate.error, t)}
                </Alert>
              ) : null
            }
            submitLabel={t('security.recovery.make')}
            onSubmit={(currentPassword) =>
              regenerate.mutate(currentPassword, { onSuccess: () => setAsking(false) })
            }
            onCancel={() => setAsking(false)}
          />
        ) : (
          <Button variant="default" onClick={() => setAsking(true)}>
            {t('security.recovery.make')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
