import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportBatch, importBatch, validateXsd } from '../src/index.ts';
import { batchHeader, messageHeader } from './fixtures.ts';

/**
 * Generated case documents always export to schema-valid XML and import back equal.
 * Texts draw from printable characters including XML's special ones (&, <, ", ')
 * and accents; dates at every precision; null flavours where the schema allows them.
 */
const text = (max: number) =>
  fc
    .string({ minLength: 1, maxLength: max, unit: fc.constantFrom(...'aZ09 &<>"\'éß-_/.'.split('')) })
    .filter((s) => s.trim() === s && s !== '');
const partialDate = fc
  .tuple(
    fc.integer({ min: 1900, max: 2030 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
    fc.nat(3),
  )
  .map(([y, m, d, precision]) => {
    const parts = [
      String(y),
      `-${String(m).padStart(2, '0')}`,
      `-${String(d).padStart(2, '0')}`,
      'T10:30:00+02:00',
    ];
    return parts.slice(0, precision + 1).join('');
  });
const meddra = fc.record({ version: fc.constantFrom('25.0', '26.1'), code: fc.stringMatching(/^1\d{7}$/) });
const uuid = fc.uuid({ version: 4 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const clean = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const reaction = fc
  .record({
    id: uuid,
    nativeTerm: maybe(text(40)),
    term: meddra,
    resultsInDeath: maybe(fc.oneof(fc.boolean(), fc.constant({ nullFlavor: 'NI' as const }))),
    hospitalisation: maybe(fc.boolean()),
    startDate: maybe(partialDate),
    outcome: maybe(fc.constantFrom('0', '1', '2', '3', '4', '5') as fc.Arbitrary<'0'>),
    country: maybe(fc.constantFrom('FR', 'US', 'EU')),
  })
  .map(clean);

const caseDocument = fc
  .record({
    id: text(30),
    narrative: text(200),
    reportType: fc.constantFrom('1', '2', '3', '4') as fc.Arbitrary<'1'>,
    received: partialDate,
    patient: maybe(fc.oneof(text(10), fc.constant({ nullFlavor: 'MSK' as const }))),
    reactions: fc.array(reaction, { minLength: 1, maxLength: 3 }),
    drugs: fc.array(
      fc.record({ id: uuid, name: text(30), role: fc.constantFrom('1', '2', '3') as fc.Arbitrary<'1'> }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  })
  .map((g) => ({
    schemaVersion: 1 as const,
    C: {
      senderSafetyReportId: g.id,
      worldwideUniqueId: g.id,
      reportType: g.reportType,
      firstReceivedDate: g.received,
    },
    ...(g.patient === undefined ? {} : { D: { name: g.patient } }),
    E: { reactions: g.reactions },
    G: {
      drugs: g.drugs.map((d, i) => ({
        ...d,
        reactionAssessments: [{ reactionId: g.reactions[0]!.id, assessments: [{ result: `R${i}` }] }],
      })),
    },
    H: { narrative: g.narrative },
  }));

describe('generated case documents', () => {
  it('export to schema-valid XML and import back equal', () => {
    fc.assert(
      fc.property(caseDocument, (document) => {
        const xml = exportBatch(batchHeader, [{ header: messageHeader, document }]);
        expect(validateXsd(xml)).toEqual([]);
        const { cases } = importBatch(xml);
        expect(cases[0]!.document).toEqual(document);
        expect(cases[0]!.unmapped).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
