import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-errors.ts';

/** A failed load: what happened in words, and a retry. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title}>
      <Stack gap="sm" align="flex-start">
        {apiErrorMessage(error, t)}
        <Button
          variant="outline"
          color="red"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={onRetry}
          loading={retrying}
        >
          {t('common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
