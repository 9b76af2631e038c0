import { describe, expect, it } from 'vitest';
import { exportBatch, importBatch, validateXsd } from '../src/index.ts';
import { exampleFiles, readExample } from './fixtures.ts';

const IE = '/MCCI_IN200100UV01/PORR_IN049016UV[1]/controlActProcess[1]/subject[1]/investigationEvent[1]';
const DOSAGE = `${IE}/component[1]/adverseEventAssessment[1]/subject1[1]/primaryRole[1]`;

/**
 * What each FDA example holds that the case document has no place for, written by hand from
 * reading the files: a dose `formCode` with a code system but no code (no dose form to keep),
 * and scenario 2's empty `productInstanceInstance`. Everything else is read (issue 26): the
 * null-flavoured dosage time, the country FDA writes in a dosage's performer, the strength's
 * denominator unit, the device part (FDA.G.k.12.r) and FDA.G.k.10a (decision 0201).
 */
const formCode = (organizer: number) =>
  `${DOSAGE}/subjectOf2[${organizer}]/organizer[1]/component[1]/substanceAdministration[1]/outboundRelationship2[1]/substanceAdministration[1]/consumable[1]/instanceOfKind[1]/kindOfProduct[1]/formCode[1]/@codeSystem`;
const drug = (n: number) =>
  `${DOSAGE}/subjectOf2[10]/organizer[1]/component[${n}]/substanceAdministration[1]`;
const EXPECTED_UNMAPPED: Record<string, string[]> = {
  'FAERS2022Scenario1.xml': [formCode(10)],
  'FAERS2022Scenario2.xml': [
    `${drug(1)}/consumable[1]/instanceOfKind[1]/productInstanceInstance[1]`,
    formCode(10),
  ],
  'FAERS2022Scenario3.xml': [formCode(10)],
  'FAERS2022Scenario4.xml': [formCode(6)],
  'FAERS2022Scenario5-1.xml': [formCode(10)],
  'FAERS2022Scenario5-2.xml': [formCode(10)],
  'FAERS2022Scenario5-3.xml': [],
};

describe('FDA example messages', () => {
  it('are all covered by this test', () => {
    expect(exampleFiles()).toEqual(Object.keys(EXPECTED_UNMAPPED).sort());
  });

  for (const file of exampleFiles()) {
    it(`${file}: import → export is schema-valid and imports back to the same case documents`, () => {
      const xml = readExample(file);
      expect(validateXsd(xml)).toEqual([]);
      const first = importBatch(xml);
      expect(first.cases).toHaveLength(1);
      expect(first.unmapped).toEqual([]);
      expect(first.cases[0]!.unmapped.map((u) => u.xpath).sort()).toEqual(
        [...EXPECTED_UNMAPPED[file]!].sort(),
      );

      const again = exportBatch(
        first.batch as never,
        first.cases.map((c) => ({ header: c.header as never, document: c.document })),
      );
      expect(validateXsd(again)).toEqual([]);
      const second = importBatch(again);
      expect(second.cases.map((c) => c.document)).toEqual(first.cases.map((c) => c.document));
      expect(second.batch).toEqual(first.batch);
      expect(second.cases[0]!.unmapped).toEqual([]);
    });
  }

  it('scenario 1 imports the values a reader sees in the file', () => {
    const { batch, cases } = importBatch(readExample('FAERS2022Scenario1.xml'));
    const [only] = cases;
    const doc = only!.document;
    expect(batch).toEqual({
      batchNumber: 'FAERS2022Scenario1-4069-a2dd-08002b30309d',
      transmissionTime: '2022-06-14T10:10:10-05:00',
      messageType: '1',
      batchReceiver: 'ZZFDA',
      batchSender: '4567AB89012',
    });
    expect(only!.header.messageId).toBe('21ec1492-3aea-4069-a2ab-08002b30309d');
    expect(doc.C.senderSafetyReportId).toBe('US-APHARMA-8744554B');
    expect(doc.C.worldwideUniqueId).toBe('US-APHARMA-8744554B');
    expect(doc.C.creationDate).toBe('2014-07-14T15:16:17-05:00');
    expect(doc.D?.name).toBe('JD');
    expect(doc.D?.sex).toBe('1');
    expect(doc.D?.birthDate).toBe('2001-06-15');
    expect(doc.D?.ageAtOnset).toEqual({ value: '48', unit: 'a' });
    expect(doc.D?.fdaRace).toEqual(['C41260', 'C41219']);
    const [r1, r2] = doc.E!.reactions!;
    expect(r1).toMatchObject({
      id: '154eb889-958b-45f2-a02f-42d4d6f4657f',
      term: { version: '25.0', code: '10027940' },
      translatedTerm: 'THROMBOSE VEINEUSE PROFONDE',
      highlighted: '3',
      resultsInDeath: { nullFlavor: 'NI' },
      disabling: true,
      otherMedicallyImportant: true,
      outcome: '3',
      startDate: '2014-10-10',
      country: 'US',
    });
    expect(r2!.term).toEqual({ version: '25.0', code: '10009896' });
    expect(r2!.outcome).toBe('1');
    const drugs = doc.G!.drugs!;
    expect(drugs.map((d) => [d.name, d.role])).toEqual([
      ['Drug A', '1'],
      ['Drug B', '1'],
      ['Drug C', '2'],
    ]);
    expect(drugs[0]!.substances).toEqual([{ name: 'Ingredient A' }]);
    expect(drugs[0]!.authorisationNumber).toBe('NDA012345');
    expect(drugs[0]!.dosages![0]).toMatchObject({
      routeText: 'Oral',
      route: { code: '001', version: '2014.10.30' },
    });
    expect(drugs[0]!.indications).toEqual([{ text: 'Embolism venous' }]);
    expect(drugs[0]!.actionTaken).toBe('0');
    expect(drugs[0]!.reactionAssessments).toEqual([
      {
        reactionId: '154eb889-958b-45f2-a02f-42d4d6f4657f',
        assessments: [
          { result: 'Not Suspected', method: 'Global Introspection', source: 'PHARMACEUTICAL COMPANY' },
        ],
      },
      {
        reactionId: '154eb889-958b-45f2-a02f-42d4d6f4555f',
        assessments: [
          { result: 'Suspected', method: 'Global Introspection', source: 'PRIMARY SOURCE REPORTER' },
        ],
      },
    ]);
    expect(doc.H?.narrative).toMatch(/^Case Narrative Including Clinical Course/);
    expect(doc.H?.reporterComments).toBe('Repoeter Comments');
  });
});
