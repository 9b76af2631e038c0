import { Checkbox, Stack, Text } from '@mantine/core';
import type { FormLayout } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { dropLanguage } from './draft.ts';

/** Languages a form can be written in here; the interface's two first. */
export const formLanguages = ['en', 'fr', 'es', 'de', 'it', 'pt', 'nl', 'ar'] as const;

/** Which languages the form is offered in; removing one removes its texts (after asking). */
export function LanguagesEditor({
  layout,
  readOnly,
  onChange,
}: {
  layout: FormLayout;
  readOnly: boolean;
  onChange: (layout: FormLayout) => void;
}) {
  const { t } = useTranslation();
  const codes = [...new Set([...formLanguages, ...layout.languages])];
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600}>
        {t('forms.languagesEditor.legend')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('forms.languagesEditor.hint')}
      </Text>
      {codes.map((code) => {
        const checked = layout.languages.includes(code);
        return (
          <Checkbox
            key={code}
            id={`language-${code}`}
            label={t(`forms.languages.${code}`, { defaultValue: code })}
            checked={checked}
            disabled={readOnly || (checked && layout.languages.length === 1)}
            onChange={(e) => {
              if (e.currentTarget.checked) onChange({ ...layout, languages: [...layout.languages, code] });
              else if (
                window.confirm(
                  t('forms.languagesEditor.removeConfirm', {
                    language: t(`forms.languages.${code}`, { defaultValue: code }),
                  }),
                )
              )
                onChange(dropLanguage(layout, code));
            }}
          />
        );
      })}
    </Stack>
  );
}
