import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';

/**
 * The pickers' texts travel in the pickers' own lazy chunk (as the case screens' and the form
 * editor's do, decision 0086): the public form's first step does not pay for them.
 */
export const pickerTexts: Record<string, Record<string, unknown>> = { en, fr };

function addTexts(i18n: I18n) {
  for (const [language, texts] of Object.entries(pickerTexts))
    if (
      i18n.hasResourceBundle(language, 'translation') &&
      !i18n.exists('pickers.meddra.search', { lng: language })
    )
      i18n.addResourceBundle(language, 'translation', texts, true, true);
}

/** Makes the pickers' texts available to the component that calls it. */
export function usePickerTexts(): void {
  const { i18n } = useTranslation();
  addTexts(i18n);
  useEffect(() => {
    const added = () => addTexts(i18n);
    i18n.on('loaded', added);
    return () => i18n.off('loaded', added);
  }, [i18n]);
}
