import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
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
