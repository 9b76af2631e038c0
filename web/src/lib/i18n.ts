import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fetchChunkTexts, showTextsIn } from './chunk-texts.ts';
import { loadTranslations, type Translations } from './translations.ts';

/** The languages the interface is translated into, each named in its own language. */
export const supportedLanguages = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
] as const;
export type LanguageCode = (typeof supportedLanguages)[number]['code'];

const storageKey = 'vigilo.language';
const fallbackLanguage: LanguageCode = 'en';

function isSupported(code: string | null | undefined): code is LanguageCode {
  return supportedLanguages.some((language) => language.code === code);
}

/** The saved choice first, then the browser's preferences (by primary subtag), then English. */
export function detectLanguage(): LanguageCode {
  try {
    const saved = window.localStorage.getItem(storageKey);
    if (isSupported(saved)) return saved;
  } catch {
    // Storage can be blocked (private mode, policies): fall through to the browser's languages.
  }
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (isSupported(primary)) return primary;
  }
  return fallbackLanguage;
}

/** Fetches a language's translations the first time it is shown (its own chunk). */
const lazyTranslations: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = isSupported(language) ? loadTranslations[language] : undefined;
    if (!load) return callback(null, {});
    load().then(
      // A copy: i18next merges chunk texts into what it holds, and the module's own object must stay as written.
      (translations) => callback(null, structuredClone(translations)),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Builds an i18next instance. Given `translations` (tests), it is ready at once; otherwise it
 * fetches the language shown and components wait for it through
 * Suspense. Changing language saves the choice and updates <html lang>.
 */
export function createI18n(
  language: LanguageCode = detectLanguage(),
  translations?: Record<LanguageCode, Translations>,
): I18n {
  const instance = i18next.createInstance();
  showTextsIn(language);
  instance.on('languageChanged', (code) => {
    showTextsIn(code);
    if (typeof document !== 'undefined') document.documentElement.lang = code;
  });
  if (!translations) instance.use(lazyTranslations);
  void instance.use(initReactI18next).init({
    resources: translations
      ? Object.fromEntries(
          Object.entries(translations).map(([code, t]) => [code, { translation: structuredClone(t) }]),
        )
      : undefined,
    lng: language,
    // Every language is complete (translations.test.ts), so French pages do not fetch English too.
    fallbackLng: false,
    supportedLngs: supportedLanguages.map((l) => l.code),
    interpolation: { escapeValue: false },
    initAsync: !translations,
  });
  return instance;
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLanguage(instance: I18n, code: LanguageCode): Promise<void> {
  // The shown pages' texts in that language first (decision 0315): they draw again with it at once.
  await Promise.all([fetchChunkTexts(code), instance.loadLanguages(code)]);
  await instance.changeLanguage(code);
  try {
    window.localStorage.setItem(storageKey, code);
  } catch {
    // Not saved: the choice still holds for this visit.
  }
}
