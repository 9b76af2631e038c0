import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { exportBatch, importBatch, validate, validateXsd } from '../src/index.ts';
import { batchHeader, DRUG_1, messageHeader, REACTION_1, readExample } from './fixtures.ts';

/**
 * The FDA regional drug elements (decision 0201): device parts (FDA.G.k.12.r), "similar
 * device" (FDA.G.k.1.a), FDA coded additional information (FDA.G.k.10a), the specialized
 * product category (FDA.G.k.10.1) and the PhPID (D.8.r.3, D.10.8.r.3, G.k.2.1.2). Expected
 * values are read from FDA's example files by hand.
 */
const drugsOf = (xml: string) => importBatch(xml).cases[0]!.document.G!.drugs!;

function roundTrip(document: CaseDocument) {
  const xml = exportBatch(batchHeader, [{ header: messageHeader, document }]);
  const back = importBatch(xml);
  return { xml, document: back.cases[0]!.document, unmapped: back.cases[0]!.unmapped };
}

describe('FDA device constituent parts (FDA.G.k.12.r)', () => {
  it("scenario 2's device part imports as the values a reader sees in the file", () => {
    const [drugA, drugB] = drugsOf(readExample('FAERS2022Scenario2.xml'));
    expect(drugA!.name).toBe('Drug A');
    expect(drugA!.devices).toEqual([
      {
        productCode: 'FMF',
        brandName: 'Brand Name',
        commonName: 'Common Device Name',
        manufacturer: {
          name: 'Manufacturer Name',
          street: '1 Hwy Street',
          city: 'Manufacturer City',
          state: 'Manufacturer State',
          country: 'US',
        },
        malfunction: true,
        problemCodes: ['4001', '3003'],
        usage: '2',
        remedialActions: ['6', '5'],
        followUpTypes: ['2', '4'],
        operator: '1',
        lotNumber: '4577BN2-product-2-device1',
      },
    ]);
    expect(drugB!.devices).toBeUndefined();
  });

  it('scenario 2 exported again holds the device part where FDA put it, and reads back the same', () => {
    const first = importBatch(readExample('FAERS2022Scenario2.xml'));
    const xml = exportBatch(
      first.batch as never,
      first.cases.map((c) => ({ header: c.header as never, document: c.document })),
    );
    expect(validateXsd(xml)).toEqual([]);
    const part = xml.slice(xml.indexOf('<part classCode="PART">'), xml.indexOf('</part>'));
    const tight = part.replace(/\s+</g, '<');
    expect(tight).toContain(
      '<partProduct classCode="DEV" determinerCode="KIND"><code codeSystem="2.16.840.1.113883.3.26.1.1" code="FMF"/><name>Brand Name</name><name>Common Device Name</name>',
    );
    expect(tight).toContain(
      '<code code="C54026" codeSystem="2.16.840.1.113883.3.26.1.1"/><value xsi:type="BL" value="true"/>',
    );
    expect(tight).toContain(
      '<code code="C54595" codeSystem="2.16.840.1.113883.3.989.2.1.1.19"/><value xsi:type="CE" codeSystem="2.16.840.1.113883.3.989.5.1.2.1.1.4" code="2"/>',
    );
    expect(tight).toContain(
      '<characteristic classCode="OBS" moodCode="EVN"><code codeSystem="2.16.840.1.113883.3.989.5.1.2.1.1.6" code="1"/></characteristic>',
    );
    expect(tight).toContain(
      '<instanceOfKind classCode="INST"><productInstanceInstance classCode="MMAT" determinerCode="INSTANCE"><lotNumberText>4577BN2-product-2-device1</lotNumberText>',
    );
    expect(drugsOf(xml)[0]!.devices).toEqual(first.cases[0]!.document.G!.drugs![0]!.devices);
  });

  it('a device with a common name only keeps its two names apart (the brand name is written empty)', () => {
    const document: CaseDocument = {
      schemaVersion: 1,
      C: { senderSafetyReportId: 'FR-VIGILO-1', reportType: '1' },
      G: {
        drugs: [
          {
            id: DRUG_1,
            name: 'Pen',
            fdaOtherRole: '1',
            fdaSpecializedProductCategory: 'C102835',
            fdaAdditionalInformationCodes: ['3', { nullFlavor: 'NA' }],
            devices: [
              { commonName: 'Pen injector', remedialActions: ['1'] },
              { brandName: { nullFlavor: 'NI' }, productCode: 'NSC', malfunction: false },
            ],
          },
        ],
      },
    };
    const back = roundTrip(document);
    expect(back.unmapped).toEqual([]);
    expect(back.document.G).toEqual(document.G);
    expect(back.xml.replace(/\s+</g, '<')).toContain('<name/><name>Pen injector</name>');
    // An empty name is what the ICH schema allows (EN is mixed content).
    expect(validateXsd(back.xml)).toEqual([]);
  });
});

describe('FDA coded additional information (FDA.G.k.10a) and similar device (FDA.G.k.1.a)', () => {
  it("scenario 5-1's codes import as FDA.G.k.10a, test and reference product, not as G.k.10.r", () => {
    const [test, reference] = drugsOf(readExample('FAERS2022Scenario5-1.xml'));
    expect(test!.fdaAdditionalInformationCodes).toEqual(['1']);
    expect(reference!.fdaAdditionalInformationCodes).toEqual(['2']);
    expect(test!.additionalInformationCodes).toBeUndefined();
  });

  it('are written with the FDA code lists of the data-element table', () => {
    const { xml } = roundTrip({
      schemaVersion: 1,
      C: { senderSafetyReportId: 'FR-VIGILO-1', reportType: '1' },
      E: { reactions: [{ id: REACTION_1, term: { version: '26.1', code: '10037087' } }] },
      G: {
        drugs: [
          { id: DRUG_1, name: 'Pen', role: '4', fdaOtherRole: '1', fdaAdditionalInformationCodes: ['2'] },
        ],
      },
    });
    const tight = xml.replace(/\s+</g, '<');
    expect(tight).toContain(
      '<value xsi:type="CE" codeSystem="2.16.840.1.113883.3.989.5.1.2.1.1.7" code="2"/>',
    );
    expect(tight).toContain(
      `<value xsi:type="CE" codeSystem="2.16.840.1.113883.3.989.5.1.2.1.1.8" code="1"/><subject2 typeCode="SUBJ"><productUseReference classCode="SBADM" moodCode="EVN"><id root="${DRUG_1}"/>`,
    );
    expect(validateXsd(xml)).toEqual([]);
  });
});

describe('PhPID (D.8.r.3, D.10.8.r.3, G.k.2.1.2)', () => {
  const document: CaseDocument = {
    schemaVersion: 1,
    C: { senderSafetyReportId: 'FR-VIGILO-1', reportType: '1' },
    D: {
      pastDrugs: [{ name: 'Old drug', phpid: { code: 'PHPID-PAST-1', version: '2024-01' } }],
      parent: { pastDrugs: [{ name: 'Parent drug', phpid: { code: 'PHPID-PARENT-1' } }] },
    },
    E: { reactions: [{ id: REACTION_1, term: { version: '26.1', code: '10037087' } }] },
    G: { drugs: [{ id: DRUG_1, name: 'Drug', role: '1', phpid: { code: 'PHPID-G-1', version: 'v3' } }] },
  };

  it("is written as the product's code in ICH's placeholder code system, and read back", () => {
    const back = roundTrip(document);
    expect(back.unmapped).toEqual([]);
    expect(back.document.D).toEqual(document.D);
    expect(back.document.G).toEqual(document.G);
    const tight = back.xml.replace(/\s+</g, '<');
    expect(tight).toContain(
      '<code codeSystem="TBD-PhPID" code="PHPID-G-1" codeSystemVersion="v3"/><name>Drug</name>',
    );
    expect(tight).toContain(
      '<code codeSystem="TBD-PhPID" code="PHPID-PAST-1" codeSystemVersion="2024-01"/><name>Old drug</name>',
    );
    expect(tight).toContain('<code codeSystem="TBD-PhPID" code="PHPID-PARENT-1"/><name>Parent drug</name>');
    expect(validateXsd(back.xml)).toEqual([]);
  });

  it('an MPID stays an MPID', () => {
    const withMpid: CaseDocument = {
      ...document,
      G: { drugs: [{ id: DRUG_1, name: 'Drug', role: '1', mpid: { code: '59762-2858', version: '1' } }] },
    };
    const back = roundTrip(withMpid);
    expect(back.document.G).toEqual(withMpid.G);
  });
});

describe('an MPID and a PhPID for the same product', () => {
  it('is a finding on the PhPID, naming the case field, for drugs and past drugs', () => {
    const both = { mpid: { code: '59762-2858' }, phpid: { code: 'PHPID-1' } };
    const document: CaseDocument = {
      schemaVersion: 1,
      C: { senderSafetyReportId: 'FR-VIGILO-1', reportType: '1' },
      D: { pastDrugs: [{ name: 'Old drug', ...both }] },
      E: { reactions: [{ id: REACTION_1, term: { version: '26.1', code: '10037087' } }] },
      G: { drugs: [{ id: DRUG_1, name: 'Drug', role: '1', ...both }] },
    };
    const report = validate({ batch: batchHeader, messages: [{ header: messageHeader, document }] }, 'ich');
    const findings = report.cases
      .flatMap((c) => c.findings)
      .filter((f) => f.layer === 'ich' && f.rule === 'ICH-CONDITIONAL');
    expect(findings.map((f) => [f.rule, f.dataElement, f.casePath])).toEqual([
      ['ICH-CONDITIONAL', 'D.8.r.3b', 'D.pastDrugs[0].phpid.code'],
      ['ICH-CONDITIONAL', 'G.k.2.1.2b', 'G.drugs[0].phpid.code'],
    ]);
    expect(report.valid).toBe(false);
  });
});
