import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A feature's texts by language, imported by its pages so they travel in the pages' chunk. */
export type ChunkTexts = Record<string, Record<string, unknown>>;

function addTexts(i18n: I18n, texts: ChunkTexts, probeKey: string) {
  for (const [language, bundle] of Object.entries(texts))
    if (i18n.hasResourceBundle(language, 'translation') && !i18n.exists(probeKey, { lng: language }))
      i18n.addResourceBundle(language, 'translation', bundle, true, true);
}

/**
 * Makes texts that travel in a page's own chunk available to the page that calls it (decision
 * 0086): the sign-in page and the public form do not pay for every screen's words. They are
 * merged into a language once i18next holds it, never before (i18next would then take the
 * language as loaded and skip fetching the rest of it), and again for a language fetched or
 * switched to later, when the page draws again with them (i18next does not redraw for texts
 * added to a language it already shows). `probeKey` is one key of the texts: present means added.
 */
export function useChunkTexts(texts: ChunkTexts, probeKey: string): void {
  const { i18n } = useTranslation();
  const [, rendered] = useState(0);
  addTexts(i18n, texts, probeKey);
  useEffect(() => {
    const added = () => {
      addTexts(i18n, texts, probeKey);
      rendered((n) => n + 1);
    };
    i18n.on('loaded', added);
    i18n.on('languageChanged', added);
    return () => {
      i18n.off('loaded', added);
      i18n.off('languageChanged', added);
    };
  }, [i18n, texts, probeKey]);
}
