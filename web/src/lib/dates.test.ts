import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('dates', () => {
  it('writes English dates in the unambiguous British order, and French in French', () => {
    expect(formatDate('2026-11-02T10:00:00Z', 'en')).toBe('2 Nov 2026');
    expect(formatDate('2026-11-02T10:00:00Z', 'fr')).toBe('2 nov. 2026');
    expect(formatDateTime('2026-11-02T10:05:00Z', 'en')).toMatch(/^2 Nov 2026, \d{2}:05$/);
  });
});
