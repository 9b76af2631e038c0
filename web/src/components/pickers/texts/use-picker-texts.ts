import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * The pickers' texts travel in the pickers' own lazy chunk (as the case screens' and the form
 * editor's do, decision 0086): the public form's first step does not pay for them.
 */
export const pickerTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page or component that calls it. */
export const usePickerTexts = (): void => useChunkTexts(pickerTexts, 'pickers.meddra.search');
