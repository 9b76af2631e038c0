import {
  type Static,
  type TBoolean,
  type TOptional,
  type TSchema,
  type TString,
  type TUnsafe,
  Type,
} from 'typebox';

/** Field builders of the case document (case-document.ts): each field carries its E2B(R3) id. */

/** HL7 null flavours E2B(R3) uses. */
export const NULL_FLAVOURS = ['NI', 'MSK', 'UNK', 'NA', 'ASKU', 'NASK', 'NINF', 'PINF', 'OTH'] as const;
export type NullFlavourCode = (typeof NULL_FLAVOURS)[number];

/** `{nullFlavor: "UNK"}`: the value is unknown, masked, asked but unknown... */
export const NullFlavour = <const N extends readonly NullFlavourCode[]>(allowed: N) =>
  Type.Unsafe<{ nullFlavor: N[number] }>(
    Type.Object({ nullFlavor: literals(allowed) }, { additionalProperties: false }),
  );
export type NullFlavour = { nullFlavor: NullFlavourCode };

/** A union of string literals whose static type is the union of the values. */
export function literals<const V extends readonly string[]>(
  values: V,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<V[number]>(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      options,
    ),
  );
}

/**
 * A partial date and time, as precise as the source knew it: `2024`, `2024-03`, `2024-03-07`,
 * `2024-03-07T14`, `2024-03-07T14:05`, `2024-03-07T14:05:09`, optionally with fractions of a
 * second, and a UTC offset (`+01:00`) once there is an hour (HL7 TS takes a zone only then).
 * It maps one-to-one onto the HL7 TS `20240307140509+0100`. Months, days, hours, minutes and
 * seconds are held to their ranges here (`2024-13`, `2024-01-32T24` are refused wherever a case
 * document is read: staff edits, E2B import, json2xml); a day past its month's end (`2023-02-29`)
 * is refused by the form check, which knows the calendar (decision 0215).
 */
export const PARTIAL_DATE_PATTERN =
  '^\\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\\d|3[01])(T([01]\\d|2[0-3])(:[0-5]\\d(:[0-5]\\d(\\.\\d{1,4})?)?)?([+-]([01]\\d|2[0-3]):[0-5]\\d)?)?)?)?$';

/** A decimal number written as text, so that "12.50" survives exactly. */
export const DECIMAL_PATTERN = '^[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?$';

/** The schema, or the schema or one of the `nulls` (a schema whose static type says so). */
function optionalNull<T extends TSchema>(schema: T): T;
function optionalNull<T extends TSchema, const N extends readonly NullFlavourCode[]>(
  schema: T,
  nulls: N,
): TUnsafe<Static<T> | { nullFlavor: N[number] }>;
function optionalNull(schema: TSchema, nulls?: readonly NullFlavourCode[]): TSchema {
  return nulls && nulls.length > 0 ? Type.Union([schema, NullFlavour(nulls)]) : schema;
}

/** Free text of at most `max` characters. */
export function text(e2b: string, max: number): TOptional<TString>;
export function text<const N extends readonly NullFlavourCode[]>(
  e2b: string,
  max: number,
  nulls: N,
): TOptional<TUnsafe<string | { nullFlavor: N[number] }>>;
export function text(e2b: string, max: number, nulls?: readonly NullFlavourCode[]) {
  const schema = Type.String({ e2b, minLength: 1, maxLength: max });
  return Type.Optional(nulls ? optionalNull(schema, nulls) : schema);
}
/** A coded value from the E2B code list named in the data-element table. */
export function code<const V extends readonly string[]>(
  e2b: string,
  values: V,
): TOptional<TUnsafe<V[number]>>;
export function code<const V extends readonly string[], const N extends readonly NullFlavourCode[]>(
  e2b: string,
  values: V,
  nulls: N,
): TOptional<TUnsafe<V[number] | { nullFlavor: N[number] }>>;
export function code(e2b: string, values: readonly string[], nulls?: readonly NullFlavourCode[]) {
  const schema = literals(values, { e2b });
  return Type.Optional(nulls ? optionalNull(schema, nulls) : schema);
}
/** A code from an external list (ISO country, language, MedDRA...) checked by pattern. */
export function codeLike(e2b: string, pattern: string): TOptional<TString>;
export function codeLike<const N extends readonly NullFlavourCode[]>(
  e2b: string,
  pattern: string,
  nulls: N,
): TOptional<TUnsafe<string | { nullFlavor: N[number] }>>;
export function codeLike(e2b: string, pattern: string, nulls?: readonly NullFlavourCode[]) {
  const schema = Type.String({ e2b, pattern });
  return Type.Optional(nulls ? optionalNull(schema, nulls) : schema);
}
export function date(e2b: string): TOptional<TString>;
export function date<const N extends readonly NullFlavourCode[]>(
  e2b: string,
  nulls: N,
): TOptional<TUnsafe<string | { nullFlavor: N[number] }>>;
export function date(e2b: string, nulls?: readonly NullFlavourCode[]) {
  const schema = Type.String({ e2b, pattern: PARTIAL_DATE_PATTERN });
  return Type.Optional(nulls ? optionalNull(schema, nulls) : schema);
}
export function bool(e2b: string): TOptional<TBoolean>;
export function bool<const N extends readonly NullFlavourCode[]>(
  e2b: string,
  nulls: N,
): TOptional<TUnsafe<boolean | { nullFlavor: N[number] }>>;
export function bool(e2b: string, nulls?: readonly NullFlavourCode[]) {
  const schema = Type.Boolean({ e2b });
  return Type.Optional(nulls ? optionalNull(schema, nulls) : schema);
}
/** A number with its unit (UCUM, or the E2B unit list), e.g. age `{value: "48", unit: "a"}`. */
export const quantity = (e2b: string, maxDigits: number) =>
  Type.Optional(
    Type.Object(
      {
        value: Type.String({ e2b: `${e2b}a`, pattern: DECIMAL_PATTERN, maxLength: maxDigits + 2 }),
        // A UCUM or E2B unit code: HL7 codes hold no white space.
        unit: Type.Optional(Type.String({ e2b: `${e2b}b`, minLength: 1, maxLength: 50, pattern: '^\\S+$' })),
      },
      { additionalProperties: false },
    ),
  );
/** A UCUM or E2B unit code on its own (HL7 codes hold no white space). */
export const UNIT = (e2b?: string) =>
  Type.String({ ...(e2b ? { e2b } : {}), minLength: 1, maxLength: 50, pattern: '^\\S+$' });
/** A MedDRA term: version (`a`) and lowest level term code (`b`). */
export const meddra = (e2b: string) =>
  Type.Optional(
    Type.Object(
      {
        version: Type.String({ e2b: `${e2b}a`, pattern: '^\\d{1,2}\\.\\d$' }),
        code: Type.String({ e2b: `${e2b}b`, pattern: '^\\d{8}$' }),
      },
      { additionalProperties: false },
    ),
  );
/** A term from a terminology with a version (MPID, substance, EDQM dose form or route). */
export const term = (e2b: string, maxCode: number, maxVersion: number) =>
  Type.Optional(
    Type.Object(
      {
        // An HL7 code: no white space.
        code: Type.String({ e2b: `${e2b}b`, minLength: 1, maxLength: maxCode, pattern: '^\\S+$' }),
        version: Type.Optional(Type.String({ e2b: `${e2b}a`, minLength: 1, maxLength: maxVersion })),
        /**
         * The terminology's OID when it is not the default one (e.g. FDA SPL instead of EDQM),
         * as HL7's `oid` type writes one: first arc 0, 1 or 2, no leading zeros.
         */
        codeSystem: Type.Optional(Type.String({ pattern: '^[0-2](\\.(0|[1-9][0-9]*))*$', maxLength: 64 })),
      },
      { additionalProperties: false },
    ),
  );
/**
 * An identifier with a version from a terminology that has no OID yet (the PhPID of ISO IDMP):
 * E2B tells it apart by its placeholder code system alone, so there is no other to keep.
 */
export const unregisteredTerm = (e2b: string, maxCode: number, maxVersion: number) =>
  Type.Optional(
    Type.Object(
      {
        code: Type.String({ e2b: `${e2b}b`, minLength: 1, maxLength: maxCode, pattern: '^\\S+$' }),
        version: Type.Optional(Type.String({ e2b: `${e2b}a`, minLength: 1, maxLength: maxVersion })),
      },
      { additionalProperties: false },
    ),
  );
/** An attached document (ED, base64) as E2B carries it. */
export const attachment = (e2b: string) =>
  Type.Optional(
    Type.Object(
      {
        // A MIME type (`application/pdf`): an HL7 code, without white space.
        mediaType: Type.Optional(Type.String({ e2b, pattern: '^\\S+$', maxLength: 100 })),
        /** HL7's compression codes, the only ones the ICH schema takes (deflate, gzip, zlib, compress). */
        compression: Type.Optional(literals(['DF', 'GZ', 'ZL', 'Z'])),
        /** A file name or URL the sender gave for the document. */
        reference: Type.Optional(Type.String()),
        base64: Type.String({ e2b }),
      },
      { additionalProperties: false },
    ),
  );
/** A repeating block (E2B `.r`, `.i`, `.k`). */
export const list = <T extends TSchema>(e2b: string, item: T) =>
  Type.Optional(Type.Array(item, { e2b, minItems: 1 }));
export const obj = <T extends Record<string, TSchema>>(properties: T, e2b?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(e2b ? { e2b } : {}) });

export const COUNTRY = '^([A-Z]{2}|EU)$';
export const LANGUAGE = '^[a-z]{3}$';
export const MASKABLE = ['MSK', 'ASKU', 'NASK', 'UNK'] as const;
export const PERSON_NULLS = ['MSK', 'ASKU', 'NASK'] as const;
export const UNKNOWNS = ['ASKU', 'NASK'] as const;
