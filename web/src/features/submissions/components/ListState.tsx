import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The loading state of a list or panel: a spinner, and "Loading" for screen readers. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Center p="xl" aria-busy="true">
      <Loader aria-hidden />
      <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
