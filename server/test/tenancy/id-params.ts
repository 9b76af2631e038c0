/**
 * The ids a caller names outside the path: every query parameter and request-body property
 * of the OpenAPI document whose name says it is an id (`…Id`, `…Ids`, `id`, `ids`) or whose
 * schema is a uuid (or a list of them, or a pattern that takes one). Read from the document the server serves, so a new
 * route's ids are listed without anyone remembering them (tenancy-ids.test.ts).
 */
export interface IdParam {
  /** `METHOD /path`, as in docs/permissions.csv. */
  operation: string;
  in: 'query' | 'body';
  /** The property's place: `organisationId`, or `memberships[].organisationId` inside a list. */
  name: string;
  /** A list of ids rather than one. */
  list: boolean;
}

type Schema = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema> };
}

const idName = /(^id|Id)s?$/;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function resolve(doc: Doc, s: unknown): Schema {
  let schema = (s ?? {}) as Schema;
  for (let i = 0; typeof schema.$ref === 'string' && i < 10; i++) {
    const name = (schema.$ref as string).split('/').pop()!;
    schema = doc.components?.schemas?.[name] ?? {};
  }
  return schema;
}

/** The schemas a value may take: the schema itself and its allOf/anyOf/oneOf branches. */
function branches(doc: Doc, s: unknown): Schema[] {
  const schema = resolve(doc, s);
  const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (schema[k] as unknown[] | undefined) ?? []);
  return [schema, ...parts.flatMap((p) => branches(doc, p))];
}

/** A uuid, or a text whose pattern takes one (`@me|none|<uuid>`, a comma-separated list). */
const isUuid = (doc: Doc, s: unknown) =>
  branches(doc, s).some((b) => b.format === 'uuid' || String(b.pattern ?? '').includes('{36}'));
const isList = (doc: Doc, s: unknown) => branches(doc, s).some((b) => b.type === 'array');
const itemsOf = (doc: Doc, s: unknown) =>
  branches(doc, s).flatMap((b) => (b.type === 'array' && b.items ? [b.items] : []));

function idLike(doc: Doc, name: string, s: unknown): boolean {
  return idName.test(name) || isUuid(doc, s) || itemsOf(doc, s).some((i) => isUuid(doc, i));
}

/** Every id-like property of a body schema, nested objects and lists of objects included. */
function bodyIds(doc: Doc, s: unknown, prefix: string, depth: number, out: Map<string, boolean>) {
  if (depth > 6) return;
  for (const b of branches(doc, s)) {
    const props = (b.properties ?? {}) as Record<string, unknown>;
    for (const [name, prop] of Object.entries(props)) {
      const place = `${prefix}${name}`;
      if (idLike(doc, name, prop)) out.set(place, isList(doc, prop));
      bodyIds(doc, prop, `${place}.`, depth + 1, out);
      for (const item of itemsOf(doc, prop)) bodyIds(doc, item, `${place}[].`, depth + 1, out);
    }
  }
}

export function idParams(doc: Doc): IdParam[] {
  const found: IdParam[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters as Schema[] | undefined) ?? []) {
        const param = resolve(doc, p);
        if (param.in === 'query' && idLike(doc, param.name as string, param.schema))
          found.push({ operation, in: 'query', name: param.name as string, list: isList(doc, param.schema) });
      }
      const content = (resolve(doc, op.requestBody).content ?? {}) as Record<string, { schema?: unknown }>;
      const body = new Map<string, boolean>();
      for (const media of Object.values(content)) bodyIds(doc, media.schema, '', 0, body);
      for (const [name, list] of body) found.push({ operation, in: 'body', name, list });
    }
  }
  return found.sort((a, b) =>
    `${a.operation} ${a.in} ${a.name}`.localeCompare(`${b.operation} ${b.in} ${b.name}`),
  );
}

/** The key of a parameter in the table of foreign ids: `METHOD /path query.name`. */
export const keyOf = (p: IdParam) => `${p.operation} ${p.in}.${p.name}`;
