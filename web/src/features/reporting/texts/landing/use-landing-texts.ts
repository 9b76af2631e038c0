import { chunkTexts, useChunkTexts } from '../../../../lib/chunk-texts.ts';

/** The public landing's texts, in its own chunk: the entry every page loads stays as it was. */
export const landingTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

export const useLandingTexts = (): void => useChunkTexts(landingTexts, 'landing.title');
