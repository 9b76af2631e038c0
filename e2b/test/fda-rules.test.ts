import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { type MessageHeader, validate } from '../src/index.ts';
import { FDA_RULES } from '../src/validate/tables.ts';
import { batchHeader, handWrittenCase, messageHeader } from './fixtures.ts';
import { put, type Values } from './put.ts';

/**
 * FDA rules of fda-rejection-warning-rules.csv, each broken on purpose in the hand-written case
 * (a report from a study, sent to CDER post-market) and found by its error id. The cases are
 * written here from the rules' own text in the CSV.
 */
const NOW = new Date('2024-06-01T00:00:00Z');

interface Case {
  rule: string;
  set?: Values;
  unset?: string[];
  header?: Partial<MessageHeader>;
  batchReceiver?: string;
  /** The data element the finding is about. */
  element: string;
}

const pair = (ruleA: string, ruleB: string, a: string, b: string, va: unknown, vb: unknown): Case[] => [
  { rule: ruleA, set: { [b]: vb }, unset: [a], element: a },
  { rule: ruleB, set: { [a]: va }, unset: [b], element: b },
];

const CASES: Case[] = [
  ...pair('R0031', 'R0032', 'D.2.2.1a', 'D.2.2.1b', '12', 'wk'),
  ...pair('R0033', 'R0034', 'D.7.1.r.1a', 'D.7.1.r.1b', '26.1', '10020772'),
  ...pair('R0037', 'R0038', 'D.8.r.6a', 'D.8.r.6b', '26.1', '10020772'),
  ...pair('R0039', 'R0040', 'D.8.r.7a', 'D.8.r.7b', '26.1', '10020772'),
  ...pair('R0042', 'R0043', 'D.9.2.r.1a', 'D.9.2.r.1b', '26.1', '10011906'),
  ...pair('R0046', 'R0047', 'D.9.4.r.1a', 'D.9.4.r.1b', '26.1', '10011906'),
  ...pair('R0049', 'R0050', 'D.10.2.2a', 'D.10.2.2b', '30', 'a'),
  ...pair('R0052', 'R0053', 'D.10.7.1.r.1a', 'D.10.7.1.r.1b', '26.1', '10020772'),
  ...pair('R0054', 'R0055', 'D.10.8.r.6a', 'D.10.8.r.6b', '26.1', '10020772'),
  ...pair('R0056', 'R0057', 'D.10.8.r.7a', 'D.10.8.r.7b', '26.1', '10020772'),
  ...pair('R0059', 'R0060', 'E.i.6a', 'E.i.6b', '3', 'd'),
  ...pair('R0077', 'R0078', 'G.k.4.r.6a', 'G.k.4.r.6b', '5', 'd'),
  ...pair('R0079', 'R0080', 'G.k.5a', 'G.k.5b', '100', 'mg'),
  ...pair('R0081', 'R0082', 'G.k.6a', 'G.k.6b', '8', 'wk'),
  ...pair('R0083', 'R0084', 'G.k.7.r.2a', 'G.k.7.r.2b', '26.1', '10037153'),
  ...pair('R0088', 'R0089', 'G.k.9.i.3.1a', 'G.k.9.i.3.1b', '2', 'd'),
  ...pair('R0090', 'R0091', 'G.k.9.i.3.2a', 'G.k.9.i.3.2b', '1', 'h'),
  ...pair('R0097', 'R0098', 'H.3.r.1a', 'H.3.r.1b', '26.1', '10040070'),
  { rule: 'R0099', set: { 'H.5.r.1a': 'Summary' }, unset: ['H.5.r.1b'], element: 'H.5.r.1b' },
  { rule: 'R0063', set: { 'F.r.2.2b': '10005364' }, unset: ['F.r.2.2a'], element: 'F.r.2.2a' },
  { rule: 'R0018', set: { 'C.1.9.1.r.1': 'Partner' }, unset: ['C.1.9.1.r.2'], element: 'C.1.9.1.r.2' },
  {
    rule: 'R0044',
    set: { 'D.9.2.r.1a': '26.1', 'D.9.2.r.1b': '10011906' },
    unset: ['D.9.2.r.2'],
    element: 'D.9.2.r.2',
  },
  {
    rule: 'R0048',
    set: { 'D.9.4.r.1a': '26.1', 'D.9.4.r.1b': '10011906' },
    unset: ['D.9.4.r.2'],
    element: 'D.9.4.r.2',
  },
  {
    rule: 'R0041',
    set: { 'E.i.3.2a': true },
    unset: ['D.9.1'],
    header: { messageReceiver: 'CDER_IND' },
    batchReceiver: 'ZZFDA_PREMKT',
    element: 'D.9.1',
  },
  { rule: 'R0062', set: { 'F.r.1': '2024-03-02' }, unset: ['F.r.2.1', 'F.r.2.2b'], element: 'F.r.2.1' },
  { rule: 'R0064', set: { 'F.r.1': '2024-03-02' }, unset: ['F.r.2.1', 'F.r.2.2b'], element: 'F.r.2.2b' },
  {
    rule: 'R0065',
    set: { 'F.r.2.2a': '26.1', 'F.r.2.2b': '10005364' },
    unset: ['F.r.3.1', 'F.r.3.2', 'F.r.3.4'],
    element: 'F.r.3.1',
  },
  {
    rule: 'R0012',
    set: { 'FDA.C.1.12': true, 'C.1.7': true, 'FDA.C.1.7.1': '2' },
    element: 'FDA.C.1.7.1',
  },
  {
    rule: 'R0013',
    set: { 'FDA.C.1.12': true, 'C.1.7': false, 'FDA.C.1.7.1': '1' },
    element: 'FDA.C.1.7.1',
  },
  { rule: 'R0016', set: { 'C.1.7': true, 'FDA.C.1.7.1': '2' }, element: 'FDA.C.1.7.1' },
  {
    rule: 'R0111',
    set: { 'C.1.3': '1' },
    header: { messageReceiver: 'CDER_IND_EXEMPT_BA_BE' },
    batchReceiver: 'ZZFDA_PREMKT',
    element: 'C.1.3',
  },
  {
    rule: 'R0112',
    set: { 'C.1.3': '4' },
    header: { messageReceiver: 'CDER_IND' },
    batchReceiver: 'ZZFDA_PREMKT',
    element: 'C.1.3',
  },
  {
    rule: 'R0110',
    set: { 'C.1.3': '2', 'FDA.C.5.5a': '123456' },
    unset: ['C.5.4'],
    header: { messageReceiver: 'CBER_IND' },
    batchReceiver: 'ZZFDA_PREMKT',
    element: 'C.1.3',
  },
  {
    rule: 'R0102',
    set: { 'C.5.4': '4' },
    header: { messageReceiver: 'CDER_IND' },
    batchReceiver: 'ZZFDA_PREMKT',
    element: 'C.5.4',
  },
  { rule: 'R0103', set: { 'C.1.3': '1' }, element: 'C.5.4' },
  { rule: 'R0104', set: { 'C.5.4': '4' }, element: 'C.5.4' },
  {
    rule: 'R0113',
    set: { 'C.1.3': '1' },
    header: { messageReceiver: 'CDER_IND' },
    batchReceiver: 'ZZFDA_PREMKT',
    element: 'C.5.4',
  },
  { rule: 'R0109', set: { 'FDA.C.5.6.r': '99999' }, element: 'FDA.C.5.6.r' },
  {
    rule: 'R0070',
    set: { 'G.k.1': '2' },
    header: { messageReceiver: 'CDER_IND' },
    batchReceiver: 'ZZFDA_PREMKT',
    element: 'G.k.1',
  },
  {
    rule: 'R0071',
    set: { 'G.k.1': '2' },
    header: { messageReceiver: 'CDER_IND_EXEMPT_BA_BE' },
    batchReceiver: 'ZZFDA_PREMKT',
    element: 'G.k.1',
  },
  { rule: 'R0086', set: { 'FDA.C.5.5a': '123456' }, unset: ['G.k.9.i.2.r.2'], element: 'G.k.9.i.2.r.2' },
  { rule: 'R0087', set: { 'FDA.C.5.5a': '123456' }, unset: ['G.k.9.i.2.r.3'], element: 'G.k.9.i.2.r.3' },
  { rule: 'W0001', set: { 'D.1': 'AGGREGATE' }, unset: ['C.1.10.r'], element: 'C.1.10.r' },
  { rule: 'W0002', set: { 'D.1': 'AGGREGATE', 'C.5.4': '2' }, element: 'C.5.4' },
  {
    rule: 'W0010',
    set: { 'C.1.10.r': 'US-OTHER-1', 'FDA.C.5.5a': '123456' },
    element: 'D.1',
  },
  // Decision 0206: the rules the evaluator learnt to say.
  {
    rule: 'R0013',
    set: { 'FDA.C.1.12': true, 'C.1.7': { nullFlavor: 'NI' }, 'FDA.C.1.7.1': '1' },
    element: 'FDA.C.1.7.1',
  },
  { rule: 'R0035', unset: ['D.7.1.r', 'D.7.2'], element: 'D.7.2' },
  { rule: 'R0036', unset: ['D.8.r.1'], element: 'D.8.r.1' },
  { rule: 'R0026', set: { 'FDA.C.5.5a': '123456' }, element: 'FDA.C.5.6.r' },
  { rule: 'W0003', set: { 'D.1': { nullFlavor: 'NA' } }, element: 'FDA.D.11.r.1' },
  { rule: 'W0003', set: { 'D.1': 'SUMMARY', 'FDA.D.11.r.1': 'C41260' }, element: 'FDA.D.11.r.1' },
  { rule: 'W0004', set: { 'D.1': 'AGGREGATE', 'FDA.D.12': 'C41222' }, element: 'FDA.D.12' },
  { rule: 'W0005', set: { 'G.k.1': '2' }, element: 'G.k.1' },
  { rule: 'R0100', header: { messageSender: 'ANOTHER-SENDER' }, element: 'N.2.r.2' },
  { rule: 'R0114', set: { 'C.5.4': '2', 'G.k.3.1': 'IND 123456' }, element: 'G.k.3.1' },
  { rule: 'R0114', set: { 'C.5.4': '3', 'G.k.3.1': 'panda-054321' }, element: 'G.k.3.1' },
  // Device parts of combination products (FDA.G.k.12.r, decision 0201).
  {
    rule: 'R0027',
    set: { 'FDA.C.1.12': true, 'FDA.G.k.12.r.1': true, 'E.i.2.1b': '10067482' },
    element: 'D.1',
  },
  {
    rule: 'R0072',
    set: { 'FDA.C.1.12': true, 'FDA.G.k.12.r.1': true, 'G.k.1': '4' },
    element: 'FDA.G.k.1.a',
  },
  { rule: 'R0072', set: { 'FDA.G.k.1.a': '1' }, element: 'FDA.G.k.1.a' },
  { rule: 'R0092', set: { 'FDA.C.1.7.1': '5' }, element: 'FDA.G.k.12.r.1' },
  { rule: 'R0093', set: { 'FDA.G.k.12.r.1': true }, element: 'FDA.G.k.12.r.3.r' },
  { rule: 'R0094', set: { 'FDA.C.1.12': true, 'FDA.G.k.12.r.5': 'Syringe' }, element: 'FDA.G.k.12.r.4' },
  { rule: 'R0095', set: { 'FDA.C.1.12': true, 'FDA.G.k.12.r.4': 'BrandX' }, element: 'FDA.G.k.12.r.5' },
  {
    rule: 'R0096',
    set: { 'FDA.G.k.12.r.4': { nullFlavor: 'NI' }, 'FDA.G.k.12.r.5': { nullFlavor: 'NI' } },
    element: 'FDA.G.k.12.r.6',
  },
  {
    rule: 'W0007',
    set: { 'FDA.G.k.12.r.1': true, 'FDA.G.k.12.r.3.r': ['A0101'], 'FDA.C.1.7.1': '4' },
    element: 'FDA.G.k.12.r.11.r',
  },
  { rule: 'W0006', set: { 'FDA.C.5.5b': '054321', 'FDA.G.k.10a': ['3'] }, element: 'FDA.G.k.10a' },
];

/** The FDA findings of the hand-written case changed by `set`, with the given headers. */
function fdaFindings(set: Values, header: Partial<MessageHeader> = {}, batchReceiver?: string) {
  const doc = structuredClone(handWrittenCase) as unknown as Values;
  for (const [id, value] of Object.entries(set)) put(doc, id, value);
  return validate(
    {
      batch: { ...batchHeader, ...(batchReceiver ? { batchReceiver } : {}) },
      messages: [{ header: { ...messageHeader, ...header }, document: doc as unknown as CaseDocument }],
    },
    'fda',
    { now: NOW },
  ).cases[0]!.findings.filter((f) => f.layer === 'profile');
}

describe('FDA rules the evaluator learnt (decision 0206)', () => {
  it('say what is wrong in words', () => {
    const said = (set: Values, header?: Partial<MessageHeader>) =>
      fdaFindings(set, header).map((f) => [f.rule, f.casePath, f.message]);
    expect(said({ 'D.1': { nullFlavor: 'NA' }, 'FDA.D.12': { nullFlavor: 'NA' } })).toEqual([
      [
        'W0003',
        'D.fdaRace[]',
        'Patient Race Code (FDA.D.11.r.1) must be given as the null flavour "NA" when Patient (name or initials) (D.1) is left as "NA".',
      ],
    ]);
    expect(said({}, { messageSender: 'ANOTHER-SENDER' })).toEqual([
      [
        'R0100',
        'N.messageSender',
        'Message Sender Identifier (N.2.r.2) is "ANOTHER-SENDER", but it must be the same as Batch Sender Identifier (N.1.3) ("VIGILO-SENDER").',
      ],
    ]);
    expect(said({ 'G.k.1': '4' })).toEqual([
      [
        'W0005',
        'G.drugs[0].role',
        'Characterisation of Drug Role (G.k.1) of the first entry is "4", but it must be "1" or "3" when Batch Receiver Identifier (N.1.4) is "ZZFDA" and no Malfunction (FDA.G.k.12.r.1) is "true".',
      ],
    ]);
    expect(said({ 'C.5.4': '2', 'G.k.3.1': 'IND 123456' })).toEqual([
      [
        'R0114',
        'G.drugs[0].authorisationNumber',
        'Authorisation / Application Number (G.k.3.1) "IND 123456" must not contain "IND" or "PANDA" when Batch Receiver Identifier (N.1.4) is "ZZFDA" and Message Receiver Identifier (N.2.r.3) is "CDER" and Type of Report (C.1.3) is "2" and Study Type Where Reaction(s) / Event(s) Were Observed (C.5.4) is "2" or "3".',
      ],
    ]);
  });

  it('accept what the rules ask for', () => {
    // R0026: the null flavour NA stands for "no other cross-reported IND" (premarket IND report).
    expect(
      fdaFindings(
        { 'FDA.C.5.5a': '123456', 'FDA.C.5.6.r': { nullFlavor: 'NA' } },
        { messageReceiver: 'CDER_IND' },
        'ZZFDA_PREMKT',
      ).filter((f) => f.rule === 'R0026'),
    ).toEqual([]);
    // W0003, W0004: race and ethnicity left as NA for a summary of several patients.
    expect(
      fdaFindings({
        'D.1': 'SUMMARY',
        'FDA.D.11.r.1': { nullFlavor: 'NA' },
        'FDA.D.12': { nullFlavor: 'NA' },
      }),
    ).toEqual([]);
    // R0035: medical history in words only; R0114: a licence number that is no IND.
    expect(fdaFindings({ 'D.7.1.r': undefined, 'C.5.4': '2', 'G.k.3.1': 'NDA021234' })).toEqual([]);
    // W0005 looks at the first product only, and allows 4 when a device part malfunctioned.
    expect(fdaFindings({ 'G.k.1': '1' }).filter((f) => f.rule === 'W0005')).toEqual([]);
    expect(fdaFindings({ 'G.k.1': '4', 'FDA.G.k.12.r.1': true }).filter((f) => f.rule === 'W0005')).toEqual(
      [],
    );
    // A combination product's device part, described as FDA asks: no device rule speaks.
    const device = {
      'FDA.C.1.12': true,
      'FDA.C.1.7.1': '4',
      'C.1.7': true,
      'FDA.G.k.12.r.1': true,
      'FDA.G.k.12.r.3.r': ['A0101'],
      'FDA.G.k.12.r.4': { nullFlavor: 'NI' },
      'FDA.G.k.12.r.5': { nullFlavor: 'NI' },
      'FDA.G.k.12.r.6': 'FMF',
      'FDA.G.k.12.r.11.r': ['1'],
    };
    const deviceRules = ['R0027', 'R0072', 'R0092', 'R0093', 'R0094', 'R0095', 'R0096', 'W0007'];
    expect(fdaFindings(device).filter((f) => deviceRules.includes(f.rule))).toEqual([]);
    // R0027: several malfunction reports without an adverse event are a "SUMMARY".
    expect(
      fdaFindings({ ...device, 'E.i.2.1b': '10067482', 'D.1': 'SUMMARY' }).filter((f) => f.rule === 'R0027'),
    ).toEqual([]);
  });
});

describe('FDA rules as data, by error id', () => {
  it('the hand-written case breaks none of them', () => {
    const report = validate(
      { batch: batchHeader, messages: [{ header: messageHeader, document: handWrittenCase }] },
      'fda',
      { now: NOW },
    );
    expect(report.cases[0]!.findings).toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.rule} (${FDA_RULES.get(c.rule)?.description.slice(0, 90)})`, () => {
      const doc = structuredClone(handWrittenCase) as unknown as Values;
      for (const id of c.unset ?? []) put(doc, id, undefined);
      for (const [id, value] of Object.entries(c.set ?? {})) put(doc, id, value);
      const report = validate(
        {
          batch: { ...batchHeader, ...(c.batchReceiver ? { batchReceiver: c.batchReceiver } : {}) },
          messages: [{ header: { ...messageHeader, ...c.header }, document: doc as unknown as CaseDocument }],
        },
        'fda',
        { now: NOW },
      );
      const found = report.cases[0]!.findings.filter((f) => (f.rules ?? [f.rule]).includes(c.rule));
      expect(found.map((f) => [f.dataElement, f.severity])).toEqual([
        [c.element, FDA_RULES.get(c.rule)!.severity === 'rejection' ? 'error' : 'warning'],
      ]);
    });
  }
});
