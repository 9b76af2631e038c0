import type { CaseDocument } from './case-document.ts';

/**
 * Seriousness as a message writes it (decision 0241), in the contract so the message, the case
 * view and the case form say the same thing of a criterion nobody ticked.
 */
type Reaction = NonNullable<NonNullable<CaseDocument['E']>['reactions']>[number];

/** The six criteria of E.i.3.2, in order a to f. */
export const SERIOUSNESS_CRITERIA = [
  'resultsInDeath',
  'lifeThreatening',
  'hospitalisation',
  'disabling',
  'congenitalAnomaly',
  'otherMedicallyImportant',
] as const;

export type SeriousnessCriterion = (typeof SERIOUSNESS_CRITERIA)[number];

const NI = { nullFlavor: 'NI' } as const;
const answered = (v: unknown) => v === true || v === false;

/**
 * E.i.3.2a–f written true or false once the reaction's seriousness is assessed: "Was it
 * serious?" answered, or any criterion answered. A criterion left unanswered is then false;
 * "I don't know" (NI) leaves the unanswered ones NI. Never assessed: left as it is.
 */
export function explicitSeriousness<R extends Reaction>(reaction: R): R {
  const asked = reaction.serious;
  const anyAnswered = SERIOUSNESS_CRITERIA.some((k) => answered(reaction[k]));
  if (asked === undefined && !anyAnswered) return reaction;
  // "I don't know" says nothing of the criteria left open, unless one of them is true.
  const unknown = typeof asked === 'object' && !SERIOUSNESS_CRITERIA.some((k) => reaction[k] === true);
  const out: R = { ...reaction };
  for (const k of SERIOUSNESS_CRITERIA) if (out[k] === undefined) out[k] = unknown ? { ...NI } : false;
  return out;
}

/** Serious (any criterion true), not serious (all six false), or not known. */
export function seriousnessOf(reactions: readonly Reaction[]): boolean | undefined {
  if (reactions.some((r) => SERIOUSNESS_CRITERIA.some((k) => r[k] === true))) return true;
  if (reactions.length > 0 && reactions.every((r) => SERIOUSNESS_CRITERIA.every((k) => r[k] === false)))
    return false;
  return undefined;
}
