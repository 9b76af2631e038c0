import { FIELD_PATHS } from '../src/validate/fields.ts';

export type Values = Record<string, unknown>;

/** Sets (or with `undefined`, removes) the field holding data element `id`, in the first repeat. */
export function put(doc: Values, id: string, value: unknown) {
  const path = FIELD_PATHS.get(id);
  if (!path) throw new Error(`no field holds ${id}`);
  const parts = path.split('.');
  let cur: Values = doc;
  parts.forEach((part, i) => {
    const repeat = part.endsWith('[]');
    const key = repeat ? part.slice(0, -2) : part;
    const last = i === parts.length - 1;
    if (last && !repeat) {
      if (value === undefined) delete cur[key];
      else cur[key] = value;
      return;
    }
    if (repeat && last) {
      cur[key] = value === undefined ? undefined : [value];
      return;
    }
    if (repeat) {
      if (!Array.isArray(cur[key])) cur[key] = [];
      const list = cur[key] as Values[];
      if (!list[0]) list[0] = {};
      cur = list[0];
    } else {
      if (!cur[key]) cur[key] = {};
      cur = cur[key] as Values;
    }
  });
}
