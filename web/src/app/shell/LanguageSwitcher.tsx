import { Box, Button, Group } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type LanguageCode, supportedLanguages } from '../../lib/i18n.ts';

/**
 * One button per other interface language, named in its own language ("Français" on an
 * English page): with two languages, one click switches, and no menu code loads with the
 * sign-in page (decision 0039). The choice is remembered in this browser, and by `onChoose`
 * elsewhere too (signed in: saved to the account).
 */
export function LanguageSwitcher({ onChoose }: { onChoose?: (code: LanguageCode) => void }) {
  const { i18n } = useTranslation();
  const others = supportedLanguages.filter((language) => language.code !== i18n.resolvedLanguage);
  return (
    <Group gap={4} wrap="nowrap">
      {others.map((language) => (
        <Button
          key={language.code}
          lang={language.code}
          variant="subtle"
          color="gray"
          c="var(--mantine-color-text)"
          leftSection={<IconLanguage size={20} aria-hidden />}
          // On narrow screens the icon alone stays; the accessible name is still the language.
          aria-label={language.name}
          onClick={() => (onChoose ? onChoose(language.code) : void changeLanguage(i18n, language.code))}
          px="xs"
        >
          <Box component="span" visibleFrom="xs">
            {language.name}
          </Box>
        </Button>
      ))}
    </Group>
  );
}
