import fc from 'fast-check';

/**
 * fast-check arbitraries built from the JSON Schemas of the OpenAPI document: mostly
 * well-formed values (so requests get past the first check and reach the code behind it),
 * with hostile ones mixed in at every level — NUL bytes, lone surrogates, huge and odd
 * numbers, deep nesting, wrong types.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
}

/** A JSON token written as is: numbers JSON.stringify cannot write (1e400, -0) and deep nesting. */
export class Raw {
  constructor(readonly text: string) {}
}

const HOSTILE_STRINGS = [
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'lone\udc00low',
  '\udbff\u0000',
  'İSTANBUL',
  '\u202egnp.exe',
  'x'.repeat(20_000),
  '',
  ' ',
  '1e20',
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '@me',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%00',
  '\\u0000',
];

const HOSTILE_NUMBERS: unknown[] = [
  new Raw('1e20'),
  new Raw('-1e20'),
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw('1e-400'),
  new Raw('-0'),
  new Raw('9007199254740993'),
  2147483648,
  -1,
  0,
  0.5,
];

const WRONG_TYPES: unknown[] = [null, true, [], {}, 'text', 12];

/** A JSON value nested `depth` levels, as arrays or objects. */
const deep = (depth: number, asObject: boolean) =>
  new Raw(
    asObject ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`,
  );

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);
const deepValue = fc
  .tuple(fc.constantFrom(40, 200, 5_000), fc.boolean())
  .map(([depth, asObject]) => deep(depth, asObject));
const anyHostile = fc.oneof(hostileString, hostileNumber, deepValue, fc.constantFrom(...WRONG_TYPES));

/** Free JSON (a schema with no type): small values with hostile ones and deep nesting. */
const freeJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)),
    anyHostile,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), hostileString), tie('value'), { maxKeys: 3 }),
  ),
})).value;

export interface Pools {
  /** Ids that exist (the tenant's platform, organisations, users) and random ones. */
  uuids: readonly string[];
}

const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

function wellFormedString(s: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.constantFrom(...pools.uuids);
  if (s.format === 'email') return fc.constantFrom('fuzz@example.test', 'İnfo@example.test', 'a@b.co');
  if (s.format === 'date-time') return fc.constantFrom('2026-01-01T00:00:00Z', '9999-12-31T23:59:59Z');
  if (s.format === 'uri') return fc.constantFrom('https://example.test/x', 'http://127.0.0.1:1/');
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 500));
    } catch {
      // A pattern JavaScript cannot read: fall through to plain strings.
    }
  }
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
}

/** A value for `schema`: well-formed (3 in 4) with hostile values inside, or hostile itself. */
export function valueFor(schema: JsonSchema, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: wellFormed(schema, pools, depth), weight: 3 },
    { arbitrary: hostileFor(schema), weight: 1 },
  );
}

function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  if (types.includes('string')) return fc.oneof(hostileString, hostileString, anyHostile);
  if (types.includes('integer') || types.includes('number')) return fc.oneof(hostileNumber, anyHostile);
  return anyHostile;
}

function wellFormed(s: JsonSchema, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (options) return fc.oneof(...options.map((o) => valueFor(o, pools, depth + 1)));
  if (s.allOf?.[0]) return wellFormed(s.allOf[0], pools, depth);
  const [type] = typesOf(s);
  switch (type) {
    case 'string':
      return wellFormedString(s, pools);
    case 'integer':
    case 'number': {
      // Small values near the schema's lower bound (an 8-digit MedDRA code starts at 10,000,000).
      const min = s.minimum ?? -5;
      const max = Math.min(s.maximum ?? Number.MAX_SAFE_INTEGER, Math.max(min, 0) + 1_000);
      return type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(valueFor(s.items ?? {}, pools, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 4 ? fc.constant({}) : objectFor(s, pools, depth);
    default:
      return freeJson;
  }
}

function objectFor(s: JsonSchema, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const keys = Object.keys(properties);
  const shape = Object.fromEntries(keys.map((k) => [k, valueFor(properties[k]!, pools, depth + 1)]));
  const known = fc.record(shape, { requiredKeys: keys.filter((k) => s.required?.includes(k)) });
  if (keys.length > 0 && s.additionalProperties === false) return known;
  // Open objects (free-form settings such as preferences): extra keys, hostile ones too.
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), hostileString), freeJson, { maxKeys: 4 });
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

/** JSON text of a value, writing `Raw` tokens as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}

/**
 * Percent-encodes a string for a URL byte by byte, lone surrogates included (as the
 * three bytes WTF-8 gives them), which encodeURIComponent refuses to do.
 */
export function encodeComponent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

/** How a query or path value is written in a URL. */
export function urlText(value: unknown): string {
  if (value instanceof Raw) return encodeComponent(value.text);
  if (typeof value === 'string') return encodeComponent(value);
  if (typeof value === 'object' && value !== null) return encodeComponent(toJsonText(value));
  return encodeComponent(String(value));
}
