/**
 * The case document as case processors read it: the E2B(R3) blocks C, D, E, F, G and H in the
 * order of the ICH guideline, each field named by its place in the case document
 * (contract/src/case-document*.ts). This one description drives the read-only view, the
 * labelled version diff and the case form (decision 0261): what a field is (its E2B data
 * element id, its code list, the null flavours it takes, its length) is read from the
 * document's schema by the form; what is said here is only what the schema cannot say: the
 * order, the words' list, the widget and the units offered. Kept free of runtime imports so
 * the read-only view does not load the schema.
 */

/** How a field is shown and edited. */
export type Widget =
  | 'text'
  | 'longText'
  | 'code'
  | 'yesNo'
  | 'date'
  | 'quantity'
  | 'number'
  | 'meddra'
  | 'edqmForm'
  | 'edqmRoute'
  | 'product'
  | 'drugName'
  | 'termId'
  | 'country'
  | 'language'
  /** A value that is either given (`true`, `"1"`) or not: a checkbox. */
  | 'flag';

/** Units offered for a quantity: UCUM dose units (free UCUM allowed) or one of E2B's constrained lists. */
export type Units = 'dose' | 'age' | 'gestation' | 'duration' | 'interval' | 'test';

export interface FieldNode {
  kind: 'field';
  key: string;
  widget: Widget;
  /** The code list whose words name the values (`caseDoc.codes.<list>.<value>`): the key by default. */
  codes?: string;
  units?: Units;
  /** A sibling field whose text is the reporter's words beside a MedDRA term (E.i.1.1a beside E.i.2.1). */
  verbatim?: string;
  /** Filled by Vigilo when it writes the message (decision 0262): shown, never edited. */
  system?: true;
}

export interface GroupNode {
  kind: 'group';
  key: string;
  children: Node[];
}

export interface ListNode {
  kind: 'list';
  key: string;
  children: Node[];
  /** Items carry a local `id` (reactions, drugs) that other parts of the document refer to. */
  ids?: true;
  /** The child whose value names an item in its heading ("Reaction 2: Swollen lips"). */
  title?: string;
}

export type Node = FieldNode | GroupNode | ListNode;

export interface Block {
  id: 'C' | 'D' | 'E' | 'F' | 'G' | 'H';
  children: Node[];
}

const f = (key: string, widget: Widget, extra: Partial<FieldNode> = {}): FieldNode => ({
  kind: 'field',
  key,
  widget,
  ...extra,
});
const group = (key: string, children: Node[]): GroupNode => ({ kind: 'group', key, children });
const list = (key: string, children: Node[], extra: Partial<ListNode> = {}): ListNode => ({
  kind: 'list',
  key,
  children,
  ...extra,
});

/** D.7.1.r and D.10.7.1.r: medical history and concurrent conditions, coded in MedDRA. */
const medicalHistory = (family: boolean) =>
  list(
    'medicalHistory',
    [
      f('condition', 'meddra'),
      f('startDate', 'date'),
      f('continuing', 'yesNo'),
      f('endDate', 'date'),
      f('comments', 'longText'),
      ...(family ? [f('familyHistory', 'yesNo')] : []),
    ],
    { title: 'comments' },
  );

/** D.8.r and D.10.8.r: relevant past drug history. */
const pastDrugs = list(
  'pastDrugs',
  [
    f('name', 'drugName'),
    f('mpid', 'product'),
    f('phpid', 'termId'),
    f('startDate', 'date'),
    f('endDate', 'date'),
    f('indication', 'meddra'),
    f('reaction', 'meddra'),
  ],
  { title: 'name' },
);

const causes = (key: string) => list(key, [f('cause', 'meddra', { verbatim: 'text' }), f('text', 'text')]);

export const BLOCKS: readonly Block[] = [
  {
    id: 'C',
    children: [
      f('senderSafetyReportId', 'text', { system: true }),
      f('creationDate', 'date', { system: true }),
      f('reportType', 'code'),
      f('firstReceivedDate', 'date'),
      f('mostRecentInformationDate', 'date'),
      f('additionalDocumentsAvailable', 'yesNo'),
      f('fulfilsLocalExpeditedCriteria', 'yesNo'),
      f('worldwideUniqueId', 'text', { system: true }),
      f('firstSender', 'code', { system: true }),
      list('otherCaseIdentifiers', [f('source', 'text'), f('caseId', 'text')], { title: 'caseId' }),
      f('nullificationOrAmendment', 'code', { system: true }),
      f('nullificationOrAmendmentReason', 'longText', { system: true }),
      list(
        'primarySources',
        [
          f('title', 'text'),
          f('givenName', 'text'),
          f('middleName', 'text'),
          f('familyName', 'text'),
          f('organisation', 'text'),
          f('department', 'text'),
          f('street', 'text'),
          f('city', 'text'),
          f('state', 'text'),
          f('postcode', 'text'),
          f('country', 'country'),
          f('telephone', 'text'),
          f('email', 'text'),
          f('qualification', 'code'),
          f('primaryForRegulatoryPurposes', 'flag'),
        ],
        { title: 'familyName' },
      ),
      list('literature', [f('reference', 'longText')], { title: 'reference' }),
      group('study', [
        list('registrations', [f('number', 'text'), f('country', 'country')], { title: 'number' }),
        f('name', 'longText'),
        f('sponsorStudyNumber', 'text'),
        f('studyType', 'code'),
      ]),
    ],
  },
  {
    id: 'D',
    children: [
      f('name', 'text'),
      group('medicalRecordNumbers', [
        f('gp', 'text'),
        f('specialist', 'text'),
        f('hospital', 'text'),
        f('investigation', 'text'),
      ]),
      f('birthDate', 'date'),
      f('ageAtOnset', 'quantity', { units: 'age' }),
      f('gestationPeriodAtOnset', 'quantity', { units: 'gestation' }),
      f('ageGroup', 'code'),
      f('weightKg', 'number'),
      f('heightCm', 'number'),
      f('sex', 'code'),
      f('lastMenstrualPeriodDate', 'date'),
      medicalHistory(true),
      f('medicalHistoryText', 'longText'),
      f('concomitantTherapies', 'yesNo'),
      pastDrugs,
      group('death', [
        f('date', 'date'),
        causes('reportedCauses'),
        f('autopsyDone', 'yesNo'),
        causes('autopsyCauses'),
      ]),
      group('parent', [
        f('identification', 'text'),
        f('birthDate', 'date'),
        f('age', 'quantity', { units: 'age' }),
        f('lastMenstrualPeriodDate', 'date'),
        f('weightKg', 'number'),
        f('heightCm', 'number'),
        f('sex', 'code'),
        medicalHistory(false),
        f('medicalHistoryText', 'longText'),
        pastDrugs,
      ]),
    ],
  },
  {
    id: 'E',
    children: [
      list(
        'reactions',
        [
          f('nativeTerm', 'text'),
          f('nativeTermLanguage', 'language'),
          f('translatedTerm', 'text'),
          f('term', 'meddra', { verbatim: 'nativeTerm' }),
          f('highlighted', 'code'),
          f('resultsInDeath', 'yesNo'),
          f('lifeThreatening', 'yesNo'),
          f('hospitalisation', 'yesNo'),
          f('disabling', 'yesNo'),
          f('congenitalAnomaly', 'yesNo'),
          f('otherMedicallyImportant', 'yesNo'),
          f('startDate', 'date'),
          f('endDate', 'date'),
          f('duration', 'quantity', { units: 'duration' }),
          f('outcome', 'code'),
          f('medicallyConfirmed', 'yesNo'),
          f('country', 'country'),
        ],
        { ids: true, title: 'nativeTerm' },
      ),
    ],
  },
  {
    id: 'F',
    children: [
      list(
        'tests',
        [
          f('date', 'date'),
          f('name', 'text'),
          f('code', 'meddra', { verbatim: 'name' }),
          f('resultCode', 'code'),
          f('result', 'quantity', { units: 'test' }),
          f('resultText', 'longText'),
          f('normalLow', 'number'),
          f('normalHigh', 'number'),
          f('comments', 'longText'),
          f('moreInformationAvailable', 'yesNo'),
        ],
        { title: 'name' },
      ),
    ],
  },
  {
    id: 'G',
    children: [
      list(
        'drugs',
        [
          f('role', 'code'),
          f('name', 'drugName'),
          f('mpid', 'product'),
          f('phpid', 'termId'),
          list(
            'substances',
            [f('name', 'text'), f('termId', 'termId'), f('strength', 'quantity', { units: 'dose' })],
            { title: 'name' },
          ),
          f('obtainedInCountry', 'country'),
          f('blinded', 'yesNo'),
          f('authorisationNumber', 'text'),
          f('authorisationCountry', 'country'),
          f('holderName', 'text'),
          list(
            'dosages',
            [
              f('dose', 'quantity', { units: 'dose' }),
              f('frequency', 'quantity', { units: 'interval' }),
              f('startDate', 'date'),
              f('endDate', 'date'),
              f('duration', 'quantity', { units: 'duration' }),
              f('batchLot', 'text'),
              f('dosageText', 'longText'),
              f('doseFormText', 'text'),
              f('doseForm', 'edqmForm'),
              f('routeText', 'text'),
              f('route', 'edqmRoute'),
              f('parentRouteText', 'text'),
              f('parentRoute', 'edqmRoute'),
            ],
            { title: 'dosageText' },
          ),
          f('cumulativeDose', 'quantity', { units: 'dose' }),
          f('gestationAtExposure', 'quantity', { units: 'gestation' }),
          list('indications', [f('text', 'text'), f('term', 'meddra', { verbatim: 'text' })], {
            title: 'text',
          }),
          f('actionTaken', 'code'),
          f('additionalInformation', 'longText'),
        ],
        { ids: true, title: 'name' },
      ),
    ],
  },
  {
    id: 'H',
    children: [
      f('narrative', 'longText'),
      f('reporterComments', 'longText'),
      list('senderDiagnoses', [f('term', 'meddra')]),
      f('senderComments', 'longText'),
      list('nativeSummaries', [f('text', 'longText'), f('language', 'language')], { title: 'language' }),
    ],
  },
];

/**
 * A drug × reaction pair's facts (G.k.9.i): time to onset from the first and the last dose,
 * and whether the reaction recurred on readministration. Not a list of the drug in the view
 * (the causality section shows them with the pair's assessments); the case form draws them
 * for each reaction under each drug, making the pair's entry when a fact is first given.
 */
export const DRUG_REACTION: readonly FieldNode[] = [
  f('intervalFromStart', 'quantity', { units: 'duration' }),
  f('intervalFromLastDose', 'quantity', { units: 'duration' }),
  f('recurred', 'code'),
];

/**
 * Where the blocks do not draw a part of the document but a reader still meets it (the version
 * diff names each change by its place): the drug × reaction pairs of each drug, with their
 * causality assessments (G.k.9.i.2.r), keyed by the words' key of the item they lie in.
 */
export const DRAWN_ELSEWHERE: Readonly<Record<string, Node>> = {
  'G/drugs': list('reactionAssessments', [
    ...DRUG_REACTION,
    list('assessments', [f('source', 'text'), f('method', 'text'), f('result', 'text')]),
  ]),
};

/** `G.drugs.0.dosages.1.dose` → `G/drugs/dosages/dose`: the key of a place's words, whatever the item. */
export const labelKey = (path: string) =>
  path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('/');

/** `G.drugs.0.dosages.1.dose` → `G.drugs[].dosages[].dose`: the schema's name of a place (form-fields.ts). */
export const templateOf = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[]');
