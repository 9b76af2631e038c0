import { type ChunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';
import en from './en.json';
import fr from './fr.json';

/**
 * The submission screens' texts travel in their own chunk (decision 0086), as the case
 * screens' do; only the menu labels (`submissions.nav*`) are in `../locales`.
 */
export const submissionsTexts: ChunkTexts = { en, fr };

/** Makes these texts available to the page or component that calls it. */
export const useSubmissionsTexts = (): void =>
  useChunkTexts(submissionsTexts, 'submissionsView.dashboard.title');
