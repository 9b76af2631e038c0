import { mergeMine, staleDifferences } from '../../../lib/stale-write.ts';
import { BLOCKS } from '../case-document/blocks.ts';
import { setAt } from '../case-document/paths.ts';
import { fieldAt, fieldsOf, placeOf } from '../case-document/places.ts';
import { useCaseWords } from '../case-document/words.ts';

/**
 * The stale-write notice (412, decision 0049) compares resources field by field. A case
 * document is compared as its fields (`D.sex`, `E.reactions.0.term`, a quantity whole), the
 * places the blocks describe, so the notice names them as the form does.
 */
export type Flat = Record<string, unknown>;

/** The document's fields by place; what is not in a block (`schemaVersion`) kept under its key. */
export function flatten(doc: Record<string, unknown>): Flat {
  const flat: Flat = {};
  for (const [key, value] of Object.entries(doc ?? {})) {
    if (BLOCKS.some((b) => b.id === key)) for (const [p, v] of fieldsOf(key, value)) flat[p] = v;
    else flat[key] = value;
  }
  return flat;
}

/** The document the fields make. */
export function unflatten(flat: Flat): Record<string, unknown> {
  let doc: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) if (value !== undefined) doc = setAt(doc, path, value);
  return doc;
}

/** Every place of the three, so a field only one of them has is compared too. */
function aligned(base: Flat, theirs: Flat, mine: Flat): [Flat, Flat, Flat] {
  const keys = new Set([...Object.keys(base), ...Object.keys(theirs), ...Object.keys(mine)]);
  const fill = (flat: Flat) => Object.fromEntries([...keys].map((k) => [k, flat[k]]));
  return [fill(base), fill(theirs), fill(mine)];
}

/** "Keep mine": the user's edits over the stored version; a field the user left alone takes theirs. */
export function leavesMerged(base: Flat, theirs: Flat, mine: Flat): Record<string, unknown> {
  const [b, th, m] = aligned(base, theirs, mine);
  return unflatten(mergeMine(b, th, m));
}

/** Labels and values of the notice's rows, in the case document's words. */
export function useStaleLabels() {
  const words = useCaseWords();
  const label = (path: string) => {
    const place = placeOf(path);
    if (!place.node) return path;
    const within = words.trail(place.trail);
    const block = words.t(`caseDoc.blocks.${path[0]}`);
    return [block, within, words.label(path)].filter(Boolean).join(' › ');
  };
  const format = (path: string, value: unknown) => {
    const node = fieldAt(path);
    const plain = node ? words.plain(node, value) : null;
    return plain ?? (typeof value === 'object' ? JSON.stringify(value) : String(value));
  };
  const differences = (base: unknown, theirs: unknown, mine: unknown) => {
    const flats = [base, theirs, mine].map((d) => flatten(d as Record<string, unknown>)) as [
      Flat,
      Flat,
      Flat,
    ];
    const [b, th, m] = aligned(...flats);
    return staleDifferences(b, th, m);
  };
  return { label, format, differences };
}
