import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';

/**
 * Reference data (issue 13): EDQM standard terms (decision 0145), an organisation's
 * hospitals (decision 0146), and the code lists a case document's units, countries and
 * languages are checked against (decision 0147).
 */

// ─── EDQM standard terms ─────────────────────────────────────────────────────

/** The two EDQM concept classes E2B(R3) uses: pharmaceutical dose forms and routes of administration. */
export const EdqmClass = Type.Union([Type.Literal('PDF'), Type.Literal('ROA')]);
export type EdqmClass = Static<typeof EdqmClass>;

/** An EDQM term id as E2B carries it: class, dash, concept code (`PDF-10219000`, `ROA-20053000`). */
export const EDQM_CODE_PATTERN = '^(PDF|ROA)-[0-9]{8}$';
export const EdqmCode = Type.String({ pattern: EDQM_CODE_PATTERN, description: 'e.g. PDF-10219000' });

/** Terms in other languages, by ISO 639-1 code: `{ "fr": "Comprimé" }`. */
const EdqmTranslations = Type.Record(
  Type.String({ pattern: '^[a-z]{2}$' }),
  Type.String({ minLength: 1, maxLength: 500 }),
);

/**
 * One EDQM standard term. `code` is the value of G.k.4.r.9.2b (dose form) or G.k.4.r.10.2b /
 * G.k.4.r.11.2b (route, parent route); `version` may go in the matching `…2a`.
 */
export const EdqmTerm = Type.Object({
  code: EdqmCode,
  class: EdqmClass,
  /** The English term, e.g. `Film-coated tablet`. */
  term: Type.String(),
  /** Deprecated terms are still found (old reports carry them) but not offered for new coding. */
  status: Type.Union([Type.Literal('current'), Type.Literal('deprecated')]),
  translations: EdqmTranslations,
  /** `Human and Veterinary`, `Human only`… as EDQM says; null when the source did not say. */
  domain: Type.Union([Type.String(), Type.Null()]),
  /** The term's EDQM version (a number or a date) when the source gave it. */
  version: Type.Union([Type.String(), Type.Null()]),
  /** Where the row came from: the starter set shipped with Vigilo, or an import. */
  source: Type.Union([Type.Literal('starter'), Type.Literal('import')]),
  updatedAt: Timestamp,
});
export type EdqmTerm = Static<typeof EdqmTerm>;

/** GET /v1/edqm: search (every word starts a word of the term, a translation or the code) or list. */
export const EdqmSearchQuery = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 200 })),
    class: Type.Optional(EdqmClass),
    /** false: current terms only (for new coding). Default true: deprecated ones found and marked. */
    includeDeprecated: Type.Optional(Type.Boolean({ default: true })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  },
  { additionalProperties: false },
);
export type EdqmSearchQuery = Static<typeof EdqmSearchQuery>;

/** GET /v1/edqm/lookup: the terms of stored codes, in the order asked (unknown codes left out). */
export const EdqmLookupQuery = Type.Object(
  {
    /** One code or several, comma-separated: `PDF-10219000,ROA-20053000`. */
    code: Type.String({ minLength: 1, maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type EdqmLookupQuery = Static<typeof EdqmLookupQuery>;

/** POST /v1/edqm/import: what an import changed. */
export const EdqmImportResult = Type.Object({
  /** `json` (the EDQM Standard Terms API's answer) or `csv` (an export with a header row). */
  format: Type.Union([Type.Literal('json'), Type.Literal('csv')]),
  /** Terms of a class other than PDF and ROA, skipped. */
  skipped: Type.Integer({ minimum: 0 }),
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  /** Terms of the import, per class. */
  counts: Type.Object({ PDF: Type.Integer({ minimum: 0 }), ROA: Type.Integer({ minimum: 0 }) }),
});
export type EdqmImportResult = Static<typeof EdqmImportResult>;

// ─── hospitals ───────────────────────────────────────────────────────────────

const HospitalName = Type.String({ minLength: 1, maxLength: 300 });
/** The hospital's identifier in a national register (FINESS, ODS, …), unique in the organisation. */
const HospitalCode = Type.String({ minLength: 1, maxLength: 50 });
const City = Type.String({ minLength: 1, maxLength: 200 });
/** ISO 3166-1 alpha-2, checked against the maintained list. */
export const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2, e.g. FR' });

export const Hospital = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Id,
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()]),
  /** Inactive hospitals stay on old reports and are no longer offered in pickers. */
  active: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Hospital = Static<typeof Hospital>;

/** GET /v1/hospitals: an organisation's hospitals (the session's by default), at most 500. */
export const HospitalsQuery = Type.Object(
  {
    organisationId: Type.Optional(Id),
    /** Words (any order, accents and case ignored) each starting a word of the name, city or code. */
    query: Type.Optional(Type.String({ maxLength: 200 })),
    /** false: active hospitals only. Default true. */
    includeInactive: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type HospitalsQuery = Static<typeof HospitalsQuery>;

/** GET /v1/organisation/{id}/hospitals: the same filters for the organisation in the path. */
export const OrganisationHospitalsQuery = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 200 })),
    includeInactive: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type OrganisationHospitalsQuery = Static<typeof OrganisationHospitalsQuery>;

/** GET /v1/hospitals/lookup: a short list for pickers (active only), or the hospitals of stored ids. */
export const HospitalLookupQuery = Type.Object(
  {
    organisationId: Type.Optional(Id),
    query: Type.Optional(Type.String({ maxLength: 200 })),
    /** Comma-separated ids to resolve (inactive ones included): what a stored report names. */
    ids: Type.Optional(Type.String({ maxLength: 3700 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type HospitalLookupQuery = Static<typeof HospitalLookupQuery>;

export const HospitalLookup = Type.Object({
  id: Id,
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  active: Type.Boolean(),
});
export type HospitalLookup = Static<typeof HospitalLookup>;

/** POST /v1/hospitals. organisationId defaults to the session's organisation. */
export const HospitalCreateBody = Type.Object(
  {
    organisationId: Type.Optional(Id),
    name: HospitalName,
    code: Type.Optional(Type.Union([HospitalCode, Type.Null()])),
    city: Type.Optional(Type.Union([City, Type.Null()])),
    country: Type.Optional(Type.Union([CountryCode, Type.Null()])),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type HospitalCreateBody = Static<typeof HospitalCreateBody>;

/** PATCH /v1/hospitals/{id}: a JSON merge patch (RFC 7396); `null` clears code, city or country. */
export const HospitalPatch = Type.Object(
  {
    name: Type.Optional(HospitalName),
    code: Type.Optional(Type.Union([HospitalCode, Type.Null()])),
    city: Type.Optional(Type.Union([City, Type.Null()])),
    country: Type.Optional(Type.Union([CountryCode, Type.Null()])),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type HospitalPatch = Static<typeof HospitalPatch>;
