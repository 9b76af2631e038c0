/** One language's interface text, in i18next's single `translation` namespace. */
export type Translations = Record<string, unknown>;

/**
 * Each language's translations in a chunk of its own, fetched when that language is shown:
 * the sign-in page carries one language, not all of them (decision 0039).
 */
export const loadTranslations = {
  en: async () => (await import('./translations/en.ts')).translations,
  fr: async () => (await import('./translations/fr.ts')).translations,
} satisfies Record<string, () => Promise<Translations>>;
