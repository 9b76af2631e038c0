import {
  explicitSeriousness,
  SERIOUSNESS_CRITERIA,
  type SeriousnessCriterion,
} from '@vigilo/contract/seriousness';
import { getAt } from './paths.ts';

/**
 * What the message writes where it decides for the reader (decision 0241): a seriousness
 * criterion nobody answered is written false (or NI) once the reaction's seriousness is
 * assessed, so the view and the form say so instead of "Not given".
 */
type Reaction = Parameters<typeof explicitSeriousness>[0];
const isReaction = (v: unknown): v is Reaction => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The document with each reaction's criteria as the message writes them. */
export function asWritten(document: unknown): unknown {
  const reactions = getAt(document, 'E.reactions');
  if (!Array.isArray(reactions)) return document;
  const d = document as { E: Record<string, unknown> };
  return {
    ...d,
    E: { ...d.E, reactions: reactions.map((r) => (isReaction(r) ? explicitSeriousness(r) : r)) },
  };
}

const CRITERION = /^E\.reactions\.(\d+)\.(\w+)$/;

/** The value the message writes at `path` for a criterion left unanswered, or undefined. */
export function impliedCriterion(document: unknown, path: string): unknown {
  const match = CRITERION.exec(path);
  if (!match || !SERIOUSNESS_CRITERIA.includes(match[2] as SeriousnessCriterion)) return undefined;
  const reaction = getAt(document, `E.reactions.${match[1]}`);
  if (!isReaction(reaction) || reaction[match[2] as SeriousnessCriterion] !== undefined) return undefined;
  return explicitSeriousness(reaction)[match[2] as SeriousnessCriterion];
}
