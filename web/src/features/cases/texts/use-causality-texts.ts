import { type ChunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';
import en from './causality-en.json';
import fr from './causality-fr.json';

/** The causality section's texts, in the case view's chunk (decision 0086), apart from the case texts. */
export const causalityTexts: ChunkTexts = { en, fr };

export const useCausalityTexts = (): void => useChunkTexts(causalityTexts, 'causality.title');
