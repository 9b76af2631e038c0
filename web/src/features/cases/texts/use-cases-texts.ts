import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * The case screens' texts travel in their own chunk, as the form administration's do
 * (decision 0086): the sign-in page and the public form stay within their budget. Only the
 * menu label (`cases.nav`) is in `../locales`.
 */
export const casesTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page or component that calls it. */
export const useCasesTexts = (): void => useChunkTexts(casesTexts, 'casesView.inbox.title');
