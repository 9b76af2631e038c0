import { type ChunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';
import en from './en.json';
import fr from './fr.json';

/**
 * The E2B(R3) import and case tab texts travel in those pages' chunk (decision 0086): the sign-in page and the
 * public form do not load them (decision 0211). Only the menu labels stay in `../locales`.
 */
export const e2bTexts: ChunkTexts = { en, fr };

/** Makes these texts available to the page that calls it. */
export const useE2bTexts = (): void => useChunkTexts(e2bTexts, 'e2b.import.title');
