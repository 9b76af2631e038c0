/**
 * Places in a case document named by dotted paths with item numbers (`G.drugs.0.dosages.1.dose`,
 * the form the `#field-…` anchors use): reading, writing without changing the original, and
 * listing the leaves of two versions to compare.
 */

type Json = unknown;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `G.drugs[0].dosages[0].dose.unit` (a finding's `casePath`) → `G.drugs.0.dosages.0.dose.unit`. */
export const dotted = (path: string) => path.replace(/\[(\d+)\]/g, '.$1');

export const join = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key));

/** The value at `path`, or undefined. */
export function getAt(doc: Json, path: string): Json {
  let value = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(value)) value = value[Number(part)];
    else if (isObject(value)) value = value[part];
    else return undefined;
  }
  return value;
}

/** Nothing worth keeping: undefined, an empty string, an empty object or list. */
export const isEmpty = (value: Json): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isObject(value) && Object.keys(value).length === 0);

/**
 * The document with `value` at `path`, every object and list on the way copied, the others
 * shared (so parts that did not change keep their identity). An empty value removes the key,
 * and an object it leaves empty goes too (the case document refuses empty strings and lists:
 * "not given" is an absent key). Items of a list are kept even when empty: someone added them.
 */
export function setAt<T>(doc: T, path: string, value: Json): T {
  return write(doc, path.split('.'), value) as T;
}

function write(node: Json, parts: string[], value: Json): Json {
  const [head, ...rest] = parts as [string, ...string[]];
  const child = rest.length === 0 ? value : write(getAt(node, head), rest, value);
  if (Array.isArray(node) || (node === undefined && /^\d+$/.test(head))) {
    const copy = Array.isArray(node) ? [...node] : [];
    copy[Number(head)] = child === undefined ? {} : child;
    return copy;
  }
  const copy: Record<string, unknown> = isObject(node) ? { ...node } : {};
  if (isEmpty(child)) delete copy[head];
  else copy[head] = child;
  return copy;
}

/** The list at `path` with `item` added at its end. */
export const appendAt = <T>(doc: T, path: string, item: Json): T => {
  const current = getAt(doc, path);
  return setAt(doc, path, [...(Array.isArray(current) ? current : []), item]);
};

/** The list at `path` without its item `index` (the list goes when it is left empty). */
export const removeAt = <T>(doc: T, path: string, index: number): T => {
  const current = getAt(doc, path);
  if (!Array.isArray(current)) return doc;
  return setAt(
    doc,
    path,
    current.filter((_, i) => i !== index),
  );
};

/** The list at `path` with its item `from` moved to `to`. */
export const moveAt = <T>(doc: T, path: string, from: number, to: number): T => {
  const current = getAt(doc, path);
  if (!Array.isArray(current) || to < 0 || to >= current.length || from === to) return doc;
  const next = [...current];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return setAt(doc, path, next);
};

/**
 * Every leaf of a document with its path (`D.ageAtOnset.value`, `E.reactions.0.term.code`,
 * `D.sex.nullFlavor`), so that a whole reaction added reads as its fields, one by one.
 */
export function leaves(value: Json, path = ''): [string, Json][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, join(path, i)));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => leaves(v, join(path, k)));
  return path ? [[path, value]] : [];
}
