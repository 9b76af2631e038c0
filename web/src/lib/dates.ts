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

/**
 * A case document's partial date (E2B: as precise as the source knew it) in the same style as
 * every other date: `2024` → "2024", `2024-03` → "Mar 2024" / "mars 2024", `2024-03-07` → "7 Mar
 * 2024", a time kept as written ("7 Mar 2024, 14:05", its offset after it). A value that is not a
 * partial date is answered as written.
 */
export function formatPartialDate(value: string, language: string): string {
  const m =
    /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2}))?(?::\d{2}(?:\.\d+)?)?([+-]\d{2}:\d{2})?)?)?)?$/.exec(
      value,
    );
  if (!m) return value;
  const [, year, month, day, hour, minute, offset] = m;
  if (!month) return year!;
  const locale = localeOf(language);
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day ?? 1)));
  if (!day)
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
  if (!hour) return date;
  return `${date}, ${hour}:${minute ?? '00'}${offset ? ` (UTC${offset})` : ''}`;
}
