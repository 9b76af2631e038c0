import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/** The causality section's texts, in the case view's chunk (decision 0086), apart from the case texts. */
export const causalityTexts = chunkTexts({
  en: () => import('./causality-en.json'),
  fr: () => import('./causality-fr.json'),
});

export const useCausalityTexts = (): void => useChunkTexts(causalityTexts, 'causality.title');
