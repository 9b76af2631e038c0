import { type ChunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';
import en from './en.json';
import fr from './fr.json';

/** The receiver screens' texts travel in their pages' chunk (decision 0086). */
export const receiversTexts: ChunkTexts = { en, fr };

/** Makes these texts available to the page that calls it. */
export const useReceiversTexts = (): void => useChunkTexts(receiversTexts, 'receivers.list.title');
