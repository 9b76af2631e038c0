import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { exportBatch, type Finding, type Profile, validate } from '../src/index.ts';
import { batchHeader, exampleFiles, handWrittenCase, messageHeader, readExample } from './fixtures.ts';

const NOW = new Date('2024-06-01T00:00:00Z');
const copy = (): CaseDocument => structuredClone(handWrittenCase);
const caseFindings = (
  document: CaseDocument,
  profile: Profile = 'ich',
  header = messageHeader,
  batch = batchHeader,
) => validate({ batch, messages: [{ header, document }] }, profile, { now: NOW }).cases[0]!.findings;
const errors = (fs: Finding[]) => fs.filter((f) => f.severity === 'error');

describe('validation in three layers', () => {
  it('finds nothing wrong in the FDA examples, with the ICH and the FDA profile', () => {
    for (const file of exampleFiles().filter((f) => f !== 'FAERS2022Scenario5-3.xml')) {
      for (const profile of ['ich', 'fda'] as const) {
        const report = validate(readExample(file), profile);
        expect({
          file,
          profile,
          valid: report.valid,
          findings: report.cases.flatMap((c) => errors(c.findings)),
        }).toEqual({
          file,
          profile,
          valid: true,
          findings: [],
        });
      }
    }
  });

  it('finds the two faults of FDA scenario 5-3: a drug id used twice, and a role for a drug not in the message', () => {
    const report = validate(readExample('FAERS2022Scenario5-3.xml'), 'fda');
    expect(report.cases[0]!.findings.map((f) => [f.rule, f.dataElement, f.casePath])).toEqual([
      ['ICH-REQUIRED', 'G.k.1', 'G.drugs[1].role'],
      ['ICH-REQUIRED', 'G.k.2.2', 'G.drugs[3].name'],
    ]);
  });

  it('finds nothing wrong in the hand-written case (ICH)', () => {
    expect(caseFindings(copy())).toEqual([]);
  });

  it('layer 1: a message that breaks the ICH schema is reported with its line', () => {
    const xml = exportBatch(batchHeader, [{ header: messageHeader, document: copy() }]).replace(
      '<statusCode code="active"/>',
      '',
    );
    const report = validate(xml);
    expect(report.valid).toBe(false);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ layer: 'xsd', rule: 'XSD', severity: 'error' });
    expect(report.findings[0]!.message).toMatch(
      /^The XML does not follow the ICH schema at line \d+: .*statusCode/,
    );
  });

  it('layer 1: a file that is not XML is one finding, not an exception', () => {
    expect(validate('not xml')).toEqual({
      valid: false,
      cases: [],
      findings: [expect.objectContaining({ layer: 'xsd', rule: 'XML_MALFORMED', severity: 'error' })],
    });
  });

  it('layer 2: a required element that is missing names the element, its XPath and the case field', () => {
    const doc = copy();
    delete doc.C.senderSafetyReportId;
    expect(caseFindings(doc)).toEqual([
      {
        layer: 'ich',
        severity: 'error',
        rule: 'ICH-REQUIRED',
        dataElement: 'C.1.1',
        xpath:
          "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/id[@root='2.16.840.1.113883.3.989.2.1.3.1'][1]/@extension",
        casePath: 'C.senderSafetyReportId',
        message: 'Sender’s (case) Safety Report Unique Identifier (C.1.1) is missing: it is required.',
      },
    ]);
  });

  it('layer 2: a value in the wrong form says what is wrong in words', () => {
    const doc = copy();
    doc.C.primarySources![0]!.country = 'France';
    expect(caseFindings(doc)).toEqual([
      expect.objectContaining({
        rule: 'ICH-FORMAT',
        dataElement: 'C.2.r.3',
        casePath: 'C.primarySources[0].country',
        message: 'Reporter’s Country Code (C.2.r.3) "France" is not in the expected format.',
      }),
    ]);
  });

  it('layer 2: a number without its unit is found in the right repeat', () => {
    const doc = copy();
    delete doc.G!.drugs![0]!.dosages![0]!.dose!.unit;
    expect(caseFindings(doc)).toEqual([
      expect.objectContaining({
        rule: 'ICH-PAIR',
        dataElement: 'G.k.4.r.1b',
        casePath: 'G.drugs[0].dosages[0].dose.unit',
        message:
          'Dose (unit) (G.k.4.r.1b) is missing: it is required when Dose (number) (G.k.4.r.1a) is given.',
      }),
    ]);
  });

  it('layer 2: a date in the future', () => {
    const doc = copy();
    doc.E!.reactions![0]!.startDate = '2024-07';
    expect(caseFindings(doc)).toEqual([
      expect.objectContaining({
        rule: 'ICH-FUTURE-DATE',
        dataElement: 'E.i.4',
        casePath: 'E.reactions[0].startDate',
        message: 'Date of Start of Reaction / Event (E.i.4) 2024-07 is in the future.',
      }),
    ]);
  });

  it('layer 2: a control character that XML cannot carry is a finding, and export refuses it', () => {
    const doc = copy();
    doc.H!.narrative = 'bell \u0007 rang';
    expect(caseFindings(doc).map((f) => [f.rule, f.casePath])).toEqual([['ICH-CHARACTERS', 'H.narrative']]);
    expect(() => exportBatch(batchHeader, [{ header: messageHeader, document: doc }])).toThrow(RangeError);
  });

  it('layer 2: a medical-history entry without its MedDRA term is found on the entry, patient and parent', () => {
    const doc = copy();
    delete doc.D!.medicalHistory![0]!.condition;
    doc.D!.parent = {
      medicalHistory: [{ condition: { version: '26.1', code: '10020772' } }, { startDate: '2001' }],
    };
    expect(caseFindings(doc).map((f) => [f.rule, f.dataElement, f.casePath, f.message])).toEqual([
      [
        'ICH-CONDITIONAL',
        'D.7.1.r.1b',
        'D.medicalHistory[0].condition.code',
        'Medical History (disease / surgical procedure / etc.) (MedDRA code) (D.7.1.r.1b) is missing: it is required.',
      ],
      [
        'ICH-CONDITIONAL',
        'D.10.7.1.r.1b',
        'D.parent.medicalHistory[1].condition.code',
        'Medical History (disease / surgical procedure / etc.) (MedDRA code) (D.10.7.1.r.1b) is missing: it is required.',
      ],
    ]);
  });

  it('layer 2: a case without a suspect or interacting drug is not a valid case', () => {
    const doc = copy();
    doc.G!.drugs![0]!.role = '2';
    expect(caseFindings(doc).map((f) => [f.rule, f.dataElement])).toEqual([['ICH-MINIMUM-CASE', 'G.k.1']]);
  });

  it('layer 3 (FDA): rule R0009 by its id, worded for a person, one finding with the ICH rule saying the same', () => {
    const doc = copy();
    delete doc.C.documentsHeldBySender;
    expect(caseFindings(doc, 'fda')).toEqual([
      expect.objectContaining({
        layer: 'ich',
        rule: 'ICH-CONDITIONAL',
        rules: ['ICH-CONDITIONAL', 'R0009'],
        severity: 'error',
        dataElement: 'C.1.6.1.r.1',
        casePath: 'C.documentsHeldBySender[].title',
        message:
          'Documents Held by Sender (C.1.6.1.r.1) is missing: it is required when Are Additional Documents Available? (C.1.6.1) is "true" (rules ICH-CONDITIONAL and R0009).',
      }),
    ]);
    expect(caseFindings(doc, 'ich').map((f) => [f.rule, f.rules])).toEqual([['ICH-CONDITIONAL', undefined]]);
  });

  it('layer 3 (FDA): the receiver must match the route (R0006)', () => {
    const fda = caseFindings(copy(), 'fda', { ...messageHeader, messageReceiver: 'EMA' }).filter(
      (f) => f.layer === 'profile',
    );
    expect(fda.map((f) => [f.rule, f.dataElement, f.message])).toEqual([
      [
        'R0006',
        'N.2.r.3',
        'Message Receiver Identifier (N.2.r.3) is "EMA", but it must be "CDER" or "CBER" when Batch Receiver Identifier (N.1.4) is "ZZFDA".',
      ],
    ]);
  });

  it('layer 3 (EU): EDQM dose form and route are required for every dosage', () => {
    const doc = copy();
    doc.G!.drugs![0]!.dosages![0]!.doseForm = { code: 'PDF-10219000', version: '2.2' };
    doc.G!.drugs![0]!.dosages![0]!.route = { code: 'ROA-20053000', version: '2.2' };
    doc.E!.reactions![1]!.country = 'FR';
    const eu = (d: typeof doc) =>
      caseFindings(
        d,
        'eu',
        { ...messageHeader, messageReceiver: 'EVHUMAN' },
        { ...batchHeader, batchReceiver: 'EVHUMAN' },
      );
    expect(eu(doc)).toEqual([]);
    delete doc.G!.drugs![0]!.dosages![0]!.route;
    expect(eu(doc).map((f) => [f.rule, f.casePath])).toEqual([
      ['EU-EDQM-ROUTE', 'G.drugs[0].dosages[0].route.code'],
    ]);
  });
});
