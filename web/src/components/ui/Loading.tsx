import { Center, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A spinner while something loads, announced to screen readers as "Loading", or as `label`
 * (also shown beside the spinner) when the wait deserves its own words ("Checking the case…").
 */
export function Loading({ label }: { label?: string } = {}) {
  const { t } = useTranslation();
  return (
    <Center p="xl" aria-busy="true">
      {label ? (
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text role="status">{label}</Text>
        </Group>
      ) : (
        <>
          <Loader aria-hidden />
          <VisuallyHidden role="status">{t('common.loading')}</VisuallyHidden>
        </>
      )}
    </Center>
  );
}
