import type { FormCondition, FormFieldInput, FormLayout, FormQuestion, FormSection } from '@vigilo/contract';

/**
 * The forms every platform starts with (decision 0069): an adverse drug reaction form in a
 * public and a professional variant, and a vaccine adverse event (AEFI) form. Each covers
 * the four minimum criteria of a valid report (ICH E2D, GVP VI: identifiable patient and
 * reporter, a suspect product, a reaction) and what assessors need next (seriousness,
 * outcome, dates, batch numbers, history). English and French.
 */

type T = { en: string; fr: string };
const t = (en: string, fr: string): T => ({ en, fr });
const q = (field: string, label: T, extra: Partial<FormQuestion> = {}): FormQuestion => ({
  field,
  label,
  ...extra,
});
const options = (...pairs: [string, T][]) => pairs.map(([value, label]) => ({ value, label }));
const section = (
  id: string,
  title: T,
  questions: FormQuestion[],
  extra: Partial<FormSection> = {},
): FormSection => ({
  id,
  title,
  ...extra,
  questions,
});

const SEX = options(['1', t('Male', 'Homme')], ['2', t('Female', 'Femme')]);
const OUTCOME = options(
  ['1', t('Recovered', 'Rétabli')],
  ['2', t('Recovering', 'En cours de rétablissement')],
  ['3', t('Not recovered', 'Non rétabli')],
  ['4', t('Recovered with lasting effects', 'Rétabli avec séquelles')],
  ['5', t('Died', 'Décès')],
  ['0', t('I don’t know', 'Je ne sais pas')],
);
const QUALIFICATION = options(
  ['1', t('Physician', 'Médecin')],
  ['2', t('Pharmacist', 'Pharmacien')],
  ['3', t('Other health professional', 'Autre professionnel de santé')],
  ['4', t('Lawyer', 'Avocat')],
  ['5', t('Patient or member of the public', 'Patient ou particulier')],
);
/** A health professional's professions: E2B's lawyer (C.2.r.4 = 4) and consumer are not among them. */
const HEALTH_QUALIFICATION = QUALIFICATION.slice(0, 3);
/** F.r.3.2's qualifier, for a result beyond what the test measures; none for an exact value. */
const QUALIFIER = options(
  ['<', t('Less than the value', 'Inférieur à la valeur')],
  ['<=', t('Less than or equal to the value', 'Inférieur ou égal à la valeur')],
  ['>', t('More than the value', 'Supérieur à la valeur')],
  ['>=', t('More than or equal to the value', 'Supérieur ou égal à la valeur')],
);
const ROLE = options(
  ['1', t('Suspected', 'Suspect')],
  ['2', t('Taken at the same time', 'Concomitant')],
  ['3', t('Interacting', 'Interaction')],
);
const ACTION = options(
  ['1', t('Stopped', 'Arrêté')],
  ['2', t('Dose reduced', 'Dose réduite')],
  ['3', t('Dose increased', 'Dose augmentée')],
  ['4', t('Dose not changed', 'Dose inchangée')],
  ['0', t('I don’t know', 'Je ne sais pas')],
  ['9', t('Not applicable', 'Sans objet')],
);
const AGE_GROUP = options(
  ['1', t('Newborn', 'Nouveau-né')],
  ['2', t('Infant', 'Nourrisson')],
  ['3', t('Child', 'Enfant')],
  ['4', t('Adolescent', 'Adolescent')],
  ['5', t('Adult', 'Adulte')],
  ['6', t('Older adult', 'Personne âgée')],
);

/** The answer that makes every criterion explicit (decision 0241): the criteria show once it is yes. */
const SERIOUS = q('E.reactions[].serious', t('Was it serious?', 'Était-il grave ?'), {
  help: t(
    'Serious means it caused death, put life in danger, needed a hospital stay, caused lasting disability or a birth defect, or was otherwise medically important.',
    'Grave signifie qu’il a entraîné le décès, mis la vie en danger, nécessité une hospitalisation, entraîné une incapacité durable ou une anomalie congénitale, ou était autrement médicalement important.',
  ),
});
/** The reaction coded in MedDRA (E.i.2.1): a picker for signed-in reporters, left to staff otherwise. */
const TERM = q('E.reactions[].term', t('Medical term (MedDRA)', 'Terme médical (MedDRA)'), {
  help: t(
    'If you know it. Otherwise leave it: our staff will code the reaction.',
    'Si vous le connaissez. Sinon laissez-le : nos équipes coderont l’effet.',
  ),
});
/** For the public forms: whether the reporter suspects the product (G.k.1). */
const publicRole = (what: T) =>
  q('G.drugs[].role', what, {
    options: options(
      ['1', t('Yes, I think it caused the reaction', 'Oui, je pense qu’il a causé l’effet')],
      ['2', t('No, it was taken at the same time', 'Non, il a été pris en même temps')],
    ),
  });

const SERIOUSNESS = [
  q('E.reactions[].resultsInDeath', t('Did it result in death?', 'A-t-il entraîné le décès ?')),
  q('E.reactions[].lifeThreatening', t('Was it life-threatening?', 'A-t-il mis la vie en danger ?')),
  q(
    'E.reactions[].hospitalisation',
    t('Did it need a hospital stay?', 'A-t-il nécessité une hospitalisation ?'),
  ),
  q(
    'E.reactions[].disabling',
    t('Did it cause lasting disability?', 'A-t-il entraîné une incapacité durable ?'),
  ),
  q('E.reactions[].congenitalAnomaly', t('Was it a birth defect?', 'S’agit-il d’une anomalie congénitale ?')),
  q(
    'E.reactions[].otherMedicallyImportant',
    t('Was it otherwise medically important?', 'Autre situation médicalement importante ?'),
  ),
];

/** Fields, each `required` where the form cannot do without it. */
const f = (path: string, required = false): FormFieldInput => (required ? { path, required } : { path });

const PATIENT_FIELDS = [
  f('D.name'),
  f('D.sex'),
  f('D.birthDate'),
  f('D.ageAtOnset'),
  f('D.ageGroup'),
  f('D.weightKg'),
  f('D.heightCm'),
  f('D.medicalHistoryText'),
  f('D.death.date'),
];
const REPORTER_FIELDS = [
  f('C.primarySources[].givenName'),
  f('C.primarySources[].familyName'),
  f('C.primarySources[].email'),
  f('C.primarySources[].telephone'),
  f('C.primarySources[].qualification'),
  f('C.primarySources[].organisation'),
  f('C.primarySources[].country'),
];
const REACTION_FIELDS = [
  f('E.reactions', true),
  f('E.reactions[].nativeTerm', true),
  f('E.reactions[].startDate'),
  f('E.reactions[].endDate'),
  f('E.reactions[].outcome'),
  f('E.reactions[].term'),
  f('E.reactions[].serious'),
  ...SERIOUSNESS.map((s) => f(s.field)),
];
const STORY_FIELDS = [f('H.narrative'), f('H.reporterComments')];

export const ADR_SCHEMA = {
  key: 'adr',
  name: 'Adverse drug reaction',
  description: 'A suspected side effect of a medicine (ICH E2B(R3) sections C, D, E, F, G, H).',
  reportType: 'adr' as const,
  fields: [
    ...REPORTER_FIELDS,
    ...PATIENT_FIELDS,
    ...REACTION_FIELDS,
    f('G.drugs', true),
    f('G.drugs[].name', true),
    f('G.drugs[].role'),
    f('G.drugs[].dosages[].dosageText'),
    f('G.drugs[].dosages[].routeText'),
    f('G.drugs[].dosages[].startDate'),
    f('G.drugs[].dosages[].endDate'),
    f('G.drugs[].dosages[].batchLot'),
    f('G.drugs[].indications[].text'),
    f('G.drugs[].actionTaken'),
    f('F.tests[].name'),
    f('F.tests[].date'),
    f('F.tests[].result.value'),
    f('F.tests[].result.unit'),
    f('F.tests[].result.qualifier'),
    f('F.tests[].normalLow'),
    f('F.tests[].normalHigh'),
    f('F.tests[].resultText'),
    ...STORY_FIELDS,
  ],
};

export const AEFI_SCHEMA = {
  key: 'aefi',
  name: 'Adverse event following immunisation',
  description: 'A suspected side effect of a vaccine (AEFI), with the vaccine, batch and vaccination date.',
  reportType: 'aefi' as const,
  fields: [
    ...REPORTER_FIELDS,
    ...PATIENT_FIELDS,
    ...REACTION_FIELDS,
    f('G.drugs', true),
    f('G.drugs[].name', true),
    f('G.drugs[].holderName'),
    f('G.drugs[].role'),
    f('G.drugs[].dosages[].batchLot', true),
    f('G.drugs[].dosages[].startDate', true),
    f('G.drugs[].dosages[].dosageText'),
    f('G.drugs[].dosages[].routeText'),
    f('F.tests[].name'),
    f('F.tests[].date'),
    f('F.tests[].resultText'),
    ...STORY_FIELDS,
  ],
};

const reporterSection = (professional: boolean) =>
  section('reporter', t('About you', 'Vous concernant'), [
    q('C.primarySources[].givenName', t('First name', 'Prénom')),
    q('C.primarySources[].familyName', t('Last name', 'Nom')),
    q('C.primarySources[].email', t('Email address', 'Adresse e-mail'), {
      help: t(
        'We use it only to ask you about this report.',
        'Nous l’utilisons seulement pour vous interroger sur ce signalement.',
      ),
    }),
    q('C.primarySources[].telephone', t('Telephone number', 'Numéro de téléphone')),
    q('C.primarySources[].qualification', t('What is your profession?', 'Quelle est votre profession ?'), {
      options: professional ? HEALTH_QUALIFICATION : QUALIFICATION,
      error: t('Select your profession', 'Sélectionnez votre profession'),
    }),
    ...(professional
      ? [
          q(
            'C.primarySources[].organisation',
            t('Hospital, practice or pharmacy', 'Établissement, cabinet ou pharmacie'),
          ),
        ]
      : []),
    q('C.primarySources[].country', t('Country', 'Pays')),
  ]);

const patientSection = section(
  'patient',
  t('The person who had the reaction', 'La personne qui a eu l’effet'),
  [
    q('D.name', t('Initials', 'Initiales'), { help: t('For example J.D.', 'Par exemple J.D.') }),
    q('D.sex', t('Sex', 'Sexe'), { options: SEX }),
    q('D.birthDate', t('Date of birth', 'Date de naissance'), {
      help: t('A year alone is enough.', 'L’année seule suffit.'),
    }),
    q('D.ageAtOnset', t('Age when the reaction started', 'Âge au début de l’effet')),
    q('D.ageGroup', t('Age group', 'Tranche d’âge'), { options: AGE_GROUP }),
    q('D.weightKg', t('Weight (kg)', 'Poids (kg)')),
    q('D.heightCm', t('Height (cm)', 'Taille (cm)')),
    q('D.medicalHistoryText', t('Other illnesses or allergies', 'Autres maladies ou allergies')),
  ],
);

const reactionSection = section(
  'reaction',
  t('The reaction', 'L’effet indésirable'),
  [
    q('E.reactions[].nativeTerm', t('What happened?', 'Que s’est-il passé ?'), {
      help: t('Describe the reaction in your own words.', 'Décrivez l’effet avec vos propres mots.'),
      error: t('Describe what happened', 'Décrivez ce qui s’est passé'),
    }),
    q('E.reactions[].startDate', t('When did it start?', 'Quand a-t-il commencé ?')),
    q('E.reactions[].outcome', t('How is the person now?', 'Comment va la personne maintenant ?'), {
      options: OUTCOME,
    }),
    q('E.reactions[].endDate', t('When did it stop?', 'Quand a-t-il cessé ?')),
    TERM,
    SERIOUS,
    ...SERIOUSNESS,
    q('D.death.date', t('Date of death', 'Date du décès'), {
      error: t('Enter the date of death', 'Saisissez la date du décès'),
    }),
  ],
  { repeat: 'E.reactions' },
);

const storySection = (professional: boolean) =>
  section('story', t('Anything else', 'Autres informations'), [
    q('H.narrative', t('Tell us anything else that may help', 'Dites-nous tout ce qui peut aider')),
    ...(professional ? [q('H.reporterComments', t('Your assessment', 'Votre évaluation'))] : []),
  ]);

const medicineSection = (professional: boolean) =>
  section(
    'medicine',
    t('The medicine', 'Le médicament'),
    [
      q('G.drugs[].name', t('Name of the medicine', 'Nom du médicament'), {
        help: t('As written on the box.', 'Tel qu’écrit sur la boîte.'),
        error: t('Enter the name of the medicine', 'Saisissez le nom du médicament'),
      }),
      professional
        ? q('G.drugs[].role', t('Role in the reaction', 'Rôle dans l’effet'), {
            options: ROLE,
            error: t(
              'Select the medicine’s role in the reaction',
              'Sélectionnez le rôle du médicament dans l’effet',
            ),
          })
        : publicRole(t('Do you think this medicine caused it?', 'Pensez-vous que ce médicament l’a causé ?')),
      q('G.drugs[].indications[].text', t('What was it taken for?', 'Pour quoi a-t-il été pris ?')),
      q('G.drugs[].dosages[].dosageText', t('Dose and how often', 'Dose et fréquence')),
      q('G.drugs[].dosages[].routeText', t('How was it taken?', 'Comment a-t-il été pris ?')),
      q('G.drugs[].dosages[].startDate', t('Started on', 'Commencé le')),
      q('G.drugs[].dosages[].endDate', t('Stopped on', 'Arrêté le')),
      q('G.drugs[].dosages[].batchLot', t('Batch number', 'Numéro de lot')),
      q('G.drugs[].actionTaken', t('What was done with the medicine?', 'Qu’a-t-on fait du médicament ?'), {
        options: ACTION,
        error: t('Select what was done with the medicine', 'Sélectionnez ce qu’on a fait du médicament'),
      }),
    ],
    { repeat: 'G.drugs' },
  );

/**
 * A professional's test results as E2B structures them (F.r.3 to F.r.5): the value with its
 * unit and, for a result beyond what the test measures, a qualifier; the normal range in the
 * result's unit; words for what is not a number.
 */
const testsSection = section(
  'tests',
  t('Tests', 'Examens'),
  [
    q('F.tests[].name', t('Test', 'Examen'), {
      error: t('Enter the name of the test', 'Saisissez le nom de l’examen'),
    }),
    q('F.tests[].date', t('Date', 'Date'), {
      error: t('Enter the date of the test', 'Saisissez la date de l’examen'),
    }),
    q('F.tests[].result.value', t('Result (a number)', 'Résultat (un nombre)'), {
      help: t('For example 7.2', 'Par exemple 7,2'),
      error: t('Enter the result as a number', 'Saisissez le résultat sous forme de nombre'),
    }),
    q('F.tests[].result.unit', t('Unit', 'Unité'), {
      help: t('For example mg/dL or 10*9/L', 'Par exemple mg/dL ou 10*9/L'),
    }),
    q(
      'F.tests[].result.qualifier',
      t('Is the true result beyond the value?', 'Le vrai résultat dépasse-t-il la valeur ?'),
      {
        help: t(
          'Only when the result is beyond what the test measures. Leave it for an exact value.',
          'Seulement si le résultat dépasse ce que l’examen mesure. Laissez vide pour une valeur exacte.',
        ),
        options: QUALIFIER,
      },
    ),
    q('F.tests[].normalLow', t('Lowest normal value', 'Valeur normale basse'), {
      help: t('In the unit of the result.', 'Dans l’unité du résultat.'),
    }),
    q('F.tests[].normalHigh', t('Highest normal value', 'Valeur normale haute'), {
      help: t('In the unit of the result.', 'Dans l’unité du résultat.'),
    }),
    q('F.tests[].resultText', t('Result in words', 'Résultat en mots'), {
      help: t(
        'When the result is not a number, or to add to it.',
        'Si le résultat n’est pas un nombre, ou pour le compléter.',
      ),
    }),
  ],
  { repeat: 'F.tests' },
);

/** Conditions every standard form shares. */
const COMMON_CONDITIONS: FormCondition[] = [
  // The criteria are asked of a serious reaction; unanswered they are false (decision 0241).
  { when: 'E.reactions[].serious == true', action: 'show', targets: SERIOUSNESS.map((c) => c.field) },
  { when: 'E.reactions[].outcome in ["1", "4"]', action: 'show', targets: ['E.reactions[].endDate'] },
  {
    when: 'E.reactions[].outcome == "5" or E.reactions[].resultsInDeath == true',
    action: 'show',
    targets: ['D.death.date'],
  },
  { when: 'E.reactions[].outcome == "5"', action: 'require', targets: ['D.death.date'] },
  // One way to say the age is enough: the age group only when neither birth date nor age is known.
  { when: 'answered(D.birthDate) or answered(D.ageAtOnset)', action: 'hide', targets: ['D.ageGroup'] },
];

const layout = (title: T, sections: FormSection[]): FormLayout => ({
  languages: ['en', 'fr'],
  title,
  description: t(
    'Tell us about a side effect. You do not need to be sure the medicine caused it.',
    'Signalez un effet indésirable. Vous n’avez pas besoin d’être sûr que le médicament en est la cause.',
  ),
  sections,
});

export const STANDARD_VIEWS: {
  key: string;
  schema: string;
  name: string;
  audience: 'public' | 'professional';
  layout: FormLayout;
  conditions: FormCondition[];
}[] = [
  {
    key: 'adr-public',
    schema: 'adr',
    name: 'Report a side effect (public)',
    audience: 'public' as const,
    layout: layout(t('Report a side effect of a medicine', 'Signaler un effet indésirable d’un médicament'), [
      reporterSection(false),
      patientSection,
      reactionSection,
      medicineSection(false),
      storySection(false),
    ]),
    conditions: COMMON_CONDITIONS,
  },
  {
    key: 'adr-professional',
    schema: 'adr',
    name: 'Adverse drug reaction (health professionals)',
    audience: 'professional' as const,
    layout: layout(t('Adverse drug reaction report', 'Déclaration d’effet indésirable médicamenteux'), [
      reporterSection(true),
      patientSection,
      reactionSection,
      medicineSection(true),
      testsSection,
      storySection(true),
    ]),
    conditions: [
      ...COMMON_CONDITIONS,
      // A professional says who they are and what their role is.
      { when: 'true', action: 'require', targets: ['C.primarySources[].qualification', 'G.drugs[].role'] },
      { when: 'G.drugs[].role in ["1", "3"]', action: 'require', targets: ['G.drugs[].actionTaken'] },
      // A unit, a qualifier or a normal value says there is a result: its number is needed.
      {
        when: 'answered(F.tests[].result.unit) or answered(F.tests[].result.qualifier)',
        action: 'require',
        targets: ['F.tests[].result.value'],
      },
    ],
  },
  {
    key: 'aefi',
    schema: 'aefi',
    name: 'Adverse event following immunisation',
    audience: 'public' as const,
    layout: layout(t('Report a side effect of a vaccine', 'Signaler un effet indésirable d’un vaccin'), [
      reporterSection(false),
      patientSection,
      reactionSection,
      section(
        'vaccine',
        t('The vaccine', 'Le vaccin'),
        [
          q('G.drugs[].name', t('Vaccine', 'Vaccin'), {
            error: t('Enter the name of the vaccine', 'Saisissez le nom du vaccin'),
          }),
          q('G.drugs[].holderName', t('Manufacturer', 'Fabricant')),
          publicRole(t('Do you think this vaccine caused it?', 'Pensez-vous que ce vaccin l’a causé ?')),
          q('G.drugs[].dosages[].batchLot', t('Batch number', 'Numéro de lot'), {
            help: t('On the vaccination card or record.', 'Sur le carnet ou la carte de vaccination.'),
            error: t('Enter the batch number', 'Saisissez le numéro de lot'),
          }),
          q('G.drugs[].dosages[].startDate', t('Date of vaccination', 'Date de la vaccination'), {
            error: t('Enter the date of vaccination', 'Saisissez la date de la vaccination'),
          }),
          q(
            'G.drugs[].dosages[].dosageText',
            t('Which dose (1st, 2nd, booster)?', 'Quelle dose (1re, 2e, rappel) ?'),
          ),
          q(
            'G.drugs[].dosages[].routeText',
            t('Where was it given (arm, thigh, mouth)?', 'Où a-t-il été administré (bras, cuisse, bouche) ?'),
          ),
        ],
        { repeat: 'G.drugs' },
      ),
      section(
        'tests',
        t('Tests', 'Examens'),
        [
          q('F.tests[].name', t('Test', 'Examen')),
          // E2B asks a test's date whenever it is named (F.r.1); "I don't know" is UNK.
          q('F.tests[].date', t('Date', 'Date')),
          q('F.tests[].resultText', t('Result', 'Résultat')),
        ],
        { repeat: 'F.tests' },
      ),
      storySection(false),
    ]),
    conditions: COMMON_CONDITIONS,
  },
];

export const STANDARD_SCHEMAS = [ADR_SCHEMA, AEFI_SCHEMA];
