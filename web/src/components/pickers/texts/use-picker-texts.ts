import { type ChunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';
import en from './en.json';
import fr from './fr.json';

/**
 * The pickers' texts travel in the pickers' own lazy chunk (as the case screens' and the form
 * editor's do, decision 0086): the public form's first step does not pay for them.
 */
export const pickerTexts: ChunkTexts = { en, fr };

/** Makes these texts available to the page or component that calls it. */
export const usePickerTexts = (): void => useChunkTexts(pickerTexts, 'pickers.meddra.search');
