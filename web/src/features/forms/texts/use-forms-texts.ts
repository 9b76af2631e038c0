import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';

/**
 * The form administration's texts travel in its own chunk, not in the language bundles every
 * page loads (the public form and the sign-in page stay within their budget, decision 0085);
 * only the menu label (`forms.nav`) is in `../locales`. They are merged into a language once
 * i18next holds it: never before, or i18next would take the language as loaded and skip
 * fetching the rest of it.
 */
export const formsTexts: Record<string, Record<string, unknown>> = { en, fr };

function addTexts(i18n: I18n) {
  for (const [language, texts] of Object.entries(formsTexts))
    if (i18n.hasResourceBundle(language, 'translation') && !i18n.exists('forms.title', { lng: language }))
      i18n.addResourceBundle(language, 'translation', texts, true, true);
}

/** Makes the form administration's texts available to the page that calls it. */
export function useFormsTexts(): void {
  const { i18n } = useTranslation();
  const [, rendered] = useState(0);
  addTexts(i18n);
  useEffect(() => {
    // A language fetched later gets the texts too, and the page draws again with them
    // (i18next does not redraw for texts added to a language it already shows).
    const added = () => {
      addTexts(i18n);
      rendered((n) => n + 1);
    };
    i18n.on('loaded', added);
    i18n.on('languageChanged', added);
    return () => {
      i18n.off('loaded', added);
      i18n.off('languageChanged', added);
    };
  }, [i18n]);
}
