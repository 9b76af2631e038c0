import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * The account settings, registration and e-mail verification texts travel in those pages'
 * chunk (decision 0086): the sign-in page and the public form do not load them (decision
 * 0211). The menu labels, the sign-in page's "request an account" link and the workspace
 * switcher of the user menu keep theirs in `../locales`.
 */
export const accountTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page that calls it. */
export const useAccountTexts = (): void => useChunkTexts(accountTexts, 'account.title');
