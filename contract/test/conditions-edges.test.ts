import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '../src/conditions.ts';

/**
 * Conditions over numbers written as text and over repeats with mixed items (issue 27):
 * each expectation is written by hand from the grammar's comment in conditions.ts.
 */
describe('equality of text and numbers', () => {
  const answers = { C: { reportType: '01' }, D: { weightKg: '72.50' } };

  it('compares two texts as texts: "01" is not "1"', () => {
    expect(evaluateCondition('C.reportType == "1"', answers)).toBe(false);
    expect(evaluateCondition('C.reportType != "1"', answers)).toBe(true);
    expect(evaluateCondition('C.reportType in ["1", "2"]', answers)).toBe(false);
    expect(evaluateCondition('C.reportType == "01"', answers)).toBe(true);
  });

  it('compares text with a number as numbers: "01" is 1 and "72.50" is 72.5', () => {
    expect(evaluateCondition('C.reportType == 1', answers)).toBe(true);
    expect(evaluateCondition('D.weightKg == 72.5', answers)).toBe(true);
    expect(evaluateCondition('D.weightKg == "72.5"', answers)).toBe(false);
  });

  it('orders numbers written as text by their value, at the edge', () => {
    expect(evaluateCondition('D.weightKg >= 72.5', answers)).toBe(true);
    expect(evaluateCondition('D.weightKg > 72.5', answers)).toBe(false);
    expect(evaluateCondition('D.weightKg < 72.51', answers)).toBe(true);
  });
});

describe('!= over a repeat', () => {
  const mixed = { E: { reactions: [{ outcome: '1' }, { outcome: '5' }] } };
  const none = { E: { reactions: [{ outcome: '1' }, { outcome: '2' }] } };

  it('is false when any item equals the value (no item may)', () => {
    expect(evaluateCondition('E.reactions[].outcome != "5"', mixed)).toBe(false);
    expect(evaluateCondition('E.reactions[].outcome == "5"', mixed)).toBe(true);
  });

  it('is true when no item equals the value', () => {
    expect(evaluateCondition('E.reactions[].outcome != "5"', none)).toBe(true);
  });

  it('reads the current item only when evaluated for one', () => {
    expect(evaluateCondition('E.reactions[].outcome != "5"', mixed, { items: [0] })).toBe(true);
    expect(evaluateCondition('E.reactions[].outcome != "5"', mixed, { items: [1] })).toBe(false);
  });
});
