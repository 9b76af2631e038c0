import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * The E2B(R3) import and case tab texts travel in those pages' chunk (decision 0086): the sign-in page and the
 * public form do not load them (decision 0211). Only the menu labels stay in `../locales`.
 */
export const e2bTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page that calls it. */
export const useE2bTexts = (): void => useChunkTexts(e2bTexts, 'e2b.import.title');
