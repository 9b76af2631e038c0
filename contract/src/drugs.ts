import { type Static, Type } from 'typebox';
import { Id, PageNumber, PageSize, Timestamp } from './common.ts';

/**
 * Drug products and IDAPS (issue 13, decisions 0140–0144): each organisation's product list,
 * uploaded as a CSV with a meta file, searched for coding; and interactive drug analysis
 * profiles, the counts of reactions the organisation's own reports name for each product,
 * computed by a background job into published snapshots.
 */

const Day = Type.String({ format: 'date' });
const Country = Type.String({ pattern: '^([A-Z]{2}|EU)$', description: 'ISO 3166-1 alpha-2 (or EU)' });

export const Drug = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Id,
  /** The list version that last wrote this product. */
  listId: Id,
  /** The product's identifier in the list (national code, MPID…): unique per organisation, keeps the id across uploads. */
  code: Type.String(),
  name: Type.String(),
  /** Active substances (international non-proprietary names). */
  substances: Type.Array(Type.String()),
  strength: Type.Union([Type.String(), Type.Null()]),
  doseForm: Type.Union([Type.String(), Type.Null()]),
  authorisationNumber: Type.Union([Type.String(), Type.Null()]),
  holder: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Country, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Drug = Static<typeof Drug>;

/** A short product for pickers and look-ups. */
const lookupFields = {
  id: Id,
  code: Type.String(),
  name: Type.String(),
  substances: Type.Array(Type.String()),
  strength: Type.Union([Type.String(), Type.Null()]),
  authorisationNumber: Type.Union([Type.String(), Type.Null()]),
};
export const DrugLookup = Type.Object(lookupFields);
export type DrugLookup = Static<typeof DrugLookup>;

/** The fields of a product a list's column can fill (the meta file's `columns` maps them to headers). */
export const DrugField = Type.Union([
  Type.Literal('code'),
  Type.Literal('name'),
  Type.Literal('substances'),
  Type.Literal('strength'),
  Type.Literal('doseForm'),
  Type.Literal('authorisationNumber'),
  Type.Literal('holder'),
  Type.Literal('country'),
]);
export type DrugField = Static<typeof DrugField>;

/**
 * The meta file (decision 0140): a small JSON file that says what the product list is
 * (source, version, publication date) and how to read it (separator, headers).
 */
export const DrugListMeta = Type.Object(
  {
    /** Names this version of the list; unique per organisation (409 when uploaded twice). */
    version: Type.String({ minLength: 1, maxLength: 100 }),
    /** Who publishes the list, e.g. the national medicines agency. */
    source: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    publishedOn: Type.Optional(Day),
    /** The cell separator: comma (default), semicolon or tab. */
    delimiter: Type.Optional(Type.Union([Type.Literal(','), Type.Literal(';'), Type.Literal('\t')])),
    /** What separates several active substances in one cell (default `|`). */
    substanceSeparator: Type.Optional(Type.String({ minLength: 1, maxLength: 3 })),
    /** Header of the list's column for each field, when it is not the field's own name. */
    columns: Type.Optional(
      Type.Partial(
        Type.Object({
          code: Type.String({ minLength: 1, maxLength: 100 }),
          name: Type.String({ minLength: 1, maxLength: 100 }),
          substances: Type.String({ minLength: 1, maxLength: 100 }),
          strength: Type.String({ minLength: 1, maxLength: 100 }),
          doseForm: Type.String({ minLength: 1, maxLength: 100 }),
          authorisationNumber: Type.String({ minLength: 1, maxLength: 100 }),
          holder: Type.String({ minLength: 1, maxLength: 100 }),
          country: Type.String({ minLength: 1, maxLength: 100 }),
        }),
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DrugListMeta = Static<typeof DrugListMeta>;

/** One version of an organisation's product list: its meta and what its last upload did. */
export const DrugList = Type.Object({
  id: Id,
  platformId: Id,
  organisationId: Id,
  version: Type.Union([Type.String(), Type.Null()]),
  source: Type.Union([Type.String(), Type.Null()]),
  publishedOn: Type.Union([Day, Type.Null()]),
  delimiter: Type.String(),
  substanceSeparator: Type.String(),
  columns: Type.Record(Type.String(), Type.String()),
  /** The newest version is the organisation's current list. */
  current: Type.Boolean(),
  /** The CSV file last uploaded into this version (null until one is). */
  fileName: Type.Union([Type.String(), Type.Null()]),
  /** Products the organisation's list holds after that upload, and what the upload changed. */
  products: Type.Integer({ minimum: 0 }),
  added: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  removed: Type.Integer({ minimum: 0 }),
  createdAt: Timestamp,
  importedAt: Type.Union([Timestamp, Type.Null()]),
});
export type DrugList = Static<typeof DrugList>;

/** A product an upload would take out of the list. */
export const DrugRemoval = Type.Object({ id: Id, code: Type.String(), name: Type.String() });
export type DrugRemoval = Static<typeof DrugRemoval>;

/**
 * POST /v1/drugs/upload/list/preview: what the same upload would do, nothing written. The
 * products it would remove are listed by code (at most PREVIEW_REMOVALS; `removed` counts all).
 */
export const DrugListPreview = Type.Object({
  /** Products the list would hold after the upload. */
  products: Type.Integer({ minimum: 0 }),
  added: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  removed: Type.Integer({ minimum: 0 }),
  removedProducts: Type.Array(DrugRemoval),
  /** A meta file came with it: the upload would start a new version of the list. */
  newVersion: Type.Boolean(),
});
export type DrugListPreview = Static<typeof DrugListPreview>;
export const PREVIEW_REMOVALS = 500;

/** A problem of an uploaded file, by line (1 = the header line; 0 = the file as a whole), in `meta.lines` of the 400. */
export const DrugLineError = Type.Object({
  line: Type.Integer({ minimum: 0 }),
  column: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
});
export type DrugLineError = Static<typeof DrugLineError>;

const OrganisationQuery = { organisationId: Type.Optional(Id) };

/** GET /v1/drugs: one page of the organisation's products, by name. */
export const DrugsQuery = Type.Object(
  { ...OrganisationQuery, page: Type.Optional(PageNumber), size: Type.Optional(PageSize) },
  { additionalProperties: false },
);
export type DrugsQuery = Static<typeof DrugsQuery>;

/** GET /v1/drugs/search: words of a name, an active substance or an authorisation number. */
export const DrugSearchQuery = Type.Object(
  {
    ...OrganisationQuery,
    query: Type.String({ minLength: 1, maxLength: 200 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type DrugSearchQuery = Static<typeof DrugSearchQuery>;

/** GET /v1/drugs/lookup: exact matches by ids, product code or authorisation number. */
export const DrugLookupQuery = Type.Object(
  {
    ...OrganisationQuery,
    /** Comma-separated product ids (at most 100). */
    ids: Type.Optional(Type.String({ minLength: 1, maxLength: 3800 })),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    authorisationNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type DrugLookupQuery = Static<typeof DrugLookupQuery>;

/** Uploads and list history name the organisation in the query string (multipart bodies carry files). */
export const DrugOrganisationQuery = Type.Object(OrganisationQuery, { additionalProperties: false });
export type DrugOrganisationQuery = Static<typeof DrugOrganisationQuery>;

/** POST /v1/drugs/export-url. */
export const DrugExportUrlBody = Type.Object(OrganisationQuery, { additionalProperties: false });
export type DrugExportUrlBody = Static<typeof DrugExportUrlBody>;

// ─── IDAPS ──────────────────────────────────────────────────────────────────

const countFields = {
  /** Reactions reported (a report naming two reactions counts twice). */
  reactions: Type.Integer({ minimum: 0 }),
  /** Of those, reactions with a seriousness criterion (E.i.3.2). */
  serious: Type.Integer({ minimum: 0 }),
  /** Of those, fatal reactions (results in death, or outcome fatal). */
  fatal: Type.Integer({ minimum: 0 }),
};
export const IdapsCounts = Type.Object(countFields);
export type IdapsCounts = Static<typeof IdapsCounts>;

export const IdapsPt = Type.Object({ code: Type.Integer(), name: Type.String(), ...countFields });
export type IdapsPt = Static<typeof IdapsPt>;

export const IdapsSoc = Type.Object({
  code: Type.Integer(),
  name: Type.String(),
  ...countFields,
  pts: Type.Array(IdapsPt),
});
export type IdapsSoc = Static<typeof IdapsSoc>;

export const IdapsSnapshot = Type.Object({
  id: Id,
  organisationId: Id,
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('computing'),
    Type.Literal('published'),
    Type.Literal('failed'),
  ]),
  /** Reports read, reactions counted, and reactions left out (no MedDRA code, or a code no release knows). */
  reports: Type.Integer({ minimum: 0 }),
  reactions: Type.Integer({ minimum: 0 }),
  uncoded: Type.Integer({ minimum: 0 }),
  error: Type.Union([Type.String(), Type.Null()]),
  requestedAt: Timestamp,
  publishedAt: Type.Union([Timestamp, Type.Null()]),
});
export type IdapsSnapshot = Static<typeof IdapsSnapshot>;

/** GET /v1/drugs/idaps: one product's profile from the newest published snapshot. */
export const IdapsProfileQuery = Type.Object(
  {
    drugId: Id,
    /** Reports received from this day (receipt date, inclusive). */
    from: Type.Optional(Day),
    to: Type.Optional(Day),
  },
  { additionalProperties: false },
);
export type IdapsProfileQuery = Static<typeof IdapsProfileQuery>;

export const IdapsProfile = Type.Object({
  drug: DrugLookup,
  /** The snapshot the numbers come from; null while none is published. */
  snapshot: Type.Union([IdapsSnapshot, Type.Null()]),
  from: Type.Union([Day, Type.Null()]),
  to: Type.Union([Day, Type.Null()]),
  /** Reports naming the product, and its reactions over every SOC. */
  reports: Type.Integer({ minimum: 0 }),
  totals: IdapsCounts,
  /** SOCs by reactions (most first), each with its PTs by reactions. */
  socs: Type.Array(IdapsSoc),
});
export type IdapsProfile = Static<typeof IdapsProfile>;

/** One product's totals in the published snapshot. */
export const IdapsEntry = Type.Object({
  ...lookupFields,
  reports: Type.Integer({ minimum: 0 }),
  ...countFields,
});
export type IdapsEntry = Static<typeof IdapsEntry>;

/** GET /v1/idaps: the products with reported reactions, most reactions first. */
export const IdapsListQuery = Type.Object(
  {
    ...OrganisationQuery,
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    page: Type.Optional(PageNumber),
    size: Type.Optional(PageSize),
  },
  { additionalProperties: false },
);
export type IdapsListQuery = Static<typeof IdapsListQuery>;

/** GET /v1/idaps/lookup: the products whose reports name one MedDRA PT or SOC. */
export const IdapsLookupQuery = Type.Object(
  {
    ...OrganisationQuery,
    code: Type.Integer({ minimum: 10_000_000, maximum: 99_999_999, description: 'a MedDRA PT or SOC code' }),
    from: Type.Optional(Day),
    to: Type.Optional(Day),
  },
  { additionalProperties: false },
);
export type IdapsLookupQuery = Static<typeof IdapsLookupQuery>;

/** POST /v1/idaps/snapshots. */
export const IdapsSnapshotBody = Type.Object(OrganisationQuery, { additionalProperties: false });
export type IdapsSnapshotBody = Static<typeof IdapsSnapshotBody>;

/**
 * GET /v1/platforms/{id}/medicine-names (public): medicine names of the product list of the
 * organisation a public report goes to, for the signed-out form's suggestions (decision 0279).
 */
export const PublicMedicineNamesQuery = Type.Object(
  {
    organisationId: Id,
    query: Type.String({ minLength: 1, maxLength: 200 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
  },
  { additionalProperties: false },
);
export type PublicMedicineNamesQuery = Static<typeof PublicMedicineNamesQuery>;
/** A product's name and strength as the list gives them: nothing more is shown to the public. */
export const PublicMedicineName = Type.Object({
  name: Type.String(),
  strength: Type.Union([Type.String(), Type.Null()]),
});
export type PublicMedicineName = Static<typeof PublicMedicineName>;
