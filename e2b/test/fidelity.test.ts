import type { CaseDocument } from '@vigilo/contract';
import { XmlAttribute, XmlDocument, XmlText } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { exportBatch, importBatch, validate, validateXsd } from '../src/index.ts';
import { withConstructs } from './constructs.ts';
import { batchHeader, DRUG_1, messageHeader, REACTION_1 } from './fixtures.ts';

/**
 * Issue 26, items 2–4: what a message says about test results, doses and addresses survives
 * import and is written where FDA's data-element table (`shared/e2br3/fda-icsr-data-elements.csv`,
 * column "Xpath", copied literally below) and ICH's implementation guide put it. The exported XML
 * is read by those XPaths with libxml2, as a receiver reading by the table would.
 */
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** The table's XPath with its repeat markers ([r], [k]) filled in order, default 1. */
function xpath(template: string, ...positions: number[]): string {
  let i = 0;
  return template.replace(/\[(r|k)\]/g, () => `[${positions[i++] ?? 1}]`);
}

/** The values the XPath selects in the message (read without its default namespace, as the table writes paths). */
function read(xml: string, path: string): string[] {
  const doc = XmlDocument.fromString(xml.replace(' xmlns="urn:hl7-org:v3"', ''));
  try {
    return doc
      .find(path, { xsi: XSI })
      .map((n) => (n instanceof XmlAttribute ? n.value : n instanceof XmlText ? n.content : n.content));
  } finally {
    doc.dispose();
  }
}

// Copied from the table (rows F.r.2.1, F.r.4, F.r.5, F.r.6, F.r.7, G.k.5a, G.k.5b, G.k.2.3.r.3a,
// G.k.4.r.8, C.2.r.2.3, H.1; the null-flavour column of D.8.r.4 and D.10.8.r.5).
const T = {
  'F.r.2.1':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='3'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][observation/code[@codeSystem='2.16.840.1.113883.6.163']][r]/observation[@classCode='OBS'][@moodCode='EVN']/code/originalText/text()",
  'F.r.4':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='3'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][observation/code[@codeSystem='2.16.840.1.113883.6.163']][r]/observation[@classCode='OBS'][@moodCode='EVN']/referenceRange[@typeCode='REFV'][observationRange/interpretationCode[@code='L'][@codeSystem='2.16.840.1.113883.5.83']][1]/observationRange[@classCode='OBS'][@moodCode='EVN.CRT']/value[@xsi:type='PQ']/@value",
  'F.r.5':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='3'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][observation/code[@codeSystem='2.16.840.1.113883.6.163']][r]/observation[@classCode='OBS'][@moodCode='EVN']/referenceRange[@typeCode='REFV'][observationRange/interpretationCode[@code='H'][@codeSystem='2.16.840.1.113883.5.83']][1]/observationRange[@classCode='OBS'][@moodCode='EVN.CRT']/value[@xsi:type='PQ']/@value",
  'F.r.6':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='3'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][observation/code[@codeSystem='2.16.840.1.113883.6.163']][r]/observation[@classCode='OBS'][@moodCode='EVN']/outboundRelationship2[@typeCode='PERT'][observation/code[@code='10'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.19']]/observation[@classCode='OBS'][@moodCode='EVN']/value[@xsi:type='ED'][1]/text()",
  'F.r.7':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='3'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][observation/code[@codeSystem='2.16.840.1.113883.6.163']][r]/observation[@classCode='OBS'][@moodCode='EVN']/outboundRelationship2[@typeCode='REFR'][observation/code[@code='25'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.19']]/observation[@classCode='OBS'][@moodCode='EVN']/value[@xsi:type='BL'][1]/@value",
  'G.k.5a':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='4'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][substanceAdministration/id][k]/substanceAdministration[@classCode='SBADM'][@moodCode='EVN']/outboundRelationship2[@typeCode='SUMM'][observation/code[@code='14'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.19']][1]/observation[@classCode='OBS'][@moodCode='EVN']/value[@xsi:type='PQ'][1]/@value",
  'G.k.5b':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='4'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][substanceAdministration/id][k]/substanceAdministration[@classCode='SBADM'][@moodCode='EVN']/outboundRelationship2[@typeCode='SUMM'][observation/code[@code='14'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.19']][1]/observation[@classCode='OBS'][@moodCode='EVN']/value[@xsi:type='PQ'][1]/@unit",
  'G.k.2.3.r.3a':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='4'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][substanceAdministration/id][k]/substanceAdministration[@classCode='SBADM'][@moodCode='EVN']/consumable[@typeCode='CSM'][1]/instanceOfKind[@classCode='INST']/kindOfProduct[@classCode='MMAT'][@determinerCode='KIND']/ingredient[@classCode='ACTI'][r]/quantity[denominator/@value='1']/numerator/@value",
  'G.k.4.r.8':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='4'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][substanceAdministration/id][k]/substanceAdministration[@classCode='SBADM'][@moodCode='EVN']/outboundRelationship2[@typeCode='COMP'][substanceAdministration][r]/substanceAdministration[@classCode='SBADM'][@moodCode='EVN']/text/text()",
  'C.2.r.2.3':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/outboundRelationship[@typeCode='SPRT'][relatedInvestigation/code[@code='2'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.22']][r]/relatedInvestigation[@classCode='INVSTG'][@moodCode='EVN']/subjectOf2[@typeCode='SUBJ']/controlActEvent[@classCode='CACT'][@moodCode='EVN']/author[@typeCode='AUT']/assignedEntity[@classCode='ASSIGNED']/addr[1]/streetAddressLine[1]/text()",
  'H.1':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/text/text()",
  'D.8.r.4 null':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/subjectOf2[@typeCode='SBJ'][organizer/code[@code='2'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][substanceAdministration][r]/substanceAdministration[@classCode='SBADM'][@moodCode='EVN']/effectiveTime[@xsi:type='IVL_TS']/low/@nullFlavor",
  'D.10.8.r.5 null':
    "/MCCI_IN200100UV01/PORR_IN049016UV[r]/controlActProcess[@classCode='CACT'][@moodCode='EVN']/subject[@typeCode='SUBJ'][1]/investigationEvent[@classCode='INVSTG'][@moodCode='EVN']/component[@typeCode='COMP'][adverseEventAssessment][1]/adverseEventAssessment[@classCode='INVSTG'][@moodCode='EVN']/subject1[@typeCode='SBJ'][1]/primaryRole[@classCode='INVSBJ']/player1[@classCode='PSN'][@determinerCode='INSTANCE']/role[@classCode='PRS'][1]/subjectOf2[@typeCode='SBJ'][organizer/code[@code='2'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.20']][1]/organizer[@classCode='CATEGORY'][@moodCode='EVN']/component[@typeCode='COMP'][substanceAdministration][r]/substanceAdministration[@classCode='SBADM'][@moodCode='EVN']/effectiveTime[@xsi:type='IVL_TS']/high/@nullFlavor",
};
/** The tests' observation and the first drug, from the rows above (for XPaths the table leaves to "See X-Path Reference"). */
const TEST_OBS = T['F.r.2.1'].replace('/code/originalText/text()', '');
const DRUG = T['G.k.5a'].replace(/\/outboundRelationship2\[@typeCode='SUMM'\].*$/, '');
const DOSAGE = T['G.k.4.r.8'].replace('/text/text()', '');

/** A case written by hand with each construct of items 2–4 (values as a case processor types them). */
const doc: CaseDocument = {
  schemaVersion: 1,
  C: {
    senderSafetyReportId: 'FR-VIGILO-2026-000026',
    primarySources: [{ street: '13 Elm St.', streetLine2: 'Apartment 4', city: 'Metropolis', country: 'US' }],
  },
  D: {
    pastDrugs: [{ name: 'CureAll', startDate: { nullFlavor: 'NASK' }, endDate: '2014' }],
    parent: { identification: 'MD', pastDrugs: [{ name: 'Valproate', endDate: { nullFlavor: 'NASK' } }] },
  },
  E: { reactions: [{ id: REACTION_1, term: { version: '26.0', code: '10027940' } }] },
  F: {
    tests: [
      {
        name: 'Calcium Level',
        code: { version: '26.0', code: '10050520' },
        result: { value: '10', unit: 'mg/dL' },
        normalLow: '8.5',
        normalLowUnit: 'mg/dL',
        normalHigh: '10.5',
        normalHighUnit: 'mg/dL',
        comments: 'These results may be skewed',
        moreInformationAvailable: true,
      },
      {
        name: 'Blood glucose',
        code: { version: '26.0', code: '10005557' },
        result: { value: '10', unit: 'mg/dL', qualifier: '>' },
      },
      {
        name: 'Haemoglobin',
        code: { version: '26.0', code: '10018876' },
        result: { value: '12', unit: 'g/dL', qualifier: '>=' },
      },
      {
        name: 'Platelet count',
        code: { version: '26.0', code: '10035528' },
        result: { value: '150', unit: '10*9/L', qualifier: '<' },
      },
      {
        name: 'C-reactive protein',
        code: { version: '26.0', code: '10006824' },
        result: { value: '5', unit: 'mg/L', qualifier: '<=' },
      },
    ],
  },
  G: {
    drugs: [
      {
        id: DRUG_1,
        role: '1',
        name: 'Drug A',
        substances: [
          { name: 'Ingredient A', strength: { value: '50', unit: 'mg' }, strengthDenominatorUnit: 'mL' },
        ],
        dosages: [
          { timing: { nullFlavor: 'ASKU' }, administeredInCountry: 'US' },
          {
            dosageText: '5 mg once a day for 4 weeks',
            frequency: { value: '1', unit: 'd' },
            startDate: '2014-06-01',
            endDate: '2014-06-28',
            duration: { value: '4', unit: 'wk' },
            dose: { value: '5', unit: 'mg' },
          },
        ],
        cumulativeDose: { value: '140', unit: 'mg' },
        additionalInformation: 'Taken with food',
      },
    ],
  },
  H: { narrative: 'A case narrative.', narrativeMediaType: 'text/plain' },
};
const xml = exportBatch(batchHeader, [{ header: messageHeader, document: doc }]);

describe('items 2–4: the export, read by the table’s XPaths', () => {
  it('is valid against the ICH schema', () => {
    expect(validateXsd(xml)).toEqual([]);
  });

  it('writes F.r.6 under PERT and F.r.7 under REFR (not the other way round)', () => {
    expect(read(xml, xpath(T['F.r.6']))).toEqual(['These results may be skewed']);
    expect(read(xml, xpath(T['F.r.7']))).toEqual(['true']);
  });

  it('writes G.k.5 under SUMM, value and unit', () => {
    expect(read(xml, xpath(T['G.k.5a']))).toEqual(['140']);
    expect(read(xml, xpath(T['G.k.5b']))).toEqual(['mg']);
  });

  it('writes F.r.3.2 as ICH defines it: a center for a value, a bound and an infinite side for a qualifier', () => {
    const value = (test: number) => `${xpath(TEST_OBS, 1, test)}/value[@xsi:type='IVL_PQ']`;
    expect(read(xml, `${value(1)}/center/@value`)).toEqual(['10']);
    expect(read(xml, `${value(1)}/center/@unit`)).toEqual(['mg/dL']);
    // > 10 mg/dL
    expect(read(xml, `${value(2)}/low[@inclusive='false']/@value`)).toEqual(['10']);
    expect(read(xml, `${value(2)}/low/@unit`)).toEqual(['mg/dL']);
    expect(read(xml, `${value(2)}/high/@nullFlavor`)).toEqual(['PINF']);
    // ≥ 12 g/dL
    expect(read(xml, `${value(3)}/low[@inclusive='true']/@value`)).toEqual(['12']);
    expect(read(xml, `${value(3)}/high/@nullFlavor`)).toEqual(['PINF']);
    // < 150 10*9/L
    expect(read(xml, `${value(4)}/low/@nullFlavor`)).toEqual(['NINF']);
    expect(read(xml, `${value(4)}/high[@inclusive='false']/@value`)).toEqual(['150']);
    expect(read(xml, `${value(4)}/high/@unit`)).toEqual(['10*9/L']);
    // ≤ 5 mg/L
    expect(read(xml, `${value(5)}/low/@nullFlavor`)).toEqual(['NINF']);
    expect(read(xml, `${value(5)}/high[@inclusive='true']/@value`)).toEqual(['5']);
    for (const test of [2, 3, 4, 5]) expect(read(xml, `${value(test)}/center`)).toEqual([]);
  });

  it('writes the normal range with its units (F.r.4, F.r.5)', () => {
    expect(read(xml, xpath(T['F.r.4']))).toEqual(['8.5']);
    expect(read(xml, xpath(T['F.r.4']).replace(/@value$/, '@unit'))).toEqual(['mg/dL']);
    expect(read(xml, xpath(T['F.r.5']))).toEqual(['10.5']);
    expect(read(xml, xpath(T['F.r.5']).replace(/@value$/, '@unit'))).toEqual(['mg/dL']);
  });

  it('writes the duration as the third SXPR_TS part, after the frequency and the dates (G.k.4.r.2–6)', () => {
    const times = `${xpath(DOSAGE, 1, 1, 2)}/effectiveTime[@xsi:type='SXPR_TS']`;
    expect(read(xml, `${times}/comp[1][@xsi:type='PIVL_TS']/period/@value`)).toEqual(['1']);
    expect(read(xml, `${times}/comp[2][@xsi:type='IVL_TS'][@operator='A']/low/@value`)).toEqual(['20140601']);
    expect(read(xml, `${times}/comp[2]/high/@value`)).toEqual(['20140628']);
    expect(read(xml, `${times}/comp[3][@xsi:type='IVL_TS'][@operator='A']/width/@value`)).toEqual(['4']);
    expect(read(xml, `${times}/comp[3]/width/@unit`)).toEqual(['wk']);
  });

  it('writes a dosage time given as a null flavour, and the country FDA writes in the dosage', () => {
    expect(read(xml, `${xpath(DOSAGE, 1, 1, 1)}/effectiveTime/@nullFlavor`)).toEqual(['ASKU']);
    expect(
      read(
        xml,
        `${xpath(DOSAGE, 1, 1, 1)}/performer/assignedEntity/representedOrganization/addr/country/text()`,
      ),
    ).toEqual(['US']);
  });

  it('writes the strength per unit (G.k.2.3.r.3 and its denominator unit)', () => {
    expect(read(xml, xpath(T['G.k.2.3.r.3a']))).toEqual(['50']);
    expect(read(xml, xpath(T['G.k.2.3.r.3a']).replace('/numerator/@value', '/denominator/@unit'))).toEqual([
      'mL',
    ]);
  });

  it('writes G.k.11 as ST, a second street line, NASK dates of past drugs and H.1’s media type', () => {
    expect(
      read(
        xml,
        `${xpath(DRUG)}/outboundRelationship2[@typeCode='REFR'][observation/code[@code='2'][@codeSystem='2.16.840.1.113883.3.989.2.1.1.19']]/observation/value[@xsi:type='ST']/text()`,
      ),
    ).toEqual(['Taken with food']);
    expect(read(xml, xpath(T['C.2.r.2.3']))).toEqual(['13 Elm St.']);
    expect(read(xml, xpath(T['C.2.r.2.3']).replace('streetAddressLine[1]', 'streetAddressLine[2]'))).toEqual([
      'Apartment 4',
    ]);
    expect(read(xml, xpath(T['D.8.r.4 null']))).toEqual(['NASK']);
    expect(read(xml, xpath(T['D.10.8.r.5 null']))).toEqual(['NASK']);
    expect(read(xml, xpath(T['H.1']))).toEqual(['A case narrative.']);
    expect(read(xml, xpath(T['H.1']).replace('/text()', '/@mediaType'))).toEqual(['text/plain']);
  });

  it('imports back to the same case', () => {
    const [only] = importBatch(xml).cases;
    expect(only!.unmapped).toEqual([]);
    expect(only!.document).toEqual(doc);
  });

  it('a qualified result is a result: the FDA profile raises no R0065 for it', () => {
    const report = validate(
      { batch: batchHeader, messages: [{ header: messageHeader, document: doc }] },
      'fda',
    );
    const findings = [...report.findings, ...report.cases.flatMap((c) => c.findings)];
    expect(findings.filter((f) => f.rule === 'R0065')).toEqual([]);
    const noResult = structuredClone(doc);
    delete noResult.F!.tests![1]!.result;
    const without = validate(
      { batch: batchHeader, messages: [{ header: messageHeader, document: noResult }] },
      'fda',
    );
    expect(without.cases.flatMap((c) => c.findings).filter((f) => f.rule === 'R0065')).toHaveLength(1);
  });
});

describe('items 2–4: a message written as ICH and FDA write it, imported', () => {
  const [only] = importBatch(withConstructs()).cases;
  const d = only!.document;

  it('reads each qualified result with its qualifier and unit, and the normal range units', () => {
    expect(d.F!.tests!.map((t) => [t.name, t.result])).toEqual([
      ['Calcium Level', { value: '10', unit: 'mg/dL' }],
      ['Blood glucose', { value: '10', unit: 'mg/dL', qualifier: '>' }],
      ['Haemoglobin', { value: '12', unit: 'g/dL', qualifier: '>=' }],
      ['Platelet count', { value: '150', unit: '10*9/L', qualifier: '<' }],
      ['C-reactive protein', { value: '5', unit: 'mg/L', qualifier: '<=' }],
    ]);
    expect(d.F!.tests![0]).toMatchObject({
      normalLow: '8.5',
      normalLowUnit: 'mg/dL',
      normalHigh: '10.5',
      normalHighUnit: 'mg/dL',
      comments: 'These results may be skewed',
      moreInformationAvailable: true,
      resultCode: '2',
      date: '2014-07-12',
    });
  });

  it('reads the dosages, the strength per unit, the cumulative dose and G.k.11', () => {
    const drug = d.G!.drugs![0]!;
    expect(drug.dosages![0]).toMatchObject({ timing: { nullFlavor: 'ASKU' }, administeredInCountry: 'US' });
    expect(drug.dosages![1]).toEqual({
      dosageText: '5 mg once a day for 4 weeks',
      frequency: { value: '1', unit: 'd' },
      startDate: '2014-06-01',
      endDate: '2014-06-28',
      duration: { value: '4', unit: 'wk' },
      dose: { value: '5', unit: 'mg' },
    });
    expect(drug.substances).toEqual([
      { name: 'Ingredient A', strength: { value: '50', unit: 'mg' }, strengthDenominatorUnit: 'mL' },
    ]);
    expect(drug.cumulativeDose).toEqual({ value: '140', unit: 'mg' });
    expect(drug.additionalInformation).toBe('Taken with food');
  });

  it('reads the second street line, the NASK dates and H.1’s media type', () => {
    expect(d.C.primarySources![0]).toMatchObject({ street: '13 Elm St.', streetLine2: 'Apartment 4' });
    expect(d.D!.pastDrugs).toEqual([
      {
        name: 'CureAll',
        mpid: { code: '59762-2858', version: '201411011202' },
        startDate: { nullFlavor: 'NASK' },
        endDate: '2014',
      },
    ]);
    expect(d.D!.parent).toEqual({
      identification: 'MD',
      pastDrugs: [{ name: 'Valproate', startDate: { nullFlavor: 'NASK' }, endDate: { nullFlavor: 'NASK' } }],
    });
    expect(d.H!.narrativeMediaType).toBe('text/plain');
  });

  it('leaves only the dose form without a code unmapped', () => {
    expect(only!.unmapped.map((u) => u.xpath.replace(/^.*\/substanceAdministration\[1\]\//, '…/'))).toEqual([
      '…/consumable[1]/instanceOfKind[1]/kindOfProduct[1]/formCode[1]/@codeSystem',
    ]);
  });

  it('reads a test result of another shape (a range with two values) as not mapped, verbatim', () => {
    const range = withConstructs().replace(
      '<low value="10" unit="mg/dL" inclusive="false"/><high nullFlavor="PINF"/>',
      '<low value="10" unit="mg/dL"/><high value="20" unit="mg/dL"/>',
    );
    const [c] = importBatch(range).cases;
    expect(c!.document.F!.tests![1]!.result).toBeUndefined();
    expect(c!.unmapped.map((u) => u.content)).toContain('<low value="10" unit="mg/dL"/>');
    expect(c!.unmapped.map((u) => u.content)).toContain('<high value="20" unit="mg/dL"/>');
  });
});
