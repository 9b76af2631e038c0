/**
 * The languages Vigilo writes to people in: those of the web app (web/src/locales). Emails
 * go out in the recipient's language (decision 0058).
 */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** `fr`, `fr-CA`, `FR` → `fr`; a language Vigilo does not write, or none → `en`. */
export function languageOf(tag: string | null | undefined): Language {
  const base = (tag ?? '').trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

/** The first language of an Accept-Language header that Vigilo writes, by the header's weights; else `en`. */
export function languageFromHeader(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && (LANGUAGES as readonly string[]).includes(entry.base))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.base as Language | undefined) ?? 'en';
}

/** One email's subject and text (and HTML, where it has one). */
export interface EmailText {
  subject: string;
  text: string;
  html?: string;
}

/** One email written in every language, from its values. */
export type LocalisedEmail<Values> = Record<Language, (values: Values) => EmailText>;
