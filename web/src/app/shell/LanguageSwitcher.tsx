import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type LanguageCode, supportedLanguages } from '../../lib/i18n.ts';

/**
 * Header menu listing every interface language by its own name; the choice is remembered
 * in this browser, and by `onChoose` elsewhere too (signed in: saved to the account).
 */
export function LanguageSwitcher({ onChoose }: { onChoose?: (code: LanguageCode) => void }) {
  const { t, i18n } = useTranslation();
  const current = supportedLanguages.find((l) => l.code === i18n.resolvedLanguage) ?? supportedLanguages[0];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="var(--mantine-color-text)"
          leftSection={<IconLanguage size={20} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={t('shell.languageButton', { language: current.name })}
          px="xs"
        >
          {/* On narrow screens the icon alone stays; the accessible name still says the language. */}
          <Box component="span" visibleFrom="xs">
            {current.name}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.languageMenu')}</Menu.Label>
        {supportedLanguages.map((language) => {
          const selected = language.code === current.code;
          return (
            <Menu.Item
              key={language.code}
              lang={language.code}
              aria-current={selected ? 'true' : undefined}
              leftSection={selected ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
              onClick={() => (onChoose ? onChoose(language.code) : void changeLanguage(i18n, language.code))}
              fw={selected ? 700 : undefined}
            >
              {language.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
