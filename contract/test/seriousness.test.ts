import { describe, expect, it } from 'vitest';
import { explicitSeriousness, seriousnessOf } from '../src/index.ts';

const REACTION = '7d1c0a52-1f4e-4f55-9a0e-3c2b1a000001';

describe('seriousness made explicit (E.i.3.2a–f)', () => {
  const base = { id: REACTION, nativeTerm: 'Rash' };
  const all = (v: unknown) => ({
    resultsInDeath: v,
    lifeThreatening: v,
    hospitalisation: v,
    disabling: v,
    congenitalAnomaly: v,
    otherMedicallyImportant: v,
  });

  it('"not serious" is every criterion false', () => {
    expect(explicitSeriousness({ ...base, serious: false })).toEqual({
      ...base,
      serious: false,
      ...all(false),
    });
  });

  it('serious: the criteria ticked are true, the others false', () => {
    expect(explicitSeriousness({ ...base, serious: true, lifeThreatening: true })).toEqual({
      ...base,
      serious: true,
      ...all(false),
      lifeThreatening: true,
    });
  });

  it('"I don\'t know" is NI for every criterion', () => {
    expect(explicitSeriousness({ ...base, serious: { nullFlavor: 'NI' } })).toEqual({
      ...base,
      serious: { nullFlavor: 'NI' },
      ...all({ nullFlavor: 'NI' }),
    });
  });

  it('one criterion answered is an assessment: the others are false', () => {
    expect(explicitSeriousness({ ...base, hospitalisation: false })).toEqual({ ...base, ...all(false) });
  });

  it('not assessed yet: nothing is invented', () => {
    expect(explicitSeriousness(base)).toEqual(base);
  });
});

describe('the case is serious, not serious, or not known', () => {
  const r = (x: object) => ({ id: REACTION, ...x });
  it('any criterion true in any reaction is serious', () => {
    expect(seriousnessOf([r({ hospitalisation: false }), r({ disabling: true })])).toBe(true);
  });
  it('all six false in every reaction is not serious', () => {
    const no = r({
      resultsInDeath: false,
      lifeThreatening: false,
      hospitalisation: false,
      disabling: false,
      congenitalAnomaly: false,
      otherMedicallyImportant: false,
    });
    expect(seriousnessOf([no, no])).toBe(false);
  });
  it('a criterion missing, or no reaction, is not known', () => {
    expect(seriousnessOf([r({ hospitalisation: false })])).toBeUndefined();
    expect(seriousnessOf([])).toBeUndefined();
  });
});
