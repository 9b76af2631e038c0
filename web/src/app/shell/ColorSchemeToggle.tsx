import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Switches between light and dark; Mantine's colour-scheme manager saves the choice. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('shell.useDarkTheme') : t('shell.useLightTheme');
  return (
    <ActionIcon
      variant="default"
      size={36}
      onClick={() => setColorScheme(next)}
      aria-label={label}
      title={label}
    >
      {scheme === 'dark' ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
    </ActionIcon>
  );
}
