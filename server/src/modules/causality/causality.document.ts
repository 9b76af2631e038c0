import type { CausalityEntry } from '@vigilo/contract';

/**
 * The G.k.9.i matrix of a case document (G.drugs[k].reactionAssessments[i]): where a drug ×
 * reaction's G.k.9.i.2.r entries live, and the document with one entry added or taken out.
 * Pure: the service reads the document under the case's lock and writes the result as a new
 * version. Everything else in the document stays as it was.
 */

type Doc = Record<string, unknown>;
interface Pair {
  reactionId?: unknown;
  assessments?: CausalityEntry[];
  [key: string]: unknown;
}
interface Drug {
  id?: unknown;
  reactionAssessments?: Pair[];
  [key: string]: unknown;
}

const drugsOf = (doc: Doc) => ((doc.G as { drugs?: Drug[] } | undefined)?.drugs ?? []).filter(Boolean);
const reactionsOf = (doc: Doc) =>
  ((doc.E as { reactions?: { id?: unknown }[] } | undefined)?.reactions ?? []).filter(Boolean);

/** Which of the two ids the document does not hold (none: both are there). */
export function missingOfPair(doc: Doc, drugId: string, reactionId: string): ('drugId' | 'reactionId')[] {
  return [
    ...(drugsOf(doc).some((d) => d.id === drugId) ? [] : (['drugId'] as const)),
    ...(reactionsOf(doc).some((r) => r.id === reactionId) ? [] : (['reactionId'] as const)),
  ];
}

/** The G.k.9.i.2.r entries of one drug × reaction, in document order. */
export function entriesOf(doc: Doc, drugId: string, reactionId: string): CausalityEntry[] {
  const drug = drugsOf(doc).find((d) => d.id === drugId);
  return (drug?.reactionAssessments ?? [])
    .filter((p) => p?.reactionId === reactionId)
    .flatMap((p) => p.assessments ?? []);
}

/** The document with `entry` added at the end of the pair's entries (the pair made when absent). */
export function withEntry(
  doc: Doc,
  drugId: string,
  reactionId: string,
  entry: Required<CausalityEntry>,
): Doc {
  const next = structuredClone(doc);
  const drug = drugsOf(next).find((d) => d.id === drugId);
  if (!drug) throw new Error(`no drug ${drugId}`);
  drug.reactionAssessments ??= [];
  let pair = drug.reactionAssessments.find((p) => p?.reactionId === reactionId);
  if (!pair) {
    pair = { reactionId };
    drug.reactionAssessments.push(pair);
  }
  pair.assessments = [...(pair.assessments ?? []), { ...entry }];
  return next;
}

const same = (a: CausalityEntry, b: CausalityEntry) =>
  a.source === b.source && a.method === b.method && a.result === b.result;

/**
 * The document without the pair's last entry equal to `entry` (identical entries are
 * interchangeable), or null when the pair holds no such entry. An emptied list goes, and so
 * does a pair left with nothing but its reaction id: E2B lists hold at least one item.
 */
export function withoutEntry(
  doc: Doc,
  drugId: string,
  reactionId: string,
  entry: CausalityEntry,
): Doc | null {
  const next = structuredClone(doc);
  const drug = drugsOf(next).find((d) => d.id === drugId);
  const pairs = drug?.reactionAssessments ?? [];
  for (let p = pairs.length - 1; p >= 0; p--) {
    const pair = pairs[p];
    if (pair?.reactionId !== reactionId || !pair.assessments) continue;
    const at = pair.assessments.findLastIndex((e) => same(e, entry));
    if (at === -1) continue;
    pair.assessments.splice(at, 1);
    if (pair.assessments.length === 0) delete pair.assessments;
    if (Object.keys(pair).every((key) => key === 'reactionId')) pairs.splice(p, 1);
    if (drug && pairs.length === 0) delete drug.reactionAssessments;
    return next;
  }
  return null;
}
