import type { i18n as I18n } from 'i18next';
import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from './i18n.ts';

/** One language's texts of a feature, as its JSON file holds them. */
export type TextTree = Record<string, unknown>;

/**
 * A feature's texts, one chunk per language (decision 0315): a page fetches its reader's
 * language only, not every language's words.
 */
export interface ChunkTexts {
  /** Fetches one language's texts (once; the same promise after). */
  load(language: string): Promise<TextTree>;
  /** One language's texts if fetched already. */
  loaded(language: string): TextTree | undefined;
}

/** Every text set whose module the browser has run so far: those of the pages it has fetched. */
const defined: ChunkTexts[] = [];
/** The language the interface shows (i18n.ts keeps it), for the next page's texts. */
let shown = 'en';

/** Called by i18n.ts as the interface's language is set or changed. */
export function showTextsIn(language: string): void {
  shown = language;
}

/** A feature's texts, given as each language's file to import: `{ en: () => import('./en.json'), … }`. */
export function chunkTexts(files: Record<LanguageCode, () => Promise<{ default: TextTree }>>): ChunkTexts {
  const fetching = new Map<string, Promise<TextTree>>();
  const done = new Map<string, TextTree>();
  const texts: ChunkTexts = {
    load(language) {
      let pending = fetching.get(language);
      if (!pending) {
        const file = files[language as LanguageCode];
        pending = file
          ? file().then((module) => {
              done.set(language, module.default);
              return module.default;
            })
          : Promise.resolve({});
        fetching.set(language, pending);
      }
      return pending;
    },
    loaded: (language) => done.get(language) ?? (language in files ? undefined : {}),
  };
  defined.push(texts);
  return texts;
}

/**
 * Fetches one language's texts of every text set defined so far (default: the language shown).
 * A page's route waits for it after fetching the page's chunk (app/area.ts), and a language
 * switch before it changes language (i18n.ts), so that a page never draws without its words.
 */
export async function fetchChunkTexts(language: string = shown): Promise<void> {
  await Promise.all(defined.map((texts) => texts.load(language)));
}

function addTexts(i18n: I18n, texts: ChunkTexts, probeKey: string) {
  for (const language of Object.keys(i18n.store.data)) {
    const bundle = texts.loaded(language);
    if (
      bundle &&
      i18n.hasResourceBundle(language, 'translation') &&
      !i18n.exists(probeKey, { lng: language })
    )
      i18n.addResourceBundle(language, 'translation', bundle, true, true);
  }
}

/**
 * Makes texts that travel in chunks of their own available to the page that calls it (decision
 * 0086): the sign-in page and the public form do not pay for every screen's words. They are
 * merged into a language once i18next holds it, never before (i18next would then take the
 * language as loaded and skip fetching the rest of it), and again for a language fetched or
 * switched to later, when the page draws again with them (i18next does not redraw for texts
 * added to a language it already shows). `probeKey` is one key of the texts: present means added.
 * If the shown language's texts are not fetched yet (a component's own chunk brought them), the
 * component waits for them in its Suspense boundary (decision 0315).
 */
export function useChunkTexts(texts: ChunkTexts, probeKey: string): void {
  const { i18n } = useTranslation();
  const [, rendered] = useState(0);
  if (!texts.loaded(i18n.language)) use(texts.load(i18n.language));
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
