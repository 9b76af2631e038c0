/**
 * Calendar days in an organisation's time zone (decision 0318). The database counts "today"
 * (`vigilo_now()`); these read the day of an instant the application holds (a receipt time
 * with its UTC offset, the time a message was sent) in the same zone.
 */

/** The day (YYYY-MM-DD) the instant `at` falls on in `timeZone` (an IANA name). */
export function dayIn(at: Date | number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
