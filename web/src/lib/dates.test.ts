import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatPartialDate, formatUtcDateTime } from './dates.ts';

describe('dates', () => {
  it('writes English dates in the unambiguous British order, and French in French', () => {
    expect(formatDate('2026-11-02T10:00:00Z', 'en')).toBe('2 Nov 2026');
    expect(formatDate('2026-11-02T10:00:00Z', 'fr')).toBe('2 nov. 2026');
    expect(formatDateTime('2026-11-02T10:05:00Z', 'en')).toMatch(/^2 Nov 2026, \d{2}:05$/);
  });

  it('keeps a calendar day whatever the time zone, and says UTC for a signature time', () => {
    expect(formatDay('2026-11-16', 'en')).toBe('16 Nov 2026');
    expect(formatDay('2026-01-01', 'fr')).toBe('1 janv. 2026');
    expect(formatUtcDateTime('2026-11-28T23:30:00Z', 'en')).toBe('28 Nov 2026, 23:30 UTC');
    expect(formatUtcDateTime('2026-11-28T23:30:00+02:00', 'fr')).toBe('28 nov. 2026, 21:30 UTC');
  });
});

describe('partial dates', () => {
  it('says only what the source knew, in the style of every other date', () => {
    expect(formatPartialDate('2024', 'en')).toBe('2024');
    expect(formatPartialDate('2024-03', 'en')).toBe('Mar 2024');
    expect(formatPartialDate('2024-03', 'fr')).toBe('mars 2024');
    expect(formatPartialDate('2024-03-07', 'en')).toBe('7 Mar 2024');
    expect(formatPartialDate('2024-03-07', 'fr')).toBe('7 mars 2024');
    expect(formatPartialDate('2024-03-07T14:05', 'en')).toBe('7 Mar 2024, 14:05');
    expect(formatPartialDate('2024-03-07T14', 'en')).toBe('7 Mar 2024, 14:00');
    expect(formatPartialDate('2024-03-07T14:05:09+01:00', 'fr')).toBe('7 mars 2024, 14:05 (UTC+01:00)');
    expect(formatPartialDate('in spring', 'en')).toBe('in spring');
  });
});
