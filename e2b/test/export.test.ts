import { XmlDocument } from 'libxml2-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { exportBatch, importBatch, validateXsd } from '../src/index.ts';
import { batchHeader, DRUG_1, handWrittenCase, messageHeader, REACTION_1 } from './fixtures.ts';

/**
 * A hand-written case exported and read back element by element with XPath. The paths
 * follow the FDA data-element table (prefixes `h:` for urn:hl7-org:v3); the expected values
 * are written by hand from the case in fixtures.ts, never produced by the exporter.
 */
const xml = exportBatch(batchHeader, [{ header: messageHeader, document: handWrittenCase }]);
const doc = XmlDocument.fromString(xml);
afterAll(() => doc.dispose());
const ns = { h: 'urn:hl7-org:v3', xsi: 'http://www.w3.org/2001/XMLSchema-instance' };
const at = (xpath: string) => doc.eval(`string(${xpath})`, ns);
const count = (xpath: string) => doc.eval(`count(${xpath})`, ns);

const M = '/h:MCCI_IN200100UV01/h:PORR_IN049016UV';
const IE = `${M}/h:controlActProcess/h:subject/h:investigationEvent`;
const AEA = `${IE}/h:component/h:adverseEventAssessment`;
const PR = `${AEA}/h:subject1/h:primaryRole`;
const OBS = (code: string) => `${PR}/h:subjectOf2/h:observation[h:code/@code='${code}']`;
const RX = `${PR}/h:subjectOf2/h:observation[h:code/@code='29'][h:id/@root='${REACTION_1}']`;
const RXQ = (code: string) => `${RX}/h:outboundRelationship2/h:observation[h:code/@code='${code}']/h:value`;
const DRUG = `${PR}/h:subjectOf2/h:organizer[h:code/@code='4']/h:component/h:substanceAdministration[h:id/@root='${DRUG_1}']`;
const PRODUCT = `${DRUG}/h:consumable/h:instanceOfKind/h:kindOfProduct`;
const DOSE = `${DRUG}/h:outboundRelationship2/h:substanceAdministration`;
const SOURCE = `${IE}/h:outboundRelationship[h:relatedInvestigation/h:code/@code='2']`;
const REPORTER = `${SOURCE}/h:relatedInvestigation/h:subjectOf2/h:controlActEvent/h:author/h:assignedEntity`;
const SENDER = `${IE}/h:subjectOf1/h:controlActEvent/h:author/h:assignedEntity`;
const CHAR = (code: string) =>
  `${IE}/h:subjectOf2/h:investigationCharacteristic[h:code/@code='${code}']/h:value`;
const TEST = `${PR}/h:subjectOf2/h:organizer[h:code/@code='3']/h:component/h:observation`;

const expected: [element: string, xpath: string, value: string][] = [
  ['N.1.1', '/h:MCCI_IN200100UV01/h:name/@code', '1'],
  [
    'N.1.2',
    "/h:MCCI_IN200100UV01/h:id[@root='2.16.840.1.113883.3.989.2.1.3.22']/@extension",
    'VIGILO-BATCH-0001',
  ],
  [
    'N.1.3',
    "/h:MCCI_IN200100UV01/h:sender/h:device/h:id[@root='2.16.840.1.113883.3.989.2.1.3.13']/@extension",
    'VIGILO-SENDER',
  ],
  [
    'N.1.4',
    "/h:MCCI_IN200100UV01/h:receiver/h:device/h:id[@root='2.16.840.1.113883.3.989.2.1.3.14']/@extension",
    'ZZFDA',
  ],
  ['N.1.5', '/h:MCCI_IN200100UV01/h:creationTime/@value', '20240307140509+0100'],
  ['N.2.r.1', `${M}/h:id[@root='2.16.840.1.113883.3.989.2.1.3.1']/@extension`, 'VIGILO-MSG-0001'],
  ['N.2.r.3', `${M}/h:receiver/h:device/h:id[@root='2.16.840.1.113883.3.989.2.1.3.12']/@extension`, 'CDER'],
  ['N.2.r.4', `${M}/h:creationTime/@value`, '20240307140500+0100'],
  ['C.1.1', `${IE}/h:id[@root='2.16.840.1.113883.3.989.2.1.3.1']/@extension`, 'FR-VIGILO-2024-000123'],
  ['C.1.2', `${M}/h:controlActProcess/h:effectiveTime/@value`, '20240307140000+0100'],
  ['C.1.3', `${CHAR('1')}[@codeSystem='2.16.840.1.113883.3.989.2.1.1.2']/@code`, '2'],
  ['C.1.4', `${IE}/h:effectiveTime/h:low/@value`, '20240301'],
  ['C.1.5', `${IE}/h:availabilityTime/@value`, '20240305'],
  ['C.1.6.1', `${IE}/h:component/h:observationEvent[h:code/@code='1']/h:value/@value`, 'true'],
  ['C.1.6.1.r.1', `${IE}/h:reference/h:document[h:code/@code='1']/h:title`, 'Discharge letter'],
  ['C.1.7', `${IE}/h:component/h:observationEvent[h:code/@code='23']/h:value/@nullFlavor`, 'NI'],
  ['C.1.8.1', `${IE}/h:id[@root='2.16.840.1.113883.3.989.2.1.3.2']/@extension`, 'FR-VIGILO-2024-000123'],
  [
    'C.1.8.2',
    `${IE}/h:outboundRelationship/h:relatedInvestigation[h:code/@code='1']/h:subjectOf2/h:controlActEvent/h:author/h:assignedEntity/h:code[@codeSystem='2.16.840.1.113883.3.989.2.1.1.3']/@code`,
    '2',
  ],
  ['C.1.9.1', `${CHAR('2')}/@value`, 'true'],
  [
    'C.1.9.1.r.1',
    `${IE}/h:subjectOf1/h:controlActEvent/h:id[@root='2.16.840.1.113883.3.989.2.1.3.3']/@assigningAuthorityName`,
    'ANSM',
  ],
  [
    'C.1.9.1.r.2',
    `${IE}/h:subjectOf1/h:controlActEvent/h:id[@root='2.16.840.1.113883.3.989.2.1.3.3']/@extension`,
    'FR-ANSM-77',
  ],
  [
    'C.1.10.r',
    `${IE}/h:outboundRelationship/h:relatedInvestigation[h:code/@nullFlavor='NA']/h:subjectOf2/h:controlActEvent/h:id[@root='2.16.840.1.113883.3.989.2.1.3.2']/@extension`,
    'FR-VIGILO-2023-000999',
  ],
  ['C.1.11.1', `${CHAR('3')}[@codeSystem='2.16.840.1.113883.3.989.2.1.1.5']/@code`, '2'],
  ['C.1.11.2', `${CHAR('4')}/h:originalText`, 'Corrected dose'],
  ['C.2.r.1.1', `${REPORTER}/h:assignedPerson/h:name/h:prefix`, 'Dr'],
  ['C.2.r.1.2', `${REPORTER}/h:assignedPerson/h:name/h:given[1]`, 'Anne'],
  ['C.2.r.1.4', `${REPORTER}/h:assignedPerson/h:name/h:family/@nullFlavor`, 'MSK'],
  [
    'C.2.r.2.1',
    `${REPORTER}/h:representedOrganization/h:assignedEntity/h:representedOrganization/h:name`,
    'CHU Lyon',
  ],
  ['C.2.r.2.4', `${REPORTER}/h:addr/h:city`, 'Lyon'],
  ['C.2.r.2.6', `${REPORTER}/h:addr/h:postalCode`, '69003'],
  ['C.2.r.2.7', `${REPORTER}/h:telecom/@value`, 'tel:+33 4 00 00 00 00'],
  [
    'C.2.r.3',
    `${REPORTER}/h:assignedPerson/h:asLocatedEntity/h:location/h:code[@codeSystem='1.0.3166.1.2.2']/@code`,
    'FR',
  ],
  [
    'C.2.r.4',
    `${REPORTER}/h:assignedPerson/h:asQualifiedEntity/h:code[@codeSystem='2.16.840.1.113883.3.989.2.1.1.6']/@code`,
    '1',
  ],
  ['C.2.r.5', `${SOURCE}/h:priorityNumber/@value`, '1'],
  ['C.3.1', `${SENDER}/h:code[@codeSystem='2.16.840.1.113883.3.989.2.1.1.7']/@code`, '2'],
  [
    'C.3.2',
    `${SENDER}/h:representedOrganization/h:assignedEntity/h:representedOrganization/h:name`,
    'Agence Vigilo',
  ],
  ['C.3.3.3', `${SENDER}/h:assignedPerson/h:name/h:given`, 'Paul'],
  ['C.3.4.8', `${SENDER}/h:telecom/@value`, 'mailto:pv@vigilo.test'],
  [
    'C.4.r.1',
    `${IE}/h:reference/h:document[h:code/@code='2']/h:bibliographicDesignationText`,
    'Smith J. Lancet 2023;1:1-2',
  ],
  [
    'C.5.1.r.1',
    `${PR}/h:subjectOf1/h:researchStudy/h:authorization/h:studyRegistration/h:id[@root='2.16.840.1.113883.3.989.2.1.3.6']/@extension`,
    'EudraCT 2023-000001-11',
  ],
  [
    'C.5.1.r.2',
    `${PR}/h:subjectOf1/h:researchStudy/h:authorization/h:studyRegistration/h:author/h:territorialAuthority/h:governingPlace/h:code/@code`,
    'FR',
  ],
  ['C.5.2', `${PR}/h:subjectOf1/h:researchStudy/h:title`, 'VIG-01'],
  [
    'C.5.3',
    `${PR}/h:subjectOf1/h:researchStudy/h:id[@root='2.16.840.1.113883.3.989.2.1.3.5']/@extension`,
    'SP-42',
  ],
  [
    'C.5.4',
    `${PR}/h:subjectOf1/h:researchStudy/h:code[@codeSystem='2.16.840.1.113883.3.989.2.1.1.8']/@code`,
    '1',
  ],
  ['D.1', `${PR}/h:player1/h:name`, 'AB'],
  [
    'D.1.1.3',
    `${PR}/h:player1/h:asIdentifiedEntity[h:code/@code='3']/h:id[@root='2.16.840.1.113883.3.989.2.1.3.9']/@extension`,
    'H-123',
  ],
  ['D.2.1', `${PR}/h:player1/h:birthTime/@value`, '19800514'],
  ['D.2.2a', `${OBS('3')}/h:value[@xsi:type='PQ']/@value`, '43'],
  ['D.2.2b', `${OBS('3')}/h:value[@xsi:type='PQ']/@unit`, 'a'],
  ['D.2.3', `${OBS('4')}/h:value[@codeSystem='2.16.840.1.113883.3.989.2.1.1.9']/@code`, '5'],
  ['D.3', `${OBS('7')}/h:value[@unit='kg']/@value`, '72.5'],
  ['D.4', `${OBS('17')}/h:value[@unit='cm']/@value`, '180'],
  ['D.5', `${PR}/h:player1/h:administrativeGenderCode[@codeSystem='1.0.5218']/@code`, '2'],
  [
    'D.7.1.r.1b',
    `${PR}/h:subjectOf2/h:organizer[h:code/@code='1']/h:component/h:observation/h:code[@codeSystem='2.16.840.1.113883.6.163']/@code`,
    '10020772',
  ],
  [
    'D.7.1.r.1a',
    `${PR}/h:subjectOf2/h:organizer[h:code/@code='1']/h:component/h:observation/h:code/@codeSystemVersion`,
    '26.1',
  ],
  [
    'D.7.1.r.2',
    `${PR}/h:subjectOf2/h:organizer[h:code/@code='1']/h:component/h:observation/h:effectiveTime/h:low/@value`,
    '2010',
  ],
  [
    'D.7.1.r.3',
    `${PR}/h:subjectOf2/h:organizer[h:code/@code='1']/h:component/h:observation/h:inboundRelationship/h:observation[h:code/@code='13']/h:value/@value`,
    'true',
  ],
  [
    'D.7.2',
    `${PR}/h:subjectOf2/h:organizer[h:code/@code='1']/h:component/h:observation[h:code/@code='18']/h:value`,
    'Hypertension since 2010',
  ],
  [
    'D.7.3',
    `${PR}/h:subjectOf2/h:organizer[h:code/@code='1']/h:component/h:observation[h:code/@code='11']/h:value/@value`,
    'true',
  ],
  [
    'D.8.r.1',
    `${PR}/h:subjectOf2/h:organizer[h:code/@code='2']/h:component/h:substanceAdministration/h:consumable/h:instanceOfKind/h:kindOfProduct/h:name`,
    'Amoxicillin',
  ],
  [
    'D.8.r.7b',
    `${PR}/h:subjectOf2/h:organizer[h:code/@code='2']/h:component/h:substanceAdministration/h:outboundRelationship2/h:observation[h:code/@code='29']/h:value/@code`,
    '10040785',
  ],
  ['D.9.1', `${PR}/h:player1/h:deceasedTime/@value`, '20240304'],
  ['D.9.2.r.1b', `${OBS('32')}/h:value[@codeSystem='2.16.840.1.113883.6.163']/@code`, '10007515'],
  ['D.9.2.r.2', `${OBS('32')}/h:value/h:originalText`, 'Cardiac arrest'],
  ['D.9.3', `${OBS('5')}/h:value[@xsi:type='BL']/@nullFlavor`, 'UNK'],
  ['D.10.1', `${PR}/h:player1/h:role/h:associatedPerson/h:name`, 'CD'],
  ['D.10.2.2a', `${PR}/h:player1/h:role/h:subjectOf2/h:observation[h:code/@code='3']/h:value/@value`, '30'],
  ['D.10.6', `${PR}/h:player1/h:role/h:associatedPerson/h:administrativeGenderCode/@code`, '2'],
  ['E.i.1.1a', `${RX}/h:value/h:originalText`, 'éruption cutanée'],
  ['E.i.1.1b', `${RX}/h:value/h:originalText/@language`, 'fra'],
  ['E.i.1.2', RXQ('30'), 'skin rash'],
  ['E.i.2.1a', `${RX}/h:value[@codeSystem='2.16.840.1.113883.6.163']/@codeSystemVersion`, '26.1'],
  ['E.i.2.1b', `${RX}/h:value[@codeSystem='2.16.840.1.113883.6.163']/@code`, '10037844'],
  ['E.i.3.2a', `${RXQ('34')}/@value`, 'false'],
  ['E.i.3.2b', `${RXQ('21')}/@nullFlavor`, 'NI'],
  ['E.i.3.2c', `${RXQ('33')}/@value`, 'true'],
  ['E.i.4', `${RX}/h:effectiveTime/h:low/@value`, '20240228'],
  ['E.i.7', `${RXQ('27')}[@codeSystem='2.16.840.1.113883.3.989.2.1.1.11']/@code`, '2'],
  [
    'E.i.9',
    `${RX}/h:location/h:locatedEntity/h:locatedPlace/h:code[@codeSystem='1.0.3166.1.2.2']/@code`,
    'FR',
  ],
  ['F.r.1', `${TEST}/h:effectiveTime/@value`, '20240302'],
  ['F.r.2.1', `${TEST}/h:code/h:originalText`, 'Haemoglobin'],
  ['F.r.2.2b', `${TEST}/h:code[@codeSystem='2.16.840.1.113883.6.163']/@code`, '10018876'],
  ['F.r.3.2', `${TEST}/h:value[@xsi:type='IVL_PQ']/h:center/@value`, '9.5'],
  ['F.r.3.3', `${TEST}/h:value[@xsi:type='IVL_PQ']/h:center/@unit`, 'g/dL'],
  [
    'F.r.4',
    `${TEST}/h:referenceRange/h:observationRange[h:interpretationCode/@code='L']/h:value/@value`,
    '12',
  ],
  [
    'F.r.5',
    `${TEST}/h:referenceRange/h:observationRange[h:interpretationCode/@code='H']/h:value/@value`,
    '16',
  ],
  ['F.r.7', `${TEST}/h:outboundRelationship2/h:observation[h:code/@code='25']/h:value/@value`, 'false'],
  [
    'G.k.1',
    `${AEA}/h:component/h:causalityAssessment[h:code/@code='20'][h:subject2/h:productUseReference/h:id/@root='${DRUG_1}']/h:value[@codeSystem='2.16.840.1.113883.3.989.2.1.1.13']/@code`,
    '1',
  ],
  ['G.k.2.2', `${PRODUCT}/h:name`, 'Vigilomab 10 mg'],
  ['G.k.2.3.r.1', `${PRODUCT}/h:ingredient/h:ingredientSubstance/h:name`, 'vigilomab'],
  ['G.k.2.3.r.3a', `${PRODUCT}/h:ingredient/h:quantity[h:denominator/@value='1']/h:numerator/@value`, '10'],
  [
    'G.k.2.4',
    `${DRUG}/h:consumable/h:instanceOfKind/h:subjectOf/h:productEvent/h:performer/h:assignedEntity/h:representedOrganization/h:addr/h:country`,
    'FR',
  ],
  [
    'G.k.3.1',
    `${PRODUCT}/h:asManufacturedProduct/h:subjectOf/h:approval/h:id[@root='2.16.840.1.113883.3.989.2.1.3.4']/@extension`,
    'EU/1/23/0001',
  ],
  [
    'G.k.3.2',
    `${PRODUCT}/h:asManufacturedProduct/h:subjectOf/h:approval/h:author/h:territorialAuthority/h:territory/h:code/@code`,
    'EU',
  ],
  [
    'G.k.3.3',
    `${PRODUCT}/h:asManufacturedProduct/h:subjectOf/h:approval/h:holder/h:role/h:playingOrganization/h:name`,
    'Vigilo Pharma',
  ],
  ['G.k.4.r.1a', `${DOSE}/h:doseQuantity/@value`, '10'],
  ['G.k.4.r.1b', `${DOSE}/h:doseQuantity/@unit`, 'mg'],
  ['G.k.4.r.2', `${DOSE}/h:effectiveTime/h:comp[@xsi:type='PIVL_TS']/h:period/@value`, '1'],
  ['G.k.4.r.3', `${DOSE}/h:effectiveTime/h:comp[@xsi:type='PIVL_TS']/h:period/@unit`, 'd'],
  ['G.k.4.r.4', `${DOSE}/h:effectiveTime/h:comp[@xsi:type='IVL_TS']/h:low/@value`, '20240201'],
  ['G.k.4.r.5', `${DOSE}/h:effectiveTime/h:comp[@xsi:type='IVL_TS']/h:high/@value`, '20240227'],
  ['G.k.4.r.7', `${DOSE}/h:consumable/h:instanceOfKind/h:productInstanceInstance/h:lotNumberText`, 'LOT-9'],
  ['G.k.4.r.10.1', `${DOSE}/h:routeCode/h:originalText`, 'oral'],
  ['G.k.4.r.10.2b', `${DOSE}/h:routeCode/@code`, '20053000'],
  [
    'G.k.7.r.1',
    `${DRUG}/h:inboundRelationship/h:observation[h:code/@code='19']/h:value/h:originalText`,
    'psoriasis',
  ],
  ['G.k.7.r.2b', `${DRUG}/h:inboundRelationship/h:observation[h:code/@code='19']/h:value/@code`, '10037153'],
  [
    'G.k.8',
    `${DRUG}/h:inboundRelationship/h:act/h:code[@codeSystem='2.16.840.1.113883.3.989.2.1.1.15']/@code`,
    '1',
  ],
  [
    'G.k.9.i.2.r.1',
    `${AEA}/h:component/h:causalityAssessment[h:code/@code='39']/h:author/h:assignedEntity/h:code/h:originalText`,
    'Reporter',
  ],
  [
    'G.k.9.i.2.r.2',
    `${AEA}/h:component/h:causalityAssessment[h:code/@code='39']/h:methodCode/h:originalText`,
    'Global introspection',
  ],
  ['G.k.9.i.2.r.3', `${AEA}/h:component/h:causalityAssessment[h:code/@code='39']/h:value`, 'Related'],
  [
    'G.k.9.i.3.1a',
    `${DRUG}/h:outboundRelationship1[h:actReference/h:id/@root='${REACTION_1}']/h:pauseQuantity/@value`,
    '27',
  ],
  [
    'G.k.9.i.4',
    `${DRUG}/h:outboundRelationship2/h:observation[h:code/@code='31']/h:value[@codeSystem='2.16.840.1.113883.3.989.2.1.1.16']/@code`,
    '3',
  ],
  ['G.k.11', `${DRUG}/h:outboundRelationship2/h:observation[h:code/@code='2']/h:value`, 'Taken with food'],
  [
    'H.1',
    `${IE}/h:text`,
    'A woman aged 43 developed a rash four weeks after starting vigilomab & was admitted <briefly>.',
  ],
  [
    'H.2',
    `${AEA}/h:component1/h:observationEvent[h:code/@code='10'][h:author/h:assignedEntity/h:code/@code='3']/h:value`,
    'Probably related',
  ],
  ['H.3.r.1b', `${AEA}/h:component1/h:observationEvent[h:code/@code='15']/h:value/@code`, '10037844'],
  [
    'H.4',
    `${AEA}/h:component1/h:observationEvent[h:code/@code='10'][h:author/h:assignedEntity/h:code/@code='1']/h:value`,
    'Expected reaction',
  ],
  ['H.5.r.1a', `${IE}/h:component/h:observationEvent[h:code/@code='36']/h:value`, 'Éruption après vigilomab'],
  ['H.5.r.1b', `${IE}/h:component/h:observationEvent[h:code/@code='36']/h:value/@language`, 'fra'],
];

describe('export of a hand-written case', () => {
  it('is valid against the ICH schema', () => {
    expect(validateXsd(xml)).toEqual([]);
  });

  for (const [element, xpath, value] of expected) {
    it(`${element} = ${value}`, () => {
      expect(at(xpath)).toBe(value);
    });
  }

  it('writes one message, two reactions, two drugs and one dosage', () => {
    expect(count(M)).toBe(1);
    expect(count(`${PR}/h:subjectOf2/h:observation[h:code/@code='29']`)).toBe(2);
    expect(count(`${PR}/h:subjectOf2/h:organizer[h:code/@code='4']/h:component`)).toBe(2);
    expect(count(`${DRUG}/h:outboundRelationship2/h:substanceAdministration`)).toBe(1);
  });

  it('leaves out what the case does not say (no empty elements)', () => {
    expect(count(`${OBS('16')}`)).toBe(0);
    expect(count(`${IE}/h:component/h:observationEvent[h:code/@code='C54588']`)).toBe(0);
    expect(xml).not.toMatch(/<(\w+)[^>]*><\/\1>/);
  });

  it('imports back to the same case document', () => {
    const { cases } = importBatch(xml);
    expect(cases[0]!.document).toEqual(handWrittenCase);
    expect(cases[0]!.unmapped).toEqual([]);
  });
});
