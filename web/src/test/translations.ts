import type { LanguageCode } from '../lib/i18n.ts';
import { translations as en } from '../lib/translations/en.ts';
import { translations as fr } from '../lib/translations/fr.ts';
import type { Translations } from '../lib/translations.ts';

/** Every language at once, so a test's i18next instance is ready without fetching. */
export const allTranslations: Record<LanguageCode, Translations> = { en, fr };
