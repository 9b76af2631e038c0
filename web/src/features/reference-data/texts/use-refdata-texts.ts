import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';

/**
 * The reference-data screens' texts travel in their own chunk, as the form administration's do
 * (decision 0086): the sign-in page and the public form stay within their budget. Only the
 * menu label (`referenceData.nav…`) is in `../locales`.
 */
export const refdataTexts: Record<string, Record<string, unknown>> = { en, fr };

function addTexts(i18n: I18n) {
  for (const [language, texts] of Object.entries(refdataTexts))
    if (
      i18n.hasResourceBundle(language, 'translation') &&
      !i18n.exists('refdata.meddra.title', { lng: language })
    )
      i18n.addResourceBundle(language, 'translation', texts, true, true);
}

/** Makes the reference-data screens' texts available to the page that calls it. */
export function useRefdataTexts(): void {
  const { i18n } = useTranslation();
  addTexts(i18n);
  useEffect(() => {
    const added = () => addTexts(i18n);
    i18n.on('loaded', added);
    return () => i18n.off('loaded', added);
  }, [i18n]);
}
