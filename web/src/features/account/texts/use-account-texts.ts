import { type ChunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';
import en from './en.json';
import fr from './fr.json';

/**
 * The account settings, registration and e-mail verification texts travel in those pages'
 * chunk (decision 0086): the sign-in page and the public form do not load them (decision
 * 0211). The menu labels, the sign-in page's "request an account" link and the workspace
 * switcher of the user menu keep theirs in `../locales`.
 */
export const accountTexts: ChunkTexts = { en, fr };

/** Makes these texts available to the page that calls it. */
export const useAccountTexts = (): void => useChunkTexts(accountTexts, 'account.title');
