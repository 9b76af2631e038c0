import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * The submission screens' texts travel in their own chunk (decision 0086), as the case
 * screens' do; only the menu labels (`submissions.nav*`) are in `../locales`.
 */
export const submissionsTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page or component that calls it. */
export const useSubmissionsTexts = (): void =>
  useChunkTexts(submissionsTexts, 'submissionsView.dashboard.title');
