import type { Rule } from './rules.ts';
import { FDA_RULES } from './tables.ts';

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
/** The CSV spells the value both AGGREGATE and AGGREGRATE: either is taken. */
const aggregate = { id: 'D.1', is: { in: ['AGGREGATE', 'AGGREGRATE'] } } as const;
const fdaPair = (ruleA: string, ruleB: string, a: string, b: string): Rule[] => [
  fda(ruleA, { target: a, test: 'present', when: [{ id: b, is: 'present' }] }),
  fda(ruleB, { target: b, test: 'present', when: [{ id: a, is: 'present' }] }),
];

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
  // An IND or pre-ANDA number on a postmarket message is a routing mistake: the findings say
  // to route the case to the premarket route, not to remove the number (issue 26).
  fda('R0107', {
    target: 'FDA.C.5.5a',
    test: 'absent',
    when: [postmarket, { id: 'N.2.r.3', is: { in: ['CDER', 'CBER'] } }],
    advice: 'premarketIndNumber',
  }),
  fda('R0108', {
    target: 'FDA.C.5.5b',
    test: 'absent',
    when: [postmarket, { id: 'N.2.r.3', is: { in: ['CDER', 'CBER'] } }],
    advice: 'premarketPreAnda',
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
  // Pairs the FDA checks one by one: each half is required when the other is given.
  ...fdaPair('R0031', 'R0032', 'D.2.2.1a', 'D.2.2.1b'),
  ...fdaPair('R0033', 'R0034', 'D.7.1.r.1a', 'D.7.1.r.1b'),
  ...fdaPair('R0037', 'R0038', 'D.8.r.6a', 'D.8.r.6b'),
  ...fdaPair('R0039', 'R0040', 'D.8.r.7a', 'D.8.r.7b'),
  ...fdaPair('R0042', 'R0043', 'D.9.2.r.1a', 'D.9.2.r.1b'),
  ...fdaPair('R0046', 'R0047', 'D.9.4.r.1a', 'D.9.4.r.1b'),
  ...fdaPair('R0049', 'R0050', 'D.10.2.2a', 'D.10.2.2b'),
  ...fdaPair('R0052', 'R0053', 'D.10.7.1.r.1a', 'D.10.7.1.r.1b'),
  ...fdaPair('R0054', 'R0055', 'D.10.8.r.6a', 'D.10.8.r.6b'),
  ...fdaPair('R0056', 'R0057', 'D.10.8.r.7a', 'D.10.8.r.7b'),
  ...fdaPair('R0059', 'R0060', 'E.i.6a', 'E.i.6b'),
  ...fdaPair('R0077', 'R0078', 'G.k.4.r.6a', 'G.k.4.r.6b'),
  ...fdaPair('R0079', 'R0080', 'G.k.5a', 'G.k.5b'),
  ...fdaPair('R0081', 'R0082', 'G.k.6a', 'G.k.6b'),
  ...fdaPair('R0083', 'R0084', 'G.k.7.r.2a', 'G.k.7.r.2b'),
  ...fdaPair('R0088', 'R0089', 'G.k.9.i.3.1a', 'G.k.9.i.3.1b'),
  ...fdaPair('R0090', 'R0091', 'G.k.9.i.3.2a', 'G.k.9.i.3.2b'),
  ...fdaPair('R0097', 'R0098', 'H.3.r.1a', 'H.3.r.1b'),
  fda('R0099', { target: 'H.5.r.1b', test: 'present', when: [{ id: 'H.5.r.1a', is: 'present' }] }),
  fda('R0063', { target: 'F.r.2.2a', test: 'present', when: [{ id: 'F.r.2.2b', is: 'present' }] }),
  fda('R0018', { target: 'C.1.9.1.r.2', test: 'present', when: [{ id: 'C.1.9.1.r.1', is: 'present' }] }),
  // Causes of death in words when they are coded.
  fda('R0044', {
    target: 'D.9.2.r.2',
    test: 'present',
    when: [
      { id: 'D.9.2.r.1a', is: 'present' },
      { id: 'D.9.2.r.1b', is: 'present' },
    ],
  }),
  fda('R0048', {
    target: 'D.9.4.r.2',
    test: 'present',
    when: [
      { id: 'D.9.4.r.1a', is: 'present' },
      { id: 'D.9.4.r.1b', is: 'present' },
    ],
  }),
  fda('R0041', {
    target: 'D.9.1',
    test: 'present',
    when: [{ id: 'C.1.3', is: { in: ['2'] } }, ind, { id: 'E.i.3.2a', is: { in: [true] } }],
    advice: 'premarketDeathDate',
  }),
  // Tests: a date and a name (in words or coded), and a result for a coded name. R0066 and
  // R0068 are R0065 said of F.r.3.2 and F.r.3.4: one finding names the missing result.
  fda('R0061', { target: 'F.r.1', test: 'present', when: [{ id: 'F.r.2.1', is: 'present' }] }),
  fda('R0061', { target: 'F.r.1', test: 'present', when: [{ id: 'F.r.2.2b', is: 'present' }] }),
  fda('R0062', {
    target: 'F.r.2.1',
    test: 'present',
    when: [
      { id: 'F.r.1', is: 'present' },
      { id: 'F.r.2.2b', is: 'absent' },
    ],
  }),
  fda('R0064', {
    target: 'F.r.2.2b',
    test: 'present',
    when: [
      { id: 'F.r.1', is: 'present' },
      { id: 'F.r.2.1', is: 'absent' },
    ],
  }),
  fda('R0065', {
    target: 'F.r.3.1',
    test: 'present',
    when: [
      { id: 'F.r.2.2b', is: 'present' },
      { id: 'F.r.3.2', is: 'absent' },
      { id: 'F.r.3.4', is: 'absent' },
    ],
  }),
  // Local criteria (FDA.C.1.7.1) for combination products and for spontaneous and study reports.
  fda('R0012', {
    target: 'FDA.C.1.7.1',
    test: { in: ['1', '4'] },
    when: [
      { id: 'FDA.C.1.12', is: { in: [true] } },
      { id: 'C.1.7', is: { in: [true] } },
    ],
  }),
  fda('R0013', {
    target: 'FDA.C.1.7.1',
    test: { in: ['2', '5'] },
    when: [
      { id: 'FDA.C.1.12', is: { in: [true] } },
      { id: 'C.1.7', is: { in: [false] } },
    ],
  }),
  fda('R0016', {
    target: 'FDA.C.1.7.1',
    test: { in: ['1', '6'] },
    when: [
      { id: 'C.1.7', is: { in: [true] } },
      { id: 'C.1.3', is: { in: ['1', '2'] } },
    ],
  }),
  // Report type and study type by route and center.
  fda('R0110', {
    target: 'C.1.3',
    test: { in: ['1'] },
    when: [premarket, ind, { id: 'FDA.C.5.5a', is: 'present' }, { id: 'C.5.4', is: 'absent' }],
  }),
  fda('R0111', {
    target: 'C.1.3',
    test: { in: ['2'] },
    when: [premarket, { id: 'N.2.r.3', is: { in: ['CDER_IND_EXEMPT_BA_BE'] } }],
  }),
  fda('R0112', { target: 'C.1.3', test: { in: ['1', '2'] }, when: [premarket, ind] }),
  fda('R0102', {
    target: 'C.5.4',
    test: { in: ['1', '2', '3'] },
    when: [
      premarket,
      { id: 'C.1.3', is: { in: ['2'] } },
      { id: 'N.2.r.3', is: { in: ['CDER_IND', 'CBER_IND', 'CDER_IND_EXEMPT_BA_BE'] } },
    ],
  }),
  fda('R0103', {
    target: 'C.5.4',
    test: 'absent',
    when: [
      { id: 'C.1.3', is: { in: ['1'] } },
      { id: 'N.2.r.3', is: { in: ['CDER'] } },
    ],
  }),
  fda('R0104', {
    target: 'C.5.4',
    test: { in: ['1', '2', '3'] },
    when: [postmarket, { id: 'C.1.3', is: { in: ['2'] } }, { id: 'N.2.r.3', is: { in: ['CDER'] } }],
  }),
  fda('R0113', {
    target: 'C.5.4',
    test: 'absent',
    when: [premarket, ind, { id: 'C.1.3', is: { in: ['1'] } }],
  }),
  fda('R0109', {
    target: 'FDA.C.5.6.r',
    test: 'absent',
    when: [postmarket, { id: 'N.2.r.3', is: { in: ['CDER', 'CBER'] } }],
    advice: 'premarketCrossReported',
  }),
  // Drug roles and causality for study reports. R0071's CSV text says "CDER_EXEMPT_BA_BE",
  // the center code R0007 and R0025 call CDER_IND_EXEMPT_BA_BE: that one is meant.
  fda('R0070', {
    target: 'G.k.1',
    test: { in: ['1', '3'] },
    quantifier: 'some',
    when: [{ id: 'C.1.3', is: { in: ['2'] } }, ind],
  }),
  fda('R0071', {
    target: 'G.k.1',
    test: { in: ['1', '3', '4'] },
    quantifier: 'some',
    when: [
      { id: 'C.1.3', is: { in: ['2'] } },
      { id: 'N.2.r.3', is: { in: ['CDER_IND_EXEMPT_BA_BE'] } },
    ],
  }),
  fda('R0086', {
    target: 'G.k.9.i.2.r.2',
    test: 'present',
    when: [
      { id: 'C.1.3', is: { in: ['2'] } },
      { id: 'FDA.C.5.5a', is: 'present' },
    ],
  }),
  fda('R0087', {
    target: 'G.k.9.i.2.r.3',
    test: 'present',
    when: [
      { id: 'C.1.3', is: { in: ['2'] } },
      { id: 'FDA.C.5.5a', is: 'present' },
    ],
  }),
  // Aggregate reports (D.1 = "AGGREGATE"): warnings.
  fda('W0001', { target: 'C.1.10.r', test: 'present', when: [aggregate] }),
  fda('W0002', { target: 'C.5.4', test: { in: ['1'] }, when: [aggregate] }),
  fda('W0010', {
    target: 'D.1',
    test: { in: ['AGGREGATE'] },
    when: [
      { id: 'C.1.3', is: { in: ['2'] } },
      { id: 'C.1.10.r', is: 'present' },
      { id: 'FDA.C.5.5a', is: 'present' },
    ],
  }),
  // R0013's second branch: C.1.7 left as the null flavour NI counts as "false".
  fda('R0013', {
    target: 'FDA.C.1.7.1',
    test: { in: ['2', '5'] },
    when: [
      { id: 'FDA.C.1.12', is: { in: [true] } },
      { id: 'C.1.7', is: { nullFlavor: ['NI'] } },
    ],
  }),
  // Decision 0206: rules the evaluator could not say before (a section given nowhere, a null
  // flavour, the first drug, a word inside a value, one element equal to another).
  fda('R0035', { target: 'D.7.2', test: 'present', when: [{ id: 'D.7.1.r.1b', is: 'absent' }] }),
  fda('R0036', { target: 'D.8.r.1', test: 'present' }),
  // "Use nullFlavor NA if there are no other cross-reported INDs": NA is a value here.
  fda('R0026', { target: 'FDA.C.5.6.r', test: 'present', when: [{ id: 'FDA.C.5.5a', is: 'present' }] }),
  ...(['FDA.D.11.r.1', 'FDA.D.12'] as const).flatMap((target, i) =>
    [
      { id: 'D.1', is: { nullFlavor: ['NA'] } } as const,
      { id: 'D.1', is: { in: ['SUMMARY', ...aggregate.is.in] } } as const,
    ].map((patient) =>
      fda(i === 0 ? 'W0003' : 'W0004', { target, test: { nullFlavor: ['NA'] }, when: [patient] }),
    ),
  ),
  // The first product is suspect or interacting, or not administered (4) in a case with a device
  // malfunction. "The product has a malfunctioning part" is read case-wide: rules do not tie a
  // condition to the first drug's own devices.
  fda('W0005', {
    target: 'G.k.1',
    test: { in: ['1', '3'] },
    quantifier: 'first',
    when: [postmarket, { id: 'FDA.G.k.12.r.1', is: { notIn: [true] } }],
  }),
  fda('W0005', {
    target: 'G.k.1',
    test: { in: ['1', '3', '4'] },
    quantifier: 'first',
    when: [postmarket, { id: 'FDA.G.k.12.r.1', is: { in: [true] } }],
  }),
  fda('R0100', { target: 'N.2.r.2', test: { sameAs: 'N.1.3' } }),
  // Not in FDA's table: FDA's gateway takes messages from the senders it registered only, and a
  // UUID is the organisation's id Vigilo writes when the receiver names no sender (decision 0095).
  {
    rule: 'FDA-SENDER-ID',
    severity: 'error',
    target: 'N.1.3',
    test: { notMatching: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
    advice: 'approvedSender',
  },
  fda('R0114', {
    target: 'G.k.3.1',
    test: { without: ['IND', 'PANDA'] },
    when: [
      postmarket,
      { id: 'N.2.r.3', is: { in: ['CDER'] } },
      { id: 'C.1.3', is: { in: ['2'] } },
      { id: 'C.5.4', is: { in: ['2', '3'] } },
    ],
  }),
  // Combination products' device parts (FDA.G.k.12.r, decision 0201), post-market.
  fda('R0027', {
    target: 'D.1',
    test: { nullFlavor: ['NA'] },
    when: [
      postmarket,
      { id: 'FDA.C.1.12', is: { in: [true] } },
      { id: 'FDA.G.k.12.r.1', is: { in: [true] } },
      { id: 'E.i.2.1b', is: { in: ['10067482'] } },
      // Several malfunction reports without an adverse event are written "SUMMARY" instead.
      { id: 'D.1', is: { notIn: ['SUMMARY'] } },
    ],
  }),
  fda('R0072', {
    target: 'FDA.G.k.1.a',
    test: 'present',
    when: [
      { id: 'FDA.C.1.12', is: { in: [true] } },
      { id: 'FDA.G.k.12.r.1', is: { in: [true] } },
      { id: 'G.k.1', is: { in: ['4'] } },
    ],
  }),
  fda('R0072', {
    target: 'FDA.G.k.1.a',
    test: 'absent',
    when: [{ id: 'G.k.1', is: { in: ['1', '2', '3'] } }],
  }),
  // R0092 reads "at least one suspect product" as at least one device part in the case.
  fda('R0092', {
    target: 'FDA.G.k.12.r.1',
    test: { in: [true] },
    quantifier: 'some',
    when: [postmarket, { id: 'FDA.C.1.7.1', is: { in: ['5'] } }],
  }),
  fda('R0093', {
    target: 'FDA.G.k.12.r.3.r',
    test: 'present',
    quantifier: 'every',
    when: [postmarket, { id: 'FDA.G.k.12.r.1', is: { in: [true] } }],
  }),
  ...(['R0094', 'R0095'] as const).map((id, i) =>
    fda(id, {
      target: i === 0 ? 'FDA.G.k.12.r.4' : 'FDA.G.k.12.r.5',
      test: 'present',
      quantifier: 'every',
      when: [postmarket, { id: 'FDA.C.1.12', is: { in: [true] } }],
    }),
  ),
  fda('R0096', {
    target: 'FDA.G.k.12.r.6',
    test: 'present',
    quantifier: 'every',
    when: [
      postmarket,
      { id: 'FDA.G.k.12.r.4', is: { nullFlavor: ['NI'] } },
      { id: 'FDA.G.k.12.r.5', is: { nullFlavor: ['NI'] } },
    ],
  }),
  fda('W0007', {
    target: 'FDA.G.k.12.r.11.r',
    test: 'present',
    quantifier: 'every',
    when: [
      postmarket,
      { id: 'FDA.G.k.12.r.1', is: { in: [true] } },
      { id: 'FDA.C.1.7.1', is: { in: ['4'] } },
    ],
  }),
  // FDA.G.k.10a in an IND-exempt BA/BE study: a code given is 1 (test) or 2 (reference). That
  // it is given for every drug is not checked: its "NA" is written like G.k.10.r's (a code-9
  // observation with a null flavour has no code system to tell them apart), and FDA's own
  // scenario 5 leaves concomitant drugs without it.
  fda('W0006', {
    target: 'FDA.G.k.10a',
    test: { in: ['1', '2'] },
    quantifier: 'every',
    when: [{ id: 'FDA.C.5.5b', is: 'present' }],
  }),
];
