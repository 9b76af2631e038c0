import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Query strings, read the same way on every route (issue #9): a filter is never dropped.
 *
 * - Array parameters come in the common encodings: repeated keys (`roleIds=a&roleIds=b`),
 *   brackets (`roleIds[]=a&roleIds[]=b`, as axios and PHP send them), indexes
 *   (`roleIds[0]=a&roleIds[1]=b`, as qs sends them) and, for parameters the schema says are
 *   arrays, comma-joined values (`roleIds=a,b`).
 * - A parameter the route does not know answers 400, unless its schema says otherwise.
 */
const ARRAY_SUFFIX = /\[\d*\]$/;

/** Parses a query string into a null-prototype object; brackets and repeats make arrays. */
export function parseQueryString(text: string): Record<string, unknown> {
  const result: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const bracketed = ARRAY_SUFFIX.test(rawKey);
    const key = bracketed ? rawKey.replace(ARRAY_SUFFIX, '') : rawKey;
    const seen = result[key];
    if (seen === undefined) result[key] = bracketed ? [value] : value;
    else if (Array.isArray(seen)) seen.push(value);
    else result[key] = [seen, value];
  }
  return result;
}

type ObjectSchema = {
  type?: unknown;
  properties?: Record<string, { type?: unknown }>;
  additionalProperties?: unknown;
};

const arrayKeys = (schema: ObjectSchema | undefined) =>
  Object.entries(schema?.properties ?? {})
    .filter(([, property]) => property.type === 'array')
    .map(([key]) => key);

/** Installs the strict default and the comma-joined arrays. Call before any route is added. */
export function registerQueryStrings(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as FastifySchema | undefined;
    const query = schema?.querystring as ObjectSchema | undefined;
    if (!schema || !query || query.type !== 'object') return;
    if (!('additionalProperties' in query)) {
      schema.querystring = { ...query, additionalProperties: false };
    }
    const arrays = arrayKeys(query);
    if (arrays.length === 0) return;
    const split = async (request: { query: unknown }) => {
      const values = request.query as Record<string, unknown>;
      for (const key of arrays) {
        const value = values[key];
        if (typeof value === 'string' && value.includes(',')) values[key] = value.split(',');
      }
    };
    route.preValidation = [split, ...toArray(route.preValidation)];
  });
}

const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
