import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * The reference-data screens' texts travel in their own chunk, as the form administration's do
 * (decision 0086): the sign-in page and the public form stay within their budget. Only the
 * menu label (`referenceData.nav…`) is in `../locales`.
 */
export const refdataTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page or component that calls it. */
export const useRefdataTexts = (): void => useChunkTexts(refdataTexts, 'refdata.meddra.title');
