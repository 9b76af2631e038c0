import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';

/**
 * "My reports" texts travel with its page's chunk, as the case screens' do (decision 0086):
 * the sign-in page stays within its budget. Only the menu label is in `../locales`.
 */
export const myReportsTexts: Record<string, Record<string, unknown>> = { en, fr };

function addTexts(i18n: I18n) {
  for (const [language, texts] of Object.entries(myReportsTexts))
    if (i18n.hasResourceBundle(language, 'translation') && !i18n.exists('myReports.title', { lng: language }))
      i18n.addResourceBundle(language, 'translation', texts, true, true);
}

/** Makes the "My reports" texts available to the page that calls it. */
export function useMyReportsTexts(): void {
  const { i18n } = useTranslation();
  addTexts(i18n);
  useEffect(() => {
    const added = () => addTexts(i18n);
    i18n.on('loaded', added);
    return () => i18n.off('loaded', added);
  }, [i18n]);
}
