/**
 * Dates as people read them in each interface language. English uses the British order
 * ("22 Nov 2026"): an all-numeric US date (11/22/2026) is misread across the regulators
 * and companies that use Vigilo.
 */
const locales: Record<string, string> = { en: 'en-GB', fr: 'fr-FR' };

const localeOf = (language: string) => locales[language.split('-')[0] ?? ''] ?? language;

export function formatDate(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(value));
}

export function formatDateTime(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}
