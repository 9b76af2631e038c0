import { DOSE_UNITS } from '../../../components/pickers/ucum.ts';
import type { Units } from '../case-document/blocks.ts';

/**
 * The units offered for a quantity, by the list E2B(R3) constrains it to: ages (D.2.2b, with
 * decades), gestation (D.2.2.1b, G.k.6b), durations and intervals of time (E.i.6b, G.k.4.r.6b,
 * G.k.9.i.3), a dosage's frequency (G.k.4.r.3, with its cyclical, as-necessary and total);
 * doses and test results take any UCUM unit, the common ones offered.
 */
export const UNITS: Record<Units, readonly string[]> = {
  age: ['a', 'mo', 'wk', 'd', 'h', '10.a'],
  gestation: ['wk', 'd', 'mo', '{trimester}'],
  duration: ['a', 'mo', 'wk', 'd', 'h', 'min', 's'],
  interval: ['d', 'h', 'min', 'wk', 'mo', 'a', '{cyclical}', '{asnecessary}', '{total}'],
  dose: DOSE_UNITS,
  test: [
    'mmol/L',
    'umol/L',
    'mg/dL',
    'g/L',
    'g/dL',
    '%',
    '[iU]/L',
    '10*9/L',
    '10*12/L',
    'mm[Hg]',
    '/min',
    'Cel',
  ],
};

/** Units written in UCUM's free grammar (any unit allowed), not one of a closed list. */
export const FREE_UNITS: ReadonlySet<Units> = new Set(['dose', 'test']);
