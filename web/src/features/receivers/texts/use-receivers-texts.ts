import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/** The receiver screens' texts travel in their pages' chunk (decision 0086). */
export const receiversTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page that calls it. */
export const useReceiversTexts = (): void => useChunkTexts(receiversTexts, 'receivers.list.title');
