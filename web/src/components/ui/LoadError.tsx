import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, readApiFailure } from '../../lib/api-errors.ts';
import { NoAccess } from './NoAccess.tsx';

/**
 * A failed load, in words. A refusal (403) is the "no access" page and a missing item (404)
 * says so; neither offers "Try again", which would only get the same answer. Anything else
 * (network, 5xx) offers a retry.
 */
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
  const { status } = readApiFailure(error);
  if (status === 403) return <NoAccess />;
  const final = status !== null && status < 500 && status !== 408 && status !== 429;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title}>
      <Stack gap="sm" align="flex-start">
        {status === 404 ? t('errors.notFound') : apiErrorMessage(error, t)}
        {final ? null : (
          <Button
            variant="outline"
            color="red"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            {t('common.tryAgain')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
