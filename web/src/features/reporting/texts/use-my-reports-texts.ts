import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * "My reports" texts travel with its page's chunk, as the case screens' do (decision 0086):
 * the sign-in page stays within its budget. Only the menu label is in `../locales`.
 */
export const myReportsTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page or component that calls it. */
export const useMyReportsTexts = (): void => useChunkTexts(myReportsTexts, 'myReports.title');
