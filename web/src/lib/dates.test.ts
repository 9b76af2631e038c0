import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatUtcDateTime } from './dates.ts';

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
