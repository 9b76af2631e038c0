import { type ChunkTexts, useChunkTexts } from '../../../../lib/chunk-texts.ts';
import en from './en.json';
import fr from './fr.json';

/** The public landing's texts, in its own chunk: the entry every page loads stays as it was. */
export const landingTexts: ChunkTexts = { en, fr };

export const useLandingTexts = (): void => useChunkTexts(landingTexts, 'landing.title');
