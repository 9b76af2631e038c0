import { type TSchema, Type } from 'typebox';
import { FdaDrugFields } from './case-document-devices.ts';
import {
  bool,
  COUNTRY,
  code,
  codeLike,
  DECIMAL_PATTERN,
  date,
  LANGUAGE,
  list,
  literals,
  MASKABLE,
  meddra,
  NullFlavour,
  obj,
  quantity,
  term,
  text,
  UNIT,
  unregisteredTerm,
} from './case-document-fields.ts';

/** Sections D (patient, parent), E (reactions), F (tests), G (drugs) and H (narrative). */

const NO_DATE = ['MSK', 'ASKU', 'NASK'] as const;
const UNKNOWN_TEXT = ['ASKU', 'NASK', 'UNK'] as const;
/** Identifiers that tie reactions and drugs together (E2B uses UUIDs in XML). */
const LocalId = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});

const medicalHistory = <E extends Record<string, TSchema>>(p: 'D.7' | 'D.10.7', extra: E) =>
  list(
    `${p}.1.r`,
    obj({
      condition: meddra(`${p}.1.r.1`),
      startDate: date(`${p}.1.r.2`, NO_DATE),
      continuing: bool(`${p}.1.r.3`, MASKABLE),
      endDate: date(`${p}.1.r.4`, NO_DATE),
      comments: text(`${p}.1.r.5`, 2000),
      ...extra,
    }),
  );

const pastDrugs = (p: 'D.8' | 'D.10.8') =>
  list(
    `${p}.r`,
    obj({
      name: text(`${p}.r.1`, 250, ['UNK', 'NA']),
      mpid: term(`${p}.r.2`, 20, 20),
      phpid: unregisteredTerm(`${p}.r.3`, 250, 10),
      startDate: date(`${p}.r.4`, NO_DATE),
      endDate: date(`${p}.r.5`, NO_DATE),
      indication: meddra(`${p}.r.6`),
      reaction: meddra(`${p}.r.7`),
    }),
  );

const causesOfDeath = (e2b: string) =>
  list(e2b, obj({ cause: meddra(`${e2b}.1`), text: text(`${e2b}.2`, 250) }));

const Parent = obj({
  identification: text('D.10.1', 60, [...MASKABLE]),
  birthDate: date('D.10.2.1', NO_DATE),
  age: quantity('D.10.2.2', 3),
  lastMenstrualPeriodDate: date('D.10.3', NO_DATE),
  weightKg: codeLike('D.10.4', '^\\d{1,6}(\\.\\d+)?$'),
  heightCm: codeLike('D.10.5', '^\\d{1,3}$'),
  sex: code('D.10.6', ['1', '2'], ['MSK', 'UNK', 'ASKU', 'NASK']),
  medicalHistory: medicalHistory('D.10.7', {}),
  medicalHistoryText: text('D.10.7.2', 10000),
  pastDrugs: pastDrugs('D.10.8'),
});

export const CaseSectionD = obj(
  {
    name: text('D.1', 60, ['MSK', 'ASKU', 'NASK', 'UNK', 'NA']),
    medicalRecordNumbers: Type.Optional(
      obj({
        gp: text('D.1.1.1', 20, ['MSK']),
        specialist: text('D.1.1.2', 20, ['MSK']),
        hospital: text('D.1.1.3', 20, ['MSK']),
        investigation: text('D.1.1.4', 20, ['MSK']),
      }),
    ),
    birthDate: date('D.2.1', ['MSK']),
    ageAtOnset: quantity('D.2.2', 5),
    gestationPeriodAtOnset: quantity('D.2.2.1', 3),
    ageGroup: code('D.2.3', ['0', '1', '2', '3', '4', '5', '6'], ['MSK', 'UNK', 'ASKU', 'NI']),
    weightKg: codeLike('D.3', '^\\d{1,6}(\\.\\d+)?$'),
    heightCm: codeLike('D.4', '^\\d{1,3}$'),
    sex: code('D.5', ['1', '2'], ['MSK', 'UNK', 'ASKU', 'NASK']),
    lastMenstrualPeriodDate: date('D.6', NO_DATE),
    medicalHistory: medicalHistory('D.7', { familyHistory: bool('D.7.1.r.6') }),
    medicalHistoryText: text('D.7.2', 10000, MASKABLE),
    concomitantTherapies: bool('D.7.3'),
    pastDrugs: pastDrugs('D.8'),
    death: Type.Optional(
      obj({
        date: date('D.9.1', NO_DATE),
        reportedCauses: causesOfDeath('D.9.2.r'),
        autopsyDone: bool('D.9.3', UNKNOWN_TEXT),
        autopsyCauses: causesOfDeath('D.9.4.r'),
      }),
    ),
    parent: Type.Optional(Parent),
    fdaRace: list(
      'FDA.D.11.r',
      Type.Union([
        // An NCI thesaurus code (C41260): an HL7 code, without white space.
        Type.String({ e2b: 'FDA.D.11.r.1', minLength: 1, maxLength: 10, pattern: '^\\S+$' }),
        NullFlavour(['UNK', 'MSK', 'OTH', 'NA']),
      ]),
    ),
    fdaEthnicity: codeLike('FDA.D.12', '^\\S{1,10}$', ['UNK', 'MSK', 'NI', 'NA']),
  },
  'D',
);

const Reaction = obj({
  /** Local id that G.k.9.i (drug-reaction assessments) refer to; the XML observation id. */
  id: LocalId,
  nativeTerm: text('E.i.1.1a', 250),
  nativeTermLanguage: codeLike('E.i.1.1b', LANGUAGE),
  translatedTerm: text('E.i.1.2', 250),
  term: meddra('E.i.2.1'),
  highlighted: code('E.i.3.1', ['1', '2', '3', '4']),
  /**
   * "Was it serious?" as asked (yes, no, I don't know): not an E2B element of its own. Answered,
   * it makes every criterion below explicit in the message (decision 0241): a criterion left
   * unanswered is false, or NI when the answer is "I don't know".
   */
  serious: Type.Optional(Type.Union([Type.Boolean(), NullFlavour(['NI'])])),
  resultsInDeath: bool('E.i.3.2a', ['NI']),
  lifeThreatening: bool('E.i.3.2b', ['NI']),
  hospitalisation: bool('E.i.3.2c', ['NI']),
  disabling: bool('E.i.3.2d', ['NI']),
  congenitalAnomaly: bool('E.i.3.2e', ['NI']),
  otherMedicallyImportant: bool('E.i.3.2f', ['NI']),
  fdaRequiredIntervention: bool('FDA.E.i.3.2h', ['NI']),
  startDate: date('E.i.4', NO_DATE),
  endDate: date('E.i.5', NO_DATE),
  duration: quantity('E.i.6', 5),
  outcome: code('E.i.7', ['0', '1', '2', '3', '4', '5']),
  medicallyConfirmed: bool('E.i.8'),
  country: codeLike('E.i.9', COUNTRY),
});

export const CaseSectionE = obj({ reactions: list('E.i', Reaction) }, 'E');

const Test = obj({
  date: date('F.r.1', ['UNK']),
  name: text('F.r.2.1', 250),
  code: meddra('F.r.2.2'),
  resultCode: code('F.r.3.1', ['1', '2', '3', '4']),
  result: Type.Optional(
    obj({
      value: Type.String({ e2b: 'F.r.3.2', pattern: DECIMAL_PATTERN, maxLength: 50 }),
      unit: Type.Optional(UNIT('F.r.3.3')),
      /**
       * F.r.3.2's qualifier: the result is below (`<`, `<=`) or above (`>`, `>=`) the value, as
       * ICH writes it (an IVL_PQ bound with the other side NINF/PINF); none for an exact value.
       */
      qualifier: Type.Optional(literals(['<', '<=', '>', '>='], { e2b: 'F.r.3.2' })),
    }),
  ),
  resultText: text('F.r.3.4', 2000),
  // The table says free text, but E2B carries them as a physical quantity (PQ/@value, @unit).
  normalLow: Type.Optional(Type.String({ e2b: 'F.r.4', pattern: DECIMAL_PATTERN, maxLength: 50 })),
  /** The unit of F.r.4 (its PQ's `unit`), e.g. `mg/dL`. */
  normalLowUnit: Type.Optional(UNIT()),
  normalHigh: Type.Optional(Type.String({ e2b: 'F.r.5', pattern: DECIMAL_PATTERN, maxLength: 50 })),
  /** The unit of F.r.5. */
  normalHighUnit: Type.Optional(UNIT()),
  comments: text('F.r.6', 2000),
  moreInformationAvailable: bool('F.r.7'),
});

export const CaseSectionF = obj({ tests: list('F.r', Test) }, 'F');

const Dosage = obj({
  /**
   * The dosage's time as a whole given as a null flavour (`effectiveTime/@nullFlavor`, e.g. ASKU:
   * asked, unknown), when there is no frequency, date or duration.
   */
  timing: Type.Optional(NullFlavour(['MSK', 'ASKU', 'NASK', 'UNK', 'NI'])),
  dose: quantity('G.k.4.r.1', 8),
  frequency: Type.Optional(
    obj({
      value: Type.String({ e2b: 'G.k.4.r.2', pattern: '^\\d{1,4}(\\.\\d+)?$' }),
      unit: Type.String({ e2b: 'G.k.4.r.3', minLength: 1, maxLength: 50, pattern: '^\\S+$' }),
    }),
  ),
  startDate: date('G.k.4.r.4', NO_DATE),
  endDate: date('G.k.4.r.5', NO_DATE),
  duration: quantity('G.k.4.r.6', 5),
  batchLot: text('G.k.4.r.7', 35),
  dosageText: text('G.k.4.r.8', 2000),
  doseFormText: text('G.k.4.r.9.1', 60, UNKNOWN_TEXT),
  doseForm: term('G.k.4.r.9.2', 15, 25),
  routeText: text('G.k.4.r.10.1', 60, UNKNOWN_TEXT),
  route: term('G.k.4.r.10.2', 15, 25),
  parentRouteText: text('G.k.4.r.11.1', 60, UNKNOWN_TEXT),
  parentRoute: term('G.k.4.r.11.2', 15, 25),
  /**
   * The country in the dosage's `performer` address: not an element of the ICH or FDA table, but
   * FDA's examples write it there (commented as G.k.2.4); kept so that nothing received is lost.
   */
  administeredInCountry: Type.Optional(Type.String({ pattern: COUNTRY })),
});

const ReactionAssessment = obj({
  /** The `id` of the reaction (E.i) assessed. */
  reactionId: Type.String({ e2b: 'G.k.9.i.1', minLength: 1, maxLength: 100 }),
  assessments: list(
    'G.k.9.i.2.r',
    obj({
      source: text('G.k.9.i.2.r.1', 60),
      method: text('G.k.9.i.2.r.2', 60),
      result: text('G.k.9.i.2.r.3', 60),
    }),
  ),
  intervalFromStart: quantity('G.k.9.i.3.1', 5),
  intervalFromLastDose: quantity('G.k.9.i.3.2', 5),
  recurred: code('G.k.9.i.4', ['1', '2', '3', '4']),
});

const Drug = obj({
  /** Local id of this drug; the XML substanceAdministration id. */
  id: LocalId,
  role: code('G.k.1', ['1', '2', '3', '4']),
  mpid: term('G.k.2.1.1', 20, 20),
  phpid: unregisteredTerm('G.k.2.1.2', 250, 10),
  name: text('G.k.2.2', 250),
  substances: list(
    'G.k.2.3.r',
    obj({
      name: text('G.k.2.3.r.1', 250),
      termId: term('G.k.2.3.r.2', 100, 10),
      strength: quantity('G.k.2.3.r.3', 10),
      /** The unit of the strength's denominator (`quantity/denominator/@unit`, "per 1 …"), when given. */
      strengthDenominatorUnit: Type.Optional(UNIT()),
    }),
  ),
  obtainedInCountry: codeLike('G.k.2.4', COUNTRY),
  blinded: bool('G.k.2.5'),
  authorisationNumber: text('G.k.3.1', 35),
  authorisationCountry: codeLike('G.k.3.2', COUNTRY),
  holderName: text('G.k.3.3', 60),
  dosages: list('G.k.4.r', Dosage),
  cumulativeDose: quantity('G.k.5', 10),
  gestationAtExposure: quantity('G.k.6', 3),
  indications: list(
    'G.k.7.r',
    obj({ text: text('G.k.7.r.1', 250, UNKNOWN_TEXT), term: meddra('G.k.7.r.2') }),
  ),
  actionTaken: code('G.k.8', ['0', '1', '2', '3', '4', '9']),
  reactionAssessments: list('G.k.9.i', ReactionAssessment),
  additionalInformationCodes: list(
    'G.k.10.r',
    Type.Union([Type.String({ e2b: 'G.k.10.r', pattern: '^\\d{1,2}$' }), NullFlavour(['NA', 'UNK'])]),
  ),
  additionalInformation: text('G.k.11', 2000),
  ...FdaDrugFields,
});

export const CaseSectionG = obj({ drugs: list('G.k', Drug) }, 'G');

export const CaseSectionH = obj(
  {
    narrative: text('H.1', 100000),
    /** H.1's media type (`text/@mediaType`, e.g. `text/plain`), when the message gives one. */
    narrativeMediaType: Type.Optional(Type.String({ pattern: '^\\S+$', maxLength: 100 })),
    reporterComments: text('H.2', 20000),
    senderDiagnoses: list('H.3.r', obj({ term: meddra('H.3.r.1') })),
    senderComments: text('H.4', 20000),
    nativeSummaries: list(
      'H.5.r',
      obj({ text: text('H.5.r.1a', 100000), language: codeLike('H.5.r.1b', LANGUAGE) }),
    ),
  },
  'H',
);

export const CaseSectionsDEFH = {
  D: Type.Optional(CaseSectionD),
  E: Type.Optional(CaseSectionE),
  F: Type.Optional(CaseSectionF),
  G: Type.Optional(CaseSectionG),
  H: Type.Optional(CaseSectionH),
};
