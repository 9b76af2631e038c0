import { CaseDocument, COUNTRY, LANGUAGE, NULL_FLAVOURS } from '@vigilo/contract';

/**
 * What an import writes otherwise than the message, because the message wrote an obvious code
 * in the wrong case (issue 26, item 5): a country `eu` is `EU` (ISO 3166 codes are upper case),
 * a language `FRA` is `fra` (ISO 639-2 codes lower case), a null flavour `unk` is `UNK`. Each
 * change is said, with the value received.
 */
export interface Normalised {
  /** Where the case document holds it, e.g. `E.reactions[0].country`. */
  casePath: string;
  /** Its E2B data element, when the schema names one. */
  dataElement?: string;
  received: string;
  stored: string;
}

type Schema = {
  type?: string;
  anyOf?: Schema[];
  pattern?: string;
  e2b?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
};

const FLAVOURS = new Set<string>(NULL_FLAVOURS);
const IS_COUNTRY = new RegExp(COUNTRY);
const IS_LANGUAGE = new RegExp(LANGUAGE);

const eachOf = (schema: Schema): Schema[] => (schema.anyOf ? schema.anyOf.flatMap(eachOf) : [schema]);
/** The schema and every branch of its unions, nested ones too (an id may sit on a union). */
const withBranches = (schema: Schema): Schema[] => [schema, ...(schema.anyOf ?? []).flatMap(withBranches)];
const idOf = (schema: Schema) => withBranches(schema).find((s) => s.e2b)?.e2b;

/** A schema node read once: what its unions allow, for walking documents fast. */
interface Node {
  id?: string;
  code?: 'country' | 'language';
  items?: Schema;
  properties: Map<string, Schema>;
}
const nodes = new WeakMap<Schema, Node>();
function nodeOf(schema: Schema): Node {
  let node = nodes.get(schema);
  if (node) return node;
  const leaves = eachOf(schema);
  const properties = new Map<string, Schema>();
  for (const leaf of leaves)
    for (const [k, v] of Object.entries(leaf.properties ?? {})) if (!properties.has(k)) properties.set(k, v);
  node = {
    id: idOf(schema),
    code: leaves.some((l) => l.pattern === COUNTRY)
      ? 'country'
      : leaves.some((l) => l.pattern === LANGUAGE)
        ? 'language'
        : undefined,
    items: leaves.find((l) => l.type === 'array')?.items,
    properties,
  };
  nodes.set(schema, node);
  return node;
}

/** Upper-cases a country, lower-cases a language, where that makes the value fit. */
function fix(node: Node, value: string): string | undefined {
  if (node.code === 'country' && IS_COUNTRY.test(value.toUpperCase())) return value.toUpperCase();
  if (node.code === 'language' && IS_LANGUAGE.test(value.toLowerCase())) return value.toLowerCase();
  return undefined;
}

/** The value with its codes fixed; objects and lists are fixed in place (the import owns them). */
function walk(
  value: unknown,
  schema: Schema,
  path: string,
  e2b: string | undefined,
  out: Normalised[],
): unknown {
  const node = nodeOf(schema);
  const id = node.id ?? e2b;
  if (typeof value === 'string') {
    const fixed = node.code ? fix(node, value) : undefined;
    if (fixed === undefined || fixed === value) return value;
    out.push({ casePath: path, ...(id ? { dataElement: id } : {}), received: value, stored: fixed });
    return fixed;
  }
  if (Array.isArray(value)) {
    const items = node.items;
    if (items)
      for (let i = 0; i < value.length; i++) value[i] = walk(value[i], items, `${path}[${i}]`, id, out);
    return value;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const flavour = record.nullFlavor;
    if (typeof flavour === 'string' && Object.keys(record).length === 1) {
      const upper = flavour.toUpperCase();
      if (upper !== flavour && FLAVOURS.has(upper)) {
        out.push({ casePath: path, ...(id ? { dataElement: id } : {}), received: flavour, stored: upper });
        record.nullFlavor = upper;
      }
      return record;
    }
    for (const k of Object.keys(record)) {
      const child = node.properties.get(k);
      if (child) record[k] = walk(record[k], child, path ? `${path}.${k}` : k, undefined, out);
    }
    return record;
  }
  return value;
}

/** The document with its obvious codes in their case (changed in place), and what was changed. */
export function normaliseCodes(document: CaseDocument): { document: CaseDocument; normalised: Normalised[] } {
  const normalised: Normalised[] = [];
  const fixed = walk(document, CaseDocument as unknown as Schema, '', undefined, normalised) as CaseDocument;
  return { document: fixed, normalised };
}

/**
 * The E2B data element of a place in the case document (`C.primarySources[0].country` →
 * `C.2.r.3`), from the schema's `e2b` keywords; undefined where none is named.
 */
export function dataElementAt(casePath: string): string | undefined {
  let schemas: Schema[] = [CaseDocument as unknown as Schema];
  for (const part of casePath.split(/\.|(?=\[)/).filter(Boolean)) {
    const options = schemas.flatMap(eachOf);
    schemas = part.startsWith('[')
      ? options.flatMap((s) => (s.items ? [s.items] : []))
      : options.flatMap((s) => (s.properties?.[part] ? [s.properties[part]] : []));
    if (schemas.length === 0) return undefined;
  }
  return schemas.map(idOf).find(Boolean);
}
