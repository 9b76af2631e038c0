/**
 * Causality per drug × reaction (issue 24 §3, decision 0270): the WHO-UMC categories and the
 * Naranjo questionnaire, scored by one pure module that the server (which never trusts a
 * client's score) and the web app (which shows the score as the user answers) both use. What
 * an assessment writes into the case document is one G.k.9.i.2.r entry: source, method and
 * result as E2B(R3) free text, in English (the language of the message).
 */

/** A Naranjo answer: "do not know" is a real answer, worth 0 on every question. */
export const naranjoAnswers = ['yes', 'no', 'unknown'] as const;
export type NaranjoAnswer = (typeof naranjoAnswers)[number];

/**
 * The ten questions of the Naranjo adverse drug reaction probability scale (Naranjo CA et al.,
 * Clin Pharmacol Ther 1981;30:239–45), in the published order, each with its published weight
 * for yes, no and do not know. The words of each question are the web app's (English, French).
 */
export const naranjoQuestions = [
  { id: 'previousReports', yes: 1, no: 0, unknown: 0 },
  { id: 'appearedAfterDrug', yes: 2, no: -1, unknown: 0 },
  { id: 'improvedOnWithdrawal', yes: 1, no: 0, unknown: 0 },
  { id: 'reappearedOnReadministration', yes: 2, no: -1, unknown: 0 },
  { id: 'alternativeCauses', yes: -1, no: 2, unknown: 0 },
  { id: 'reactionToPlacebo', yes: -1, no: 1, unknown: 0 },
  { id: 'toxicConcentration', yes: 1, no: 0, unknown: 0 },
  { id: 'doseRelated', yes: 1, no: 0, unknown: 0 },
  { id: 'previousSimilarReaction', yes: 1, no: 0, unknown: 0 },
  { id: 'objectiveEvidence', yes: 1, no: 0, unknown: 0 },
] as const satisfies readonly ({ id: string } & Record<NaranjoAnswer, number>)[];

export type NaranjoQuestionId = (typeof naranjoQuestions)[number]['id'];
/** The answers of one questionnaire, by question; a question left out is not answered yet. */
export type NaranjoAnswers = Partial<Record<NaranjoQuestionId, NaranjoAnswer>>;

export const naranjoCategories = ['definite', 'probable', 'possible', 'doubtful'] as const;
export type NaranjoCategory = (typeof naranjoCategories)[number];

/** The published bands: definite ≥ 9, probable 5–8, possible 1–4, doubtful ≤ 0. */
export function naranjoCategory(score: number): NaranjoCategory {
  if (score >= 9) return 'definite';
  if (score >= 5) return 'probable';
  if (score >= 1) return 'possible';
  return 'doubtful';
}

export interface NaranjoScore {
  /** The sum of the weights of the questions answered so far. */
  score: number;
  category: NaranjoCategory;
  /** How many of the ten are answered; the score is final at 10. */
  answered: number;
  /** The questions not answered yet, in order. */
  unanswered: NaranjoQuestionId[];
}

/** The score and category of the answers given so far (unanswered questions count 0 until answered). */
export function scoreNaranjo(answers: NaranjoAnswers): NaranjoScore {
  let score = 0;
  const unanswered: NaranjoQuestionId[] = [];
  for (const question of naranjoQuestions) {
    const answer = answers[question.id];
    if (answer === undefined || !naranjoAnswers.includes(answer)) unanswered.push(question.id);
    else score += question[answer];
  }
  return { score, category: naranjoCategory(score), answered: 10 - unanswered.length, unanswered };
}

/** The WHO-UMC system for standardised case causality assessment, strongest first. */
export const whoUmcCategories = [
  'certain',
  'probable',
  'possible',
  'unlikely',
  'conditional',
  'unassessable',
] as const;
export type WhoUmcCategory = (typeof whoUmcCategories)[number];

export const causalityMethods = ['who-umc', 'naranjo'] as const;
export type CausalityMethod = (typeof causalityMethods)[number];

/**
 * Who made the assessment (G.k.9.i.2.r.1): the primary source, the organisation recording it
 * (written as its name), a regulatory authority, a company, or someone else named in words.
 */
export const causalitySources = ['reporter', 'organisation', 'regulator', 'company', 'other'] as const;
export type CausalitySource = (typeof causalitySources)[number];

/** The E2B(R3) texts (English, as the message carries them) of the fixed choices. */
export const causalityE2bText = {
  source: {
    reporter: 'Primary source reporter',
    regulator: 'Regulatory authority',
    company: 'Pharmaceutical company',
  },
  method: { 'who-umc': 'WHO-UMC', naranjo: 'Naranjo' },
  whoUmc: {
    certain: 'Certain',
    probable: 'Probable/Likely',
    possible: 'Possible',
    unlikely: 'Unlikely',
    conditional: 'Conditional/Unclassified',
    unassessable: 'Unassessable/Unclassifiable',
  },
  naranjo: { definite: 'Definite', probable: 'Probable', possible: 'Possible', doubtful: 'Doubtful' },
} as const satisfies {
  source: Record<Exclude<CausalitySource, 'organisation' | 'other'>, string>;
  method: Record<CausalityMethod, string>;
  whoUmc: Record<WhoUmcCategory, string>;
  naranjo: Record<NaranjoCategory, string>;
};

/** G.k.9.i.2.r.3 of a Naranjo assessment: the category with its score, e.g. "Probable (score 6)". */
export const naranjoResultText = (category: NaranjoCategory, score: number) =>
  `${causalityE2bText.naranjo[category]} (score ${score})`;

/** One G.k.9.i.2.r entry: source, method and result of assessment, as the case document holds them. */
export interface CausalityEntry {
  source?: string;
  method?: string;
  result?: string;
}

const sameEntry = (a: CausalityEntry, b: CausalityEntry) =>
  (a.source ?? '') === (b.source ?? '') &&
  (a.method ?? '') === (b.method ?? '') &&
  (a.result ?? '') === (b.result ?? '');

/**
 * Pairs the entries of one drug × reaction in the case document with the assessments recorded
 * in Vigilo (oldest first): each entry takes the first record not yet taken with the same
 * source, method and result. An entry without a record came from elsewhere (an imported
 * message, the case form); a record without an entry was taken out of the case since.
 */
export function matchEntries<R extends CausalityEntry>(
  entries: readonly CausalityEntry[],
  records: readonly R[],
): { entries: { entry: CausalityEntry; record: R | null }[]; notInCase: R[] } {
  const free = [...records];
  const matched = entries.map((entry) => {
    const at = free.findIndex((record) => sameEntry(entry, record));
    return { entry, record: at === -1 ? null : free.splice(at, 1)[0]! };
  });
  return { entries: matched, notInCase: free };
}
