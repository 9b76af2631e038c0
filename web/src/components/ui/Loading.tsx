import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A spinner while something loads, announced to screen readers as "Loading". */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Center p="xl" aria-busy="true">
      <Loader aria-hidden />
      <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
