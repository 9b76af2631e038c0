import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseDocument } from '@vigilo/contract';
import type { BatchHeader, MessageHeader } from '../src/index.ts';

/** The FDA example instances and acknowledgements, copied unchanged from ../shared/e2br3/examples. */
export const EXAMPLES_DIR = join(import.meta.dirname, 'examples');

export const exampleFiles = () =>
  readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.xml'))
    .sort();
export const readExample = (name: string) => readFileSync(join(EXAMPLES_DIR, name), 'utf8');

export const batchHeader: BatchHeader = {
  batchNumber: 'VIGILO-BATCH-0001',
  batchSender: 'VIGILO-SENDER',
  batchReceiver: 'ZZFDA',
  transmissionTime: '2024-03-07T14:05:09+01:00',
};

export const messageHeader: MessageHeader = {
  messageId: 'VIGILO-MSG-0001',
  messageSender: 'VIGILO-SENDER',
  messageReceiver: 'CDER',
  messageCreationTime: '2024-03-07T14:05:00+01:00',
};

export const REACTION_1 = '11111111-2222-4333-8444-555555555555';
export const REACTION_2 = '11111111-2222-4333-8444-666666666666';
export const DRUG_1 = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
export const DRUG_2 = 'aaaaaaaa-bbbb-4ccc-8ddd-ffffffffffff';

/** A case written by hand, touching every section; the tests check its XML by XPath. */
export const handWrittenCase: CaseDocument = {
  schemaVersion: 1,
  C: {
    senderSafetyReportId: 'FR-VIGILO-2024-000123',
    creationDate: '2024-03-07T14:00:00+01:00',
    reportType: '2', // a report from a study: it has a study (C.5), as FDA rule R0103 wants
    firstReceivedDate: '2024-03-01',
    mostRecentInformationDate: '2024-03-05',
    additionalDocumentsAvailable: true,
    documentsHeldBySender: [{ title: 'Discharge letter' }],
    fulfilsLocalExpeditedCriteria: { nullFlavor: 'NI' },
    worldwideUniqueId: 'FR-VIGILO-2024-000123',
    firstSender: '2',
    otherCaseIdentifiersInPreviousTransmissions: true,
    otherCaseIdentifiers: [{ source: 'ANSM', caseId: 'FR-ANSM-77' }],
    linkedReportIds: ['FR-VIGILO-2023-000999'],
    nullificationOrAmendment: '2',
    nullificationOrAmendmentReason: 'Corrected dose',
    primarySources: [
      {
        title: 'Dr',
        givenName: 'Anne',
        familyName: { nullFlavor: 'MSK' },
        organisation: 'CHU Lyon',
        city: 'Lyon',
        postcode: '69003',
        telephone: '+33 4 00 00 00 00',
        country: 'FR',
        qualification: '1',
        primaryForRegulatoryPurposes: '1',
      },
    ],
    sender: {
      type: '2',
      organisation: 'Agence Vigilo',
      givenName: 'Paul',
      familyName: 'Martin',
      email: 'pv@vigilo.test',
    },
    literature: [{ reference: 'Smith J. Lancet 2023;1:1-2' }],
    study: {
      registrations: [{ number: 'EudraCT 2023-000001-11', country: 'FR' }],
      name: 'VIG-01',
      sponsorStudyNumber: 'SP-42',
      studyType: '1',
    },
  },
  D: {
    name: 'AB',
    medicalRecordNumbers: { hospital: 'H-123' },
    birthDate: '1980-05-14',
    ageAtOnset: { value: '43', unit: 'a' },
    ageGroup: '5',
    weightKg: '72.5',
    heightCm: '180',
    sex: '2',
    medicalHistory: [
      {
        condition: { version: '26.1', code: '10020772' },
        startDate: '2010',
        continuing: true,
        comments: 'Treated',
      },
    ],
    medicalHistoryText: 'Hypertension since 2010',
    concomitantTherapies: true,
    pastDrugs: [{ name: 'Amoxicillin', reaction: { version: '26.1', code: '10040785' } }],
    death: {
      date: '2024-03-04',
      reportedCauses: [{ cause: { version: '26.1', code: '10007515' }, text: 'Cardiac arrest' }],
      autopsyDone: { nullFlavor: 'UNK' },
    },
    parent: { identification: 'CD', sex: '2', age: { value: '30', unit: 'a' } },
  },
  E: {
    reactions: [
      {
        id: REACTION_1,
        nativeTerm: 'éruption cutanée',
        nativeTermLanguage: 'fra',
        translatedTerm: 'skin rash',
        term: { version: '26.1', code: '10037844' },
        resultsInDeath: false,
        lifeThreatening: { nullFlavor: 'NI' },
        hospitalisation: true,
        disabling: false,
        congenitalAnomaly: false,
        otherMedicallyImportant: false,
        startDate: '2024-02-28',
        outcome: '2',
        country: 'FR',
      },
      {
        id: REACTION_2,
        term: { version: '26.1', code: '10016256' },
        resultsInDeath: true,
        lifeThreatening: { nullFlavor: 'NI' },
        hospitalisation: { nullFlavor: 'NI' },
        disabling: { nullFlavor: 'NI' },
        congenitalAnomaly: { nullFlavor: 'NI' },
        otherMedicallyImportant: { nullFlavor: 'NI' },
        outcome: '5',
        startDate: '2024-03',
      },
    ],
  },
  F: {
    tests: [
      {
        date: '2024-03-02',
        name: 'Haemoglobin',
        code: { version: '26.1', code: '10018876' },
        result: { value: '9.5', unit: 'g/dL' },
        normalLow: '12',
        normalHigh: '16',
        moreInformationAvailable: false,
      },
    ],
  },
  G: {
    drugs: [
      {
        id: DRUG_1,
        role: '1',
        name: 'Vigilomab 10 mg',
        substances: [{ name: 'vigilomab', strength: { value: '10', unit: 'mg' } }],
        obtainedInCountry: 'FR',
        authorisationNumber: 'EU/1/23/0001',
        authorisationCountry: 'EU',
        holderName: 'Vigilo Pharma',
        dosages: [
          {
            dose: { value: '10', unit: 'mg' },
            frequency: { value: '1', unit: 'd' },
            startDate: '2024-02-01',
            endDate: '2024-02-27',
            batchLot: 'LOT-9',
            routeText: 'oral',
            route: { code: '20053000', version: '2.2' },
          },
        ],
        indications: [{ text: 'psoriasis', term: { version: '26.1', code: '10037153' } }],
        actionTaken: '1',
        reactionAssessments: [
          {
            reactionId: REACTION_1,
            assessments: [{ source: 'Reporter', method: 'Global introspection', result: 'Related' }],
            intervalFromStart: { value: '27', unit: 'd' },
            recurred: '3',
          },
        ],
        additionalInformation: 'Taken with food',
      },
      { id: DRUG_2, role: '2', name: 'Paracetamol' },
    ],
  },
  H: {
    narrative:
      'A woman aged 43 developed a rash four weeks after starting vigilomab & was admitted <briefly>.',
    reporterComments: 'Probably related',
    senderDiagnoses: [{ term: { version: '26.1', code: '10037844' } }],
    senderComments: 'Expected reaction',
    nativeSummaries: [{ text: 'Éruption après vigilomab', language: 'fra' }],
  },
};
