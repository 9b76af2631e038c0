import { describe, expect, it } from 'vitest';
import { lateByDays, reasonCodeOf } from './submissions.standing.ts';

/** Decision 0254: late by calendar (UTC) days, expectations written by hand. */
describe('lateByDays', () => {
  const due = '2026-11-16';
  it('is on time on the due day, to its last second, and on the day before', () => {
    expect(lateByDays(due, new Date('2026-11-16T00:00:00Z'), 'UTC')).toBeNull();
    expect(lateByDays(due, new Date('2026-11-16T23:59:59.999Z'), 'UTC')).toBeNull();
    expect(lateByDays(due, new Date('2026-11-15T12:00:00Z'), 'UTC')).toBeNull();
  });
  it('is late by one from the first second of the day after (across UTC midnight)', () => {
    expect(lateByDays(due, new Date('2026-11-17T00:00:00Z'), 'UTC')).toBe(1);
    expect(lateByDays(due, new Date('2026-11-17T23:59:59Z'), 'UTC')).toBe(1);
    expect(lateByDays(due, new Date('2026-11-18T00:00:01Z'), 'UTC')).toBe(2);
  });
  it('counts calendar days across a month, a year and a leap day', () => {
    expect(lateByDays('2026-11-30', new Date('2026-12-04T09:00:00Z'), 'UTC')).toBe(4);
    expect(lateByDays('2026-12-31', new Date('2027-01-02T01:00:00Z'), 'UTC')).toBe(2);
    expect(lateByDays('2028-02-28', new Date('2028-03-01T08:00:00Z'), 'UTC')).toBe(2);
  });
  it("counts the organisation's days in its time zone (decision 0318): New York is UTC-5 in November", () => {
    // 2026-11-17T04:59:59Z is 23:59:59 on the 16th in New York: the due day, on time.
    expect(lateByDays(due, new Date('2026-11-17T04:59:59Z'), 'America/New_York')).toBeNull();
    // 05:00Z is midnight on the 17th there: late by one; the same instant is late by 1 in UTC too.
    expect(lateByDays(due, new Date('2026-11-17T05:00:00Z'), 'America/New_York')).toBe(1);
    // 2026-11-17T02:00Z is the 17th in UTC (late) but the 16th in New York (on time).
    expect(lateByDays(due, new Date('2026-11-17T02:00:00Z'), 'UTC')).toBe(1);
    expect(lateByDays(due, new Date('2026-11-17T02:00:00Z'), 'America/New_York')).toBeNull();
    // 23:30Z on the 16th is already the 17th in Paris (UTC+1): late by one there only.
    expect(lateByDays(due, new Date('2026-11-16T23:30:00Z'), 'Europe/Paris')).toBe(1);
    expect(lateByDays(due, new Date('2026-11-16T23:30:00Z'), 'UTC')).toBeNull();
  });
  it('is null for a message not sent yet', () => {
    expect(lateByDays(due, null, 'UTC')).toBeNull();
  });
});

describe('reasonCodeOf', () => {
  const base = {
    status: 'NOT_SENT',
    valid: true,
    review_required: false,
    review_status: 'PENDING',
    queued_at: null,
  };
  it('names why a message is not sent, or that it is queued', () => {
    expect(reasonCodeOf({ ...base, valid: false })).toBe('invalid');
    expect(reasonCodeOf({ ...base, review_required: true })).toBe('awaiting_approval');
    expect(reasonCodeOf({ ...base, review_required: true, review_status: 'REJECTED' })).toBe(
      'approval_rejected',
    );
    expect(
      reasonCodeOf({ ...base, review_required: true, review_status: 'APPROVED', queued_at: new Date() }),
    ).toBe('queued');
    expect(reasonCodeOf(base)).toBe('no_transport');
    expect(reasonCodeOf({ ...base, status: 'SENT' })).toBeNull();
  });
});
