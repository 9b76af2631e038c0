/**
 * Reading and writing the case document a form fills in, by field path and item: the path
 * `E.reactions[].nativeTerm` at items [1] is the pointer `E/reactions/1/nativeTerm` (the
 * form-validation findings' `field`). Writes copy what they change and never mutate.
 */

export type Answers = Record<string, unknown>;

/** The pointer of a field at the given items (a missing item index reads as 0). */
export function pointerOf(path: string, items: readonly number[] = []): string {
  let index = 0;
  const parts: string[] = [];
  for (const part of path.split('.')) {
    if (part.endsWith('[]')) {
      parts.push(part.slice(0, -2), String(items[index] ?? 0));
      index++;
    } else parts.push(part);
  }
  return parts.join('/');
}

/** The field path of a pointer: `E/reactions/1/nativeTerm` → `E.reactions[].nativeTerm`. */
export function pathOf(pointer: string): { path: string; items: number[] } {
  const parts: string[] = [];
  const items: number[] = [];
  for (const part of pointer.split('/')) {
    if (/^\d+$/.test(part) && parts.length > 0) {
      parts[parts.length - 1] += '[]';
      items.push(Number(part));
    } else parts.push(part);
  }
  return { path: parts.join('.'), items };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value at a pointer, or undefined. */
export function readAt(answers: unknown, pointer: string): unknown {
  let current: unknown = answers;
  for (const part of pointer.split('/')) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isObject(current) && Object.hasOwn(current, part)) current = current[part];
    else return undefined;
  }
  return current;
}

/** A copy of `answers` with `value` at the pointer (undefined removes it); lists grow as needed. */
export function writeAt(answers: Answers, pointer: string, value: unknown): Answers {
  const parts = pointer.split('/');
  const write = (node: unknown, at: number): unknown => {
    const part = parts[at]!;
    const last = at === parts.length - 1;
    const numeric = /^\d+$/.test(part);
    if (numeric) {
      const list = Array.isArray(node) ? [...node] : [];
      const index = Number(part);
      while (list.length < index) list.push({});
      list[index] = last ? value : write(list[index], at + 1);
      return list;
    }
    const object = isObject(node) ? { ...node } : {};
    const next = last ? value : write(object[part], at + 1);
    if (next === undefined) delete object[part];
    else object[part] = next;
    return object;
  };
  return write(answers, 0) as Answers;
}

/** How many items a repeating block has (a block with none is shown as one empty item). */
export function itemCount(answers: unknown, listPath: string, items: readonly number[] = []): number {
  const list = readAt(answers, pointerOf(listPath.endsWith('[]') ? listPath.slice(0, -2) : listPath, items));
  return Array.isArray(list) ? list.length : 0;
}

/** A copy with the item removed from the list at `listPointer`. */
export function removeItem(answers: Answers, listPointer: string, index: number): Answers {
  const list = readAt(answers, listPointer);
  if (!Array.isArray(list)) return answers;
  return writeAt(
    answers,
    listPointer,
    list.filter((_, i) => i !== index),
  );
}

export const isNullFlavour = (value: unknown): value is { nullFlavor: string } =>
  isObject(value) && typeof value.nullFlavor === 'string';

/**
 * The null flavour offered as "I don't know" where E2B allows one (decision 0121): unknown,
 * else asked but unknown, else not asked, else no information. Masked (MSK) is the sender's
 * choice to withhold, never offered to a reporter.
 */
export function unknownFlavour(allowed: readonly string[]): string | undefined {
  return ['UNK', 'ASKU', 'NASK', 'NI'].find((code) => allowed.includes(code));
}
