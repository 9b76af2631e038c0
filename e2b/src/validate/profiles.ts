import { EU_PROFILE } from './eu-profile.ts';
import { FDA_PROFILE } from './fda-profile.ts';
import { FIELD_PATHS } from './fields.ts';
import type { Rule } from './rules.ts';
import { ELEMENTS, minimumPrecision } from './tables.ts';

/**
 * Layer 2, ICH conformance: every element the data-element table marks "Required", plus
 * the ICH conditional rules the table states in words (pairs of number and unit, version
 * and code, and the minimum criteria of a valid case).
 */
const required: Rule[] = [...ELEMENTS.values()]
  .filter((e) => e.conformance === 'Required' && !e.id.startsWith('FDA.') && FIELD_PATHS.has(e.id))
  .map((e) => ({ rule: 'ICH-REQUIRED', target: e.id, test: 'present' as const }));

/** Dates to at least the precision the ICH business rules ask (the day for C.1.4, the second for C.1.2). */
const precise: Rule[] = [...ELEMENTS.values()]
  .filter((e) => e.type === 'Date/Time' && FIELD_PATHS.has(e.id))
  .flatMap((e) => {
    const digits = minimumPrecision(e);
    return digits ? [{ rule: 'ICH-DATE-PRECISION', target: e.id, test: { precision: digits } }] : [];
  });

/** `a` and `b` go together: each is required when the other is given. */
const pair = (rule: string, a: string, b: string): Rule[] => [
  { rule, target: a, test: 'present', when: [{ id: b, is: 'present' }] },
  { rule, target: b, test: 'present', when: [{ id: a, is: 'present' }] },
];

export const ICH_RULES: readonly Rule[] = [
  ...required,
  ...precise,
  { rule: 'ICH-CONDITIONAL', target: 'C.1.11.2', test: 'present', when: [{ id: 'C.1.11.1', is: 'present' }] },
  {
    rule: 'ICH-CONDITIONAL',
    target: 'C.1.6.1.r.1',
    test: 'present',
    when: [{ id: 'C.1.6.1', is: { in: [true] } }],
  },
  {
    rule: 'ICH-CONDITIONAL',
    target: 'C.1.9.1.r.2',
    test: 'present',
    when: [{ id: 'C.1.9.1', is: { in: [true] } }],
  },
  {
    rule: 'ICH-CONDITIONAL',
    target: 'C.2.r.4',
    test: 'present',
    when: [{ id: 'C.2.r.5', is: { in: ['1'] } }],
  },
  {
    rule: 'ICH-CONDITIONAL',
    target: 'C.2.r.3',
    test: 'present',
    when: [{ id: 'C.2.r.5', is: { in: ['1'] } }],
  },
  { rule: 'ICH-PRIMARY-SOURCE', target: 'C.2.r.5', test: { in: ['1'] }, quantifier: 'some' },
  { rule: 'ICH-CONDITIONAL', target: 'C.3.2', test: 'present', when: [{ id: 'C.3.1', is: 'present' }] },
  { rule: 'ICH-CONDITIONAL', target: 'C.5.4', test: 'present', when: [{ id: 'C.1.3', is: { in: ['2'] } }] },
  { rule: 'ICH-MINIMUM-CASE', target: 'G.k.1', test: { in: ['1', '3'] }, quantifier: 'some' },
  ...pair('ICH-PAIR', 'D.2.2a', 'D.2.2b'),
  ...pair('ICH-PAIR', 'D.2.2.1a', 'D.2.2.1b'),
  ...pair('ICH-PAIR', 'D.10.2.2a', 'D.10.2.2b'),
  ...pair('ICH-PAIR', 'E.i.6a', 'E.i.6b'),
  ...pair('ICH-PAIR', 'G.k.5a', 'G.k.5b'),
  ...pair('ICH-PAIR', 'G.k.6a', 'G.k.6b'),
  ...pair('ICH-PAIR', 'G.k.4.r.1a', 'G.k.4.r.1b'),
  ...pair('ICH-PAIR', 'G.k.4.r.6a', 'G.k.4.r.6b'),
  ...pair('ICH-PAIR', 'G.k.9.i.3.1a', 'G.k.9.i.3.1b'),
  ...pair('ICH-PAIR', 'G.k.9.i.3.2a', 'G.k.9.i.3.2b'),
  { rule: 'ICH-PAIR', target: 'E.i.1.1b', test: 'present', when: [{ id: 'E.i.1.1a', is: 'present' }] },
  {
    rule: 'ICH-PAIR',
    target: 'G.k.2.3.r.3b',
    test: 'present',
    when: [{ id: 'G.k.2.3.r.3a', is: 'present' }],
  },
  { rule: 'ICH-PAIR', target: 'G.k.4.r.3', test: 'present', when: [{ id: 'G.k.4.r.2', is: 'present' }] },
  { rule: 'ICH-PAIR', target: 'F.r.3.3', test: 'present', when: [{ id: 'F.r.3.2', is: 'present' }] },
  { rule: 'ICH-CONDITIONAL', target: 'G.k.3.2', test: 'present', when: [{ id: 'G.k.3.1', is: 'present' }] },
  { rule: 'ICH-CONDITIONAL', target: 'D.9.3', test: 'present', when: [{ id: 'D.9.1', is: 'present' }] },
  { rule: 'ICH-CONDITIONAL', target: 'F.r.1', test: 'present', when: [{ id: 'F.r.2.1', is: 'present' }] },
  // A middle name follows a given name: E2B tells the two `given` parts apart by their order.
  {
    rule: 'ICH-CONDITIONAL',
    target: 'C.2.r.1.2',
    test: 'present',
    when: [{ id: 'C.2.r.1.3', is: 'present' }],
  },
  { rule: 'ICH-CONDITIONAL', target: 'C.3.3.3', test: 'present', when: [{ id: 'C.3.3.4', is: 'present' }] },
  // A medical-history entry names its condition: the entry is an HL7 observation, whose
  // `code` (the MedDRA term) the schema requires. The table's "required if the version is
  // given" cannot hold on its own for an entry that exists.
  { rule: 'ICH-CONDITIONAL', target: 'D.7.1.r.1b', test: 'present' },
  { rule: 'ICH-CONDITIONAL', target: 'D.10.7.1.r.1b', test: 'present' },
  // A substance is named: the schema wants its name whenever the substance is written.
  { rule: 'ICH-CONDITIONAL', target: 'G.k.2.3.r.1', test: 'present' },
  // A test is named, in words or coded (its observation has no code otherwise).
  { rule: 'ICH-CONDITIONAL', target: 'F.r.2.1', test: 'present', when: [{ id: 'F.r.2.2b', is: 'absent' }] },
  // HL7's interval (IVL_TS) holds a start, an end and a duration only two at a time.
  {
    rule: 'ICH-CONDITIONAL',
    target: 'E.i.6a',
    test: 'absent',
    when: [
      { id: 'E.i.4', is: 'present' },
      { id: 'E.i.5', is: 'present' },
    ],
  },
  {
    rule: 'ICH-CONDITIONAL',
    target: 'G.k.4.r.6a',
    test: 'absent',
    when: [
      { id: 'G.k.4.r.4', is: 'present' },
      { id: 'G.k.4.r.5', is: 'present' },
    ],
  },
  // A product has an MPID or a PhPID, not both (the product holds one code, decision 0201).
  ...(['D.8.r', 'D.10.8.r', 'G.k.2.1'] as const).map(
    (p): Rule => ({
      rule: 'ICH-CONDITIONAL',
      target: p === 'G.k.2.1' ? 'G.k.2.1.2b' : `${p}.3b`,
      test: 'absent',
      when: [{ id: p === 'G.k.2.1' ? 'G.k.2.1.1b' : `${p}.2b`, is: 'present' }],
    }),
  ),
];

export { EU_PROFILE, FDA_PROFILE };

export const PROFILES = { ich: [], fda: FDA_PROFILE, eu: EU_PROFILE } as const;
export type Profile = keyof typeof PROFILES;
