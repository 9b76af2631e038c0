import { BLOCKS, type Block, DRAWN_ELSEWHERE, type FieldNode, labelKey, type Node } from './blocks.ts';
import { isEmpty, join } from './paths.ts';

/** One step from the document down to a place: a block, a group, a list or one item of it. */
export type Step =
  | { kind: 'block'; id: Block['id'] }
  | { kind: 'group'; key: string }
  | { kind: 'item'; key: string; index: number };

/** A concrete place (`G.drugs.0.dosages.1.dose.unit`) read against the blocks' description. */
export interface Place {
  /** The containers on the way (block, groups, items), each named by its words' key. */
  trail: Step[];
  /** The node the place is, or lies under. */
  node: Node | Block | undefined;
  /** What lies below a field: `['unit']` for a dose's unit, `['nullFlavor']`, `['code']`. */
  part: string[];
}

const blockOf = (id: string) => BLOCKS.find((b) => b.id === id);

/** Where `path` sits in the blocks; `node` undefined when the description does not name it (FDA elements). */
export function placeOf(path: string): Place {
  const parts = path.split('.');
  const block = blockOf(parts[0] ?? '');
  if (!block) return { trail: [], node: undefined, part: parts };
  const trail: Step[] = [{ kind: 'block', id: block.id }];
  let children: readonly Node[] = block.children;
  let node: Node | Block = block;
  let base: string = block.id;
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    if ('kind' in node && node.kind === 'field') return { trail, node, part: parts.slice(i) };
    const elsewhere = DRAWN_ELSEWHERE[labelKey(base)];
    const child = children.find((c) => c.key === part) ?? (elsewhere?.key === part ? elsewhere : undefined);
    if (!child) return { trail, node: undefined, part: parts.slice(i) };
    base = join(base, part);
    if (child.kind === 'list' && /^\d+$/.test(parts[i + 1] ?? '')) {
      trail.push({ kind: 'item', key: labelKey(base), index: Number(parts[i + 1]) });
      base = join(base, parts[i + 1]!);
      i++;
    } else if (child.kind === 'group') trail.push({ kind: 'group', key: labelKey(base) });
    node = child;
    children = child.kind === 'field' ? [] : child.children;
  }
  return { trail, node, part: [] };
}

/**
 * A value split into the fields the description names (`D.ageAtOnset` whole, a reaction's
 * fields one by one), and what it does not name into its leaves: the rows of a version diff.
 */
export function fieldsOf(path: string, value: unknown): [string, unknown][] {
  if (isEmpty(value) && value !== '') return [];
  const { node, part } = placeOf(path);
  if ((node && 'kind' in node && node.kind === 'field') || part.length > 0 || node === undefined)
    return node === undefined ? leavesOf(path, value) : [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => fieldsOf(join(path, i), item));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => fieldsOf(join(path, k), v));
  return [[path, value]];
}

function leavesOf(path: string, value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leavesOf(join(path, i), item));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => leavesOf(join(path, k), v));
  return [[path, value]];
}

/** The field node at `path`, if the description names one there. */
export function fieldAt(path: string): FieldNode | undefined {
  const { node, part } = placeOf(path);
  return node && 'kind' in node && node.kind === 'field' && part.length === 0 ? node : undefined;
}
