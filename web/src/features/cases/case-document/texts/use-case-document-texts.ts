import { chunkTexts, useChunkTexts } from '../../../../lib/chunk-texts.ts';

/**
 * The words of the case document (block titles, field labels, code lists, null flavours),
 * shared by the read-only view, the version diff and the case form; they travel in the case
 * view's chunk (decision 0086).
 */
export const caseDocumentTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the component that calls it. */
export const useCaseDocumentTexts = (): void => useChunkTexts(caseDocumentTexts, 'caseDoc.blocks.C');
