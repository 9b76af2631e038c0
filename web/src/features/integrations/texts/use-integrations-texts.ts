import { chunkTexts, useChunkTexts } from '../../../lib/chunk-texts.ts';

/**
 * The API-key and single-sign-on administration texts travel in those pages' chunk (decision
 * 0086): the public form and the sign-in page stay within their budget. The menu labels, the
 * SSO buttons of the sign-in page and the SSO completion page keep theirs in `../locales`.
 */
export const integrationsTexts = chunkTexts({
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
});

/** Makes these texts available to the page that calls it. */
export const useIntegrationsTexts = (): void => useChunkTexts(integrationsTexts, 'integrations.sso.title');
