import { randomUUID } from 'node:crypto';

/**
 * Case documents (decision 0040) as a reporter's form would send them, written by hand from
 * the E2B(R3) element list: a complete adverse drug reaction report of about 5 KB, for the
 * intake tests and the benchmark.
 */
export function adrCase(overrides: { narrative?: string } = {}) {
  const reactionId = randomUUID();
  return {
    schemaVersion: 1,
    C: {
      reportType: '1',
      primarySources: [
        {
          givenName: 'Amelia',
          familyName: 'Hart',
          qualification: '1',
          telephone: '+44 20 7946 0958',
          email: 'amelia.hart@example.test',
          city: 'Leeds',
          country: 'GB',
          primaryForRegulatoryPurposes: '1',
        },
      ],
    },
    D: {
      name: 'J.M.',
      ageAtOnset: { value: '67', unit: 'a' },
      sex: '2',
      weightKg: '71.5',
      heightCm: '163',
      medicalHistoryText: 'Type 2 diabetes since 2015, controlled with diet. Mild hypertension.',
    },
    E: {
      reactions: [
        {
          id: reactionId,
          nativeTerm: 'Swollen lips and tongue, difficulty swallowing',
          nativeTermLanguage: 'eng',
          term: { version: '27.0', code: '10002424' },
          hospitalisation: true,
          startDate: '2026-11-02',
          outcome: '1',
          country: 'GB',
        },
      ],
    },
    G: {
      drugs: [
        {
          id: randomUUID(),
          role: '1',
          name: 'Lisinopril 10 mg tablets',
          dosages: [{ dose: { value: '10', unit: 'mg' }, startDate: '2026-10-20', routeText: 'oral' }],
          indications: [{ text: 'Hypertension' }],
          actionTaken: '1',
          reactionAssessments: [{ reactionId, recurred: '4' }],
        },
        { id: randomUUID(), role: '2', name: 'Metformin 500 mg tablets' },
      ],
    },
    H: {
      narrative:
        overrides.narrative ??
        [
          'A 67-year-old woman started lisinopril 10 mg once daily for newly diagnosed hypertension on 20 October.',
          'Thirteen days later she woke with swollen lips and tongue and found it hard to swallow.',
          'She attended the emergency department, where angioedema was diagnosed; she was given intravenous',
          'chlorphenamine and hydrocortisone and kept overnight for observation. Lisinopril was stopped.',
          'The swelling settled over 36 hours and she went home the next day. No previous episodes, no known',
          'allergies, no new foods or cosmetics. Concomitant metformin unchanged for two years.',
        ].join(' '),
    },
  };
}

/** About 5 KB of JSON: the realistic case the intake benchmark sends. */
export function fiveKilobyteCase() {
  const base = adrCase();
  const filler = ' The reporter adds that the patient kept a diary of symptoms, which is attached.';
  let narrative = base.H.narrative;
  while (JSON.stringify({ ...base, H: { narrative } }).length < 5000) narrative += filler;
  return adrCase({ narrative });
}
