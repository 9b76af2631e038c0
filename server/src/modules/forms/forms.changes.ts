import type { FormChange, FormVersionDefinition } from '@vigilo/contract';

/**
 * What changed between two published versions, as paths in the definition. Sections,
 * questions and fields are matched by their id or field path, not by position, so moving a
 * question reads as a change of order, not as every later question changing.
 */
export function formChanges(
  before: FormVersionDefinition | undefined,
  after: FormVersionDefinition,
): FormChange[] {
  if (!before) return [];
  return diff(keyed(before), keyed(after), '');
}

/** Lists of things with an identity become objects keyed by it. */
function keyed(value: unknown): unknown {
  if (Array.isArray(value)) {
    const identity = (item: unknown) => {
      if (item === null || typeof item !== 'object') return undefined;
      const o = item as Record<string, unknown>;
      return typeof o.id === 'string'
        ? o.id
        : typeof o.path === 'string'
          ? o.path
          : typeof o.field === 'string'
            ? o.field
            : undefined;
    };
    const ids = value.map(identity);
    if (value.length > 0 && ids.every((id) => id !== undefined) && new Set(ids).size === ids.length) {
      return {
        ...Object.fromEntries(value.map((item, i) => [ids[i], keyed(item)])),
        '(order)': ids.join('|'),
      };
    }
    return JSON.stringify(value);
  }
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keyed(v)]));
  return value;
}

function diff(a: unknown, b: unknown, path: string): FormChange[] {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => {
      const at = path ? `${path}.${key}` : key;
      if (!(key in a)) return [{ path: at, change: 'added' as const }];
      if (!(key in b)) return [{ path: at, change: 'removed' as const }];
      return diff(a[key], b[key], at);
    });
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path, change: 'changed' as const }];
}
