import type { CaseDocument } from '@vigilo/contract';

/**
 * The case a "send test message" carries (decision 0185): synthetic from start to end — no
 * patient, reporter or product that exists — small, and valid for the ICH, FDA and EU
 * profiles, so that a receiver's answer is about its own set-up, not about a case.
 * Its narrative says it is a test, in case a person ever reads it.
 */
export function sampleCase(reference: string, today: string): CaseDocument {
  return {
    schemaVersion: 1,
    C: {
      senderSafetyReportId: reference,
      creationDate: `${today}T00:00:00+00:00`,
      reportType: '1',
      firstReceivedDate: today,
      mostRecentInformationDate: today,
      additionalDocumentsAvailable: false,
      fulfilsLocalExpeditedCriteria: false,
      worldwideUniqueId: reference,
      firstSender: '2',
      otherCaseIdentifiersInPreviousTransmissions: { nullFlavor: 'NI' },
      primarySources: [{ country: 'US', qualification: '1', primaryForRegulatoryPurposes: '1' }],
      sender: { type: '2', organisation: 'Vigilo connection test' },
    },
    D: {
      name: 'TEST',
      sex: '2',
      ageAtOnset: { value: '40', unit: 'a' },
      medicalHistoryText: 'None: a made-up test case.',
    },
    E: {
      reactions: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          nativeTerm: 'Headache',
          nativeTermLanguage: 'eng',
          term: { version: '27.1', code: '10019211' },
          resultsInDeath: false,
          lifeThreatening: false,
          hospitalisation: false,
          disabling: false,
          congenitalAnomaly: false,
          otherMedicallyImportant: false,
          outcome: '1',
          country: 'US',
        },
      ],
    },
    G: {
      drugs: [
        {
          id: '00000000-0000-4000-8000-000000000002',
          role: '1',
          name: 'TEST PRODUCT',
          reactionAssessments: [{ reactionId: '00000000-0000-4000-8000-000000000001' }],
        },
      ],
    },
    H: { narrative: 'Test message sent by Vigilo to check the connection. Not a real case: discard it.' },
  } as unknown as CaseDocument;
}
