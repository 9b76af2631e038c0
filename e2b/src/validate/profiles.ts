import { FIELD_PATHS } from './fields.ts';
import type { Rule } from './rules.ts';
import { ELEMENTS, FDA_RULES } from './tables.ts';

/**
 * Layer 2, ICH conformance: every element the data-element table marks "Required", plus
 * the ICH conditional rules the table states in words (pairs of number and unit, version
 * and code, and the minimum criteria of a valid case).
 */
const required: Rule[] = [...ELEMENTS.values()]
  .filter((e) => e.conformance === 'Required' && !e.id.startsWith('FDA.') && FIELD_PATHS.has(e.id))
  .map((e) => ({ rule: 'ICH-REQUIRED', target: e.id, test: 'present' as const }));

/** `a` and `b` go together: each is required when the other is given. */
const pair = (rule: string, a: string, b: string): Rule[] => [
  { rule, target: a, test: 'present', when: [{ id: b, is: 'present' }] },
  { rule, target: b, test: 'present', when: [{ id: a, is: 'present' }] },
];

export const ICH_RULES: readonly Rule[] = [
  ...required,
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
];

/**
 * Layer 3, FDA: rules of fda-rejection-warning-rules.csv, each by its error id. What a rule
 * checks is written here as data; its severity and wording come from the CSV.
 */
const fda = (id: string, rule: Omit<Rule, 'rule' | 'severity'>): Rule => {
  const row = FDA_RULES.get(id);
  if (!row) throw new Error(`FDA rule ${id} is not in the rules table`);
  return { ...rule, rule: id, severity: row.severity === 'rejection' ? 'error' : 'warning' };
};
const premarket = { id: 'N.1.4', is: { in: ['ZZFDA_PREMKT'] } } as const;
const postmarket = { id: 'N.1.4', is: { in: ['ZZFDA'] } } as const;
const ind = { id: 'N.2.r.3', is: { in: ['CDER_IND', 'CBER_IND'] } } as const;

export const FDA_PROFILE: readonly Rule[] = [
  fda('R0006', { target: 'N.2.r.3', test: { in: ['CDER', 'CBER'] }, when: [postmarket] }),
  fda('R0007', {
    target: 'N.2.r.3',
    test: { in: ['CDER_IND', 'CBER_IND', 'CDER_IND_EXEMPT_BA_BE'] },
    when: [premarket],
  }),
  fda('R0008', {
    target: 'C.1.3',
    test: { in: ['2'] },
    when: [premarket, { id: 'FDA.C.5.5a', is: 'absent' }, ind],
  }),
  fda('R0009', { target: 'C.1.6.1.r.1', test: 'present', when: [{ id: 'C.1.6.1', is: { in: [true] } }] }),
  fda('R0011', { target: 'C.1.7', test: { notNull: ['NI'] }, when: [{ id: 'C.1.11.1', is: 'absent' }] }),
  fda('R0014', {
    target: 'FDA.C.1.7.1',
    test: { in: ['1'] },
    when: [postmarket, { id: 'FDA.C.1.12', is: { in: [false] } }, { id: 'C.1.7', is: { in: [true] } }],
  }),
  fda('R0015', {
    target: 'FDA.C.1.7.1',
    test: { in: ['2'] },
    when: [postmarket, { id: 'FDA.C.1.12', is: { in: [false] } }, { id: 'C.1.7', is: { in: [false] } }],
  }),
  fda('R0017', { target: 'C.1.9.1.r.1', test: 'present', when: [{ id: 'C.1.9.1', is: { in: [true] } }] }),
  fda('R0019', { target: 'C.2.r.3', test: 'present', when: [{ id: 'C.2.r.5', is: { in: ['1'] } }] }),
  fda('R0020', { target: 'C.2.r.4', test: 'present', when: [{ id: 'C.2.r.5', is: { in: ['1'] } }] }),
  fda('R0021', { target: 'C.2.r.5', test: { in: ['1'] }, quantifier: 'some' }),
  fda('R0022', {
    target: 'C.3.2',
    test: 'present',
    when: [{ id: 'C.3.1', is: { in: ['1', '2', '3', '4', '5', '6'] } }],
  }),
  fda('R0023', { target: 'C.5.4', test: 'present', when: [{ id: 'C.1.3', is: { in: ['2'] } }] }),
  fda('R0024', {
    target: 'FDA.C.5.5a',
    test: 'present',
    when: [{ id: 'C.1.3', is: { in: ['1', '2'] } }, ind],
  }),
  fda('R0025', {
    target: 'FDA.C.5.5b',
    test: 'present',
    when: [
      { id: 'C.1.3', is: { in: ['2'] } },
      { id: 'N.2.r.3', is: { in: ['CDER_IND_EXEMPT_BA_BE'] } },
    ],
  }),
  fda('R0107', {
    target: 'FDA.C.5.5a',
    test: 'absent',
    when: [postmarket, { id: 'N.2.r.3', is: { in: ['CDER', 'CBER'] } }],
  }),
  fda('R0108', {
    target: 'FDA.C.5.5b',
    test: 'absent',
    when: [postmarket, { id: 'N.2.r.3', is: { in: ['CDER', 'CBER'] } }],
  }),
  fda('R0029', { target: 'D.2.2a', test: 'present', when: [{ id: 'D.2.2b', is: 'present' }] }),
  fda('R0030', { target: 'D.2.2b', test: 'present', when: [{ id: 'D.2.2a', is: 'present' }] }),
  fda('R0045', { target: 'D.9.3', test: 'present', when: [{ id: 'D.9.1', is: 'present' }] }),
  fda('R0051', { target: 'D.10.6', test: 'present', when: [{ id: 'D.10.1', is: 'present' }] }),
  fda('R0058', { target: 'E.i.1.1b', test: 'present', when: [{ id: 'E.i.1.1a', is: 'present' }] }),
  fda('R0067', { target: 'F.r.3.3', test: 'present', when: [{ id: 'F.r.3.2', is: 'present' }] }),
  fda('R0069', {
    target: 'G.k.1',
    test: { in: ['1', '3', '4'] },
    quantifier: 'some',
    when: [{ id: 'N.2.r.3', is: { in: ['CDER'] } }],
  }),
  fda('R0073', { target: 'G.k.2.3.r.3b', test: 'present', when: [{ id: 'G.k.2.3.r.3a', is: 'present' }] }),
  fda('R0074', { target: 'G.k.3.2', test: 'present', when: [{ id: 'G.k.3.1', is: 'present' }] }),
  fda('R0075', { target: 'G.k.4.r.1b', test: 'present', when: [{ id: 'G.k.4.r.1a', is: 'present' }] }),
  fda('R0076', { target: 'G.k.4.r.3', test: 'present', when: [{ id: 'G.k.4.r.2', is: 'present' }] }),
  fda('R0085', {
    target: 'G.k.9.i.2.r.1',
    test: 'present',
    when: [
      { id: 'C.1.3', is: { in: ['2'] } },
      { id: 'FDA.C.5.5a', is: 'present' },
    ],
  }),
];

/** Layer 3, EU: EDQM dose form and route terms are mandatory for every dosage. */
export const EU_PROFILE: readonly Rule[] = [
  { rule: 'EU-EDQM-DOSE-FORM', target: 'G.k.4.r.9.2b', test: 'present' },
  { rule: 'EU-EDQM-ROUTE', target: 'G.k.4.r.10.2b', test: 'present' },
];

export const PROFILES = { ich: [], fda: FDA_PROFILE, eu: EU_PROFILE } as const;
export type Profile = keyof typeof PROFILES;
