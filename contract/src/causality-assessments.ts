import { type Static, type TSchema, Type } from 'typebox';
import { literals } from './case-document-fields.ts';
import {
  causalityMethods,
  causalitySources,
  type NaranjoQuestionId,
  naranjoAnswers,
  naranjoCategories,
  whoUmcCategories,
} from './causality.ts';
import { Id, Reason, Timestamp } from './common.ts';

/**
 * Causality assessments of a case (issue 24 §3, decision 0270): GET, POST
 * /v1/reports/{id}/causality and POST …/causality/{assessmentId}/withdraw. Each recorded one is
 * kept whole (the Naranjo answers, the comment, who and when) and written into the case
 * document as one G.k.9.i.2.r entry of its drug × reaction.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The local id of a drug (G.k) or reaction (E.i) of the case document. */
const LocalRef = Type.String({ minLength: 1, maxLength: 100 });

const answer = () => Type.Optional(literals(naranjoAnswers));
/**
 * One answer per question of the Naranjo scale, in its published order (causality.ts); a
 * question left out is "not answered", which the server names field by field.
 */
export const NaranjoAnswersBody = Type.Object(
  {
    previousReports: answer(),
    appearedAfterDrug: answer(),
    improvedOnWithdrawal: answer(),
    reappearedOnReadministration: answer(),
    alternativeCauses: answer(),
    reactionToPlacebo: answer(),
    toxicConcentration: answer(),
    doseRelated: answer(),
    previousSimilarReaction: answer(),
    objectiveEvidence: answer(),
  } satisfies Record<NaranjoQuestionId, unknown>,
  { additionalProperties: false },
);

export const CausalityAssessmentBody = Type.Object(
  {
    /** The drug (G.k `id`) and the reaction (E.i `id`) assessed. */
    drugId: LocalRef,
    reactionId: LocalRef,
    source: literals(causalitySources),
    /** Who assessed, in words (G.k.9.i.2.r.1): required when `source` is `other`. */
    sourceText: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    method: literals(causalityMethods),
    /** The WHO-UMC category (method `who-umc`). */
    whoUmc: Type.Optional(literals(whoUmcCategories)),
    /** The ten answers (method `naranjo`); the server computes the score and category. */
    naranjo: Type.Optional(NaranjoAnswersBody),
    /** Why, in the assessor's words; kept with the assessment (E2B has no place for it). */
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type CausalityAssessmentBody = Static<typeof CausalityAssessmentBody>;

export const CausalityParams = Type.Object({ id: Id, assessmentId: Id });

export const CausalityWithdrawBody = Type.Object({ reason: Reason }, { additionalProperties: false });

const Person = Nullable(Type.Object({ id: Id, name: Type.String() }));

export const CausalityAssessment = Type.Object({
  id: Id,
  reportId: Id,
  drugId: Type.String(),
  reactionId: Type.String(),
  source: literals(causalitySources),
  method: literals(causalityMethods),
  /** A WHO-UMC or Naranjo category, by method. */
  category: literals([...whoUmcCategories, ...naranjoCategories]),
  /** Naranjo: the total of the published weights of the answers; null for WHO-UMC. */
  score: Nullable(Type.Integer()),
  naranjo: Nullable(NaranjoAnswersBody),
  /** The G.k.9.i.2.r entry it wrote: E2B(R3) texts, in English. */
  entry: Type.Object({ source: Type.String(), method: Type.String(), result: Type.String() }),
  comment: Nullable(Type.String()),
  /** The version of the case the assessment wrote. */
  reportVersion: Type.Integer(),
  recordedBy: Person,
  recordedAt: Timestamp,
  /** Set once withdrawn: the entry is taken out of the case document (a new version). */
  withdrawn: Nullable(
    Type.Object({
      by: Person,
      at: Timestamp,
      reason: Type.String(),
      reportVersion: Nullable(Type.Integer()),
    }),
  ),
  /** Its entry is in the case's current version (a case form save may have taken it out). */
  inCase: Type.Boolean(),
});
export type CausalityAssessment = Static<typeof CausalityAssessment>;
