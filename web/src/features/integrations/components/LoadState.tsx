import { Alert, Button, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a list loads, announced to screen readers. */
export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={36} aria-hidden="true" />
      ))}
    </Stack>
  );
}

/** A failed load: what happened, in words, and a way to try again. */
export function LoadFailed({
  title,
  message,
  retrying,
  onRetry,
}: {
  title: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title}>
      <Stack gap="sm" align="flex-start">
        {message}
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
