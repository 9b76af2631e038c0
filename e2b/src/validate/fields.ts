import { CaseDocument } from '@vigilo/contract';

/**
 * Where each E2B data element lives in the case document, read from the schema's `e2b`
 * keywords: `C.1.6.1.r.1` → `C.documentsHeldBySender[].title`, `D.2.2a` →
 * `D.ageAtOnset.value`. `[]` marks a repeat.
 */
export const FIELD_PATHS: ReadonlyMap<string, string> = (() => {
  const out = new Map<string, string>();
  const walk = (schema: unknown, path: string) => {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as Record<string, unknown>;
    if (Array.isArray(s.anyOf)) for (const alt of s.anyOf) walk(alt, path);
    if (typeof s.e2b === 'string' && s.type !== 'object' && s.type !== 'array' && !out.has(s.e2b))
      out.set(s.e2b, path);
    if (s.type === 'array') {
      if (typeof s.e2b === 'string' && !out.has(s.e2b)) out.set(s.e2b, path);
      walk(s.items, `${path}[]`);
    }
    if (s.type === 'object' && s.properties) {
      for (const [k, v] of Object.entries(s.properties as Record<string, unknown>))
        walk(v, path ? `${path}.${k}` : k);
    }
  };
  walk(CaseDocument, '');
  // N.1 and N.2.r: the batch and message headers, which validation sees under `N`.
  const headers: Record<string, string> = {
    'N.1.1': 'messageType',
    'N.1.2': 'batchNumber',
    'N.1.3': 'batchSender',
    'N.1.4': 'batchReceiver',
    'N.1.5': 'transmissionTime',
    'N.2.r.1': 'messageId',
    'N.2.r.2': 'messageSender',
    'N.2.r.3': 'messageReceiver',
    'N.2.r.4': 'messageCreationTime',
  };
  for (const [id, field] of Object.entries(headers)) out.set(id, `N.${field}`);
  return out;
})();

/** One occurrence of a field: its concrete path (`G.drugs[1].dosages[0].dose.unit`) and value. */
export interface Occurrence {
  path: string;
  value: unknown;
}

/** Every occurrence of `template` under `root` (missing values included, as undefined). */
export function occurrences(root: unknown, template: string, base = ''): Occurrence[] {
  const parts = template.split('.');
  let found: Occurrence[] = [{ path: base, value: root }];
  for (const part of parts) {
    const repeat = part.endsWith('[]');
    const key = repeat ? part.slice(0, -2) : part;
    const next: Occurrence[] = [];
    for (const { path, value } of found) {
      const child = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      const childPath = path ? `${path}.${key}` : key;
      if (!repeat) next.push({ path: childPath, value: child });
      else if (Array.isArray(child))
        child.forEach((item, i) => {
          next.push({ path: `${childPath}[${i}]`, value: item });
        });
    }
    found = next;
  }
  return found;
}

/** The longest repeat prefix two templates share (`G.drugs[]` for two dosage fields). */
export function sharedScope(a: string, b: string): string {
  const pa = a.split('.');
  const pb = b.split('.');
  let scope: string[] = [];
  for (let i = 0; i < Math.min(pa.length, pb.length) && pa[i] === pb[i]; i++) {
    if (pa[i]!.endsWith('[]')) scope = pa.slice(0, i + 1);
  }
  return scope.join('.');
}

export const present = (v: unknown) => v !== undefined && v !== null && v !== '';
export const isNullFlavour = (v: unknown): v is { nullFlavor: string } =>
  typeof v === 'object' && v !== null && 'nullFlavor' in v;
