import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * The form administration's texts travel in its own chunk, not in the language bundles every
 * page loads (the public form and the sign-in page stay within their budget, decision 0085);
 * only the menu label (`forms.nav`) is in `../locales`. They are merged into a language once
 * i18next holds it: never before, or i18next would take the language as loaded and skip
 * fetching the rest of it.
 */
export const formsTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page or component that calls it. */
export const useFormsTexts = (): void => useChunkTexts(formsTexts, 'forms.title');
