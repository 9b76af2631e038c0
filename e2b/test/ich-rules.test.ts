import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { validateCase } from '../src/index.ts';
import { ICH_RULES } from '../src/validate/profiles.ts';
import { batchHeader, handWrittenCase, messageHeader } from './fixtures.ts';
import { put, type Values } from './put.ts';

/**
 * ICH conformance (profiles.ts ICH_RULES), one case per rule: the smallest change to the
 * hand-written case that breaks it, found by its rule id at its element. Rule ids and
 * elements are written here by hand, from the ICH data-element table and business rules; a
 * rule added without a case fails the coverage test, a rule deleted fails its case.
 */
const NOW = new Date('2024-06-01T00:00:00Z');

interface Case {
  rule: string;
  /** The data element the finding is about (the rule's target). */
  element: string;
  set?: Values;
  unset?: string[];
  /** What the case shows, when the element alone does not say it. */
  note?: string;
}

const required = (id: string): Case => ({ rule: 'ICH-REQUIRED', element: id, unset: [id] });
const pair = (a: string, b: string, va: unknown, vb: unknown): Case[] => [
  { rule: 'ICH-PAIR', element: a, set: { [b]: vb }, unset: [a] },
  { rule: 'ICH-PAIR', element: b, set: { [a]: va }, unset: [b] },
];
const precision = (id: string, value: string): Case => ({
  rule: 'ICH-DATE-PRECISION',
  element: id,
  set: { [id]: value },
});

const CASES: Case[] = [
  ...[
    'N.1.1',
    'N.1.2',
    'N.1.3',
    'N.1.4',
    'N.1.5',
    'N.2.r.1',
    'N.2.r.2',
    'N.2.r.3',
    'N.2.r.4',
    'C.1.1',
    'C.1.2',
    'C.1.3',
    'C.1.4',
    'C.1.5',
    'C.1.6.1',
    'C.1.7',
    'C.1.8.1',
    'C.1.8.2',
    'C.1.9.1',
    'C.3.1',
    'D.1',
    'E.i.2.1a',
    'E.i.2.1b',
    'E.i.3.2a',
    'E.i.3.2b',
    'E.i.3.2c',
    'E.i.3.2d',
    'E.i.3.2e',
    'E.i.3.2f',
    'E.i.7',
    'G.k.1',
    'G.k.2.2',
    'H.1',
  ].map(required),
  // To the second where the rules ask it, to the day elsewhere: one digit short of each.
  precision('N.1.5', '2024-03-07T14:05'),
  precision('N.2.r.4', '2024-03-07T14:05'),
  precision('C.1.2', '2024-03-07T14:05'),
  precision('C.1.4', '2024-03'),
  precision('C.1.5', '2024-03'),
  precision('D.2.1', '1980-05'),
  { rule: 'ICH-CONDITIONAL', element: 'C.1.11.2', set: { 'C.1.11.1': '1' }, unset: ['C.1.11.2'] },
  { rule: 'ICH-CONDITIONAL', element: 'C.1.6.1.r.1', unset: ['C.1.6.1.r.1'] },
  { rule: 'ICH-CONDITIONAL', element: 'C.1.9.1.r.2', unset: ['C.1.9.1.r.2'] },
  {
    rule: 'ICH-CONDITIONAL',
    element: 'C.2.r.4',
    unset: ['C.2.r.4'],
    note: 'the qualification of the primary source for regulatory purposes',
  },
  { rule: 'ICH-CONDITIONAL', element: 'C.2.r.3', unset: ['C.2.r.3'] },
  { rule: 'ICH-CONDITIONAL', element: 'C.3.2', unset: ['C.3.2'] },
  { rule: 'ICH-CONDITIONAL', element: 'C.5.4', unset: ['C.5.4'], note: 'a report from a study (C.1.3 = 2)' },
  { rule: 'ICH-CONDITIONAL', element: 'G.k.3.2', set: { 'G.k.3.1': 'NDA021234' }, unset: ['G.k.3.2'] },
  { rule: 'ICH-CONDITIONAL', element: 'D.9.3', unset: ['D.9.3'] },
  { rule: 'ICH-CONDITIONAL', element: 'F.r.1', unset: ['F.r.1'] },
  { rule: 'ICH-CONDITIONAL', element: 'C.2.r.1.2', set: { 'C.2.r.1.3': 'Marie' }, unset: ['C.2.r.1.2'] },
  { rule: 'ICH-CONDITIONAL', element: 'C.3.3.3', set: { 'C.3.3.4': 'Jean' }, unset: ['C.3.3.3'] },
  { rule: 'ICH-CONDITIONAL', element: 'D.7.1.r.1b', unset: ['D.7.1.r.1b'] },
  { rule: 'ICH-CONDITIONAL', element: 'D.10.7.1.r.1b', set: { 'D.10.7.1.r.1a': '26.1' } },
  { rule: 'ICH-CONDITIONAL', element: 'G.k.2.3.r.1', unset: ['G.k.2.3.r.1'] },
  { rule: 'ICH-CONDITIONAL', element: 'F.r.2.1', unset: ['F.r.2.1', 'F.r.2.2b'] },
  {
    rule: 'ICH-CONDITIONAL',
    element: 'E.i.6a',
    set: { 'E.i.4': '2024-02-28', 'E.i.5': '2024-03-01', 'E.i.6a': '2', 'E.i.6b': 'd' },
  },
  {
    rule: 'ICH-CONDITIONAL',
    element: 'G.k.4.r.6a',
    set: { 'G.k.4.r.4': '2024-02-01', 'G.k.4.r.5': '2024-02-10', 'G.k.4.r.6a': '9', 'G.k.4.r.6b': 'd' },
  },
  { rule: 'ICH-CONDITIONAL', element: 'D.8.r.3b', set: { 'D.8.r.2b': 'MPID-1', 'D.8.r.3b': 'PHPID-1' } },
  {
    rule: 'ICH-CONDITIONAL',
    element: 'D.10.8.r.3b',
    set: { 'D.10.8.r.2b': 'MPID-1', 'D.10.8.r.3b': 'PHPID-1' },
  },
  {
    rule: 'ICH-CONDITIONAL',
    element: 'G.k.2.1.2b',
    set: { 'G.k.2.1.1b': 'MPID-1', 'G.k.2.1.2b': 'PHPID-1' },
  },
  { rule: 'ICH-PRIMARY-SOURCE', element: 'C.2.r.5', set: { 'C.2.r.5': '2' } },
  {
    rule: 'ICH-MINIMUM-CASE',
    element: 'G.k.1',
    set: { 'G.k.1': '2' },
    note: 'the only drug concomitant: no suspect or interacting drug',
  },
  ...pair('D.2.2a', 'D.2.2b', '43', 'a'),
  ...pair('D.2.2.1a', 'D.2.2.1b', '12', 'wk'),
  ...pair('D.10.2.2a', 'D.10.2.2b', '30', 'a'),
  ...pair('E.i.6a', 'E.i.6b', '3', 'd'),
  ...pair('G.k.5a', 'G.k.5b', '100', 'mg'),
  ...pair('G.k.6a', 'G.k.6b', '8', 'wk'),
  ...pair('G.k.4.r.1a', 'G.k.4.r.1b', '10', 'mg'),
  ...pair('G.k.4.r.6a', 'G.k.4.r.6b', '5', 'd'),
  ...pair('G.k.9.i.3.1a', 'G.k.9.i.3.1b', '2', 'd'),
  ...pair('G.k.9.i.3.2a', 'G.k.9.i.3.2b', '1', 'h'),
  { rule: 'ICH-PAIR', element: 'E.i.1.1b', set: { 'E.i.1.1a': 'rash' }, unset: ['E.i.1.1b'] },
  { rule: 'ICH-PAIR', element: 'G.k.2.3.r.3b', set: { 'G.k.2.3.r.3a': '10' }, unset: ['G.k.2.3.r.3b'] },
  { rule: 'ICH-PAIR', element: 'G.k.4.r.3', set: { 'G.k.4.r.2': '2' }, unset: ['G.k.4.r.3'] },
  { rule: 'ICH-PAIR', element: 'F.r.3.3', set: { 'F.r.3.2': '9.5' }, unset: ['F.r.3.3'] },
];

const headers = { messageType: 'ichicsr', ...batchHeader, ...messageHeader };

/** The ICH findings of the hand-written case after `change`, as [rule, element] pairs. */
function ichFindings(change: { set?: Values; unset?: string[] } = {}) {
  const root = { ...(structuredClone(handWrittenCase) as unknown as Values), N: { ...headers } };
  for (const id of change.unset ?? []) put(root, id, undefined);
  for (const [id, value] of Object.entries(change.set ?? {})) put(root, id, value);
  const { N, ...document } = root;
  return validateCase(document as unknown as CaseDocument, N as Values, 'ich', { now: NOW }).filter(
    (f) => f.layer === 'ich',
  );
}

describe('ICH conformance rules, one case each', () => {
  it('the hand-written case breaks none of them', () => {
    expect(ichFindings()).toEqual([]);
  });

  it('has a case for every rule, and no case for a rule that is gone', () => {
    const key = (r: { rule: string; target?: string; element?: string }) =>
      `${r.rule} ${r.target ?? r.element}`;
    const rules = [...new Set(ICH_RULES.map(key))].sort();
    const cases = [...new Set(CASES.map(key))].sort();
    expect(rules.filter((r) => !cases.includes(r))).toEqual([]);
    expect(cases.filter((c) => !rules.includes(c))).toEqual([]);
    expect(CASES.length).toBe(86);
  });

  for (const c of CASES) {
    it(`${c.rule} at ${c.element}${c.note ? ` (${c.note})` : ''}`, () => {
      const found = ichFindings(c).filter((f) => (f.rules ?? [f.rule]).includes(c.rule));
      expect(found.map((f) => f.dataElement)).toContain(c.element);
    });
  }
});

describe('ICH rules at their edges', () => {
  it('takes an interacting drug as the only suspect (G.k.1 = 3) as a valid case', () => {
    expect(ichFindings({ set: { 'G.k.1': '3' } }).filter((f) => f.rule === 'ICH-MINIMUM-CASE')).toEqual([]);
  });

  it('asks no qualification of a primary source that is not for regulatory purposes', () => {
    const findings = ichFindings({ unset: ['C.2.r.4'], set: { 'C.2.r.5': '2' } });
    expect(findings.filter((f) => f.dataElement === 'C.2.r.4')).toEqual([]);
  });

  it('takes a date to the second exactly where the second is asked, to the day where the day is', () => {
    expect(ichFindings({ set: { 'C.1.2': '2024-03-07T14:05:09' } })).toEqual([]);
    expect(ichFindings({ set: { 'C.1.4': '2024-03-01', 'C.1.5': '2024-03-05' } })).toEqual([]);
  });
});
