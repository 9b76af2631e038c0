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

/** A calendar day (`2026-11-16`, a due date) as people read it, the same day wherever the browser is. */
export function formatDay(value: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value.slice(0, 10)}T00:00:00Z`),
  );
}

/** A moment in UTC, said so ("28 Nov 2026, 09:14 UTC"): what an electronic signature records. */
export function formatUtcDateTime(value: string | Date, language: string): string {
  const text = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(value));
  return `${text} UTC`;
}
