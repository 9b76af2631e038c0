import { describe, expect, it } from 'vitest';
import { ucumProblem } from './ucum.ts';

// Examples from the UCUM specification (unitsofmeasure.org, §2–§6) and E2B(R3)'s dose units.
describe('UCUM syntax', () => {
  it('accepts units written as UCUM writes them', () => {
    for (const unit of [
      'mg',
      'ug',
      'mL',
      '[iU]',
      'k[iU]',
      'mg/kg',
      'mg/m2',
      'mg/(kg.d)',
      '{tablet}',
      '{puff}/d',
      '10*3/uL',
      'm2',
      's-1',
      '[drp]',
      '%',
      'mmol/L',
      '/min',
      '[in_i]',
    ])
      expect([unit, ucumProblem(unit)]).toEqual([unit, null]);
  });

  it('says why a unit is not UCUM', () => {
    expect(ucumProblem('mg per day')).toBe('spaces');
    expect(ucumProblem('µg')).toBe('characters');
    expect(ucumProblem('[iU')).toBe('brackets');
    expect(ucumProblem('mg)')).toBe('brackets');
    expect(ucumProblem('{tablet')).toBe('brackets');
    expect(ucumProblem('mg//kg')).toBe('syntax');
    expect(ucumProblem('mg/')).toBe('syntax');
    expect(ucumProblem('.mg')).toBe('syntax');
  });
});
