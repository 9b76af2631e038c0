import { type Static, Type } from 'typebox';
import { Id, PageNumber, PageSize, Timestamp } from './common.ts';

const Text = (max: number) => Type.String({ maxLength: max });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** An organisation of a platform: regulator, hospital, marketing-authorisation holder, programme. */
export const Organisation = Type.Object({
  id: Id,
  platformId: Id,
  name: Type.String(),
  kind: Type.String(),
  country: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  website: Type.Union([Type.String(), Type.Null()]),
  address: Type.String(),
  /** Where its locations come from (for example `manual`, or an external register). */
  locationProvider: Type.Union([Type.String(), Type.Null()]),
  workspaceId: Type.Union([Id, Type.Null()]),
  /** Listed on the public "Request an account" page; requests naming it are taken. */
  acceptsAccountRequests: Type.Boolean(),
  /**
   * The IANA time zone (for example `Europe/Paris`, `America/New_York`; `UTC` by default) its
   * receipt dates, "today", day zero, due dates and overdue are counted in (decision 0318).
   */
  timeZone: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Increments on every change: send it back as `If-Match: "<version>"` to refuse a stale write (412). */
  version: Type.Integer({ minimum: 1 }),
});
export type Organisation = Static<typeof Organisation>;

/** The fields an administrator may set on an organisation (every one optional on update). */
const organisationFields = {
  name: Type.String({ minLength: 1, maxLength: 300 }),
  kind: Type.Union([
    Type.Literal('regulator'),
    Type.Literal('hospital'),
    Type.Literal('marketing_authorisation_holder'),
    Type.Literal('vaccine_programme'),
    Type.Literal('other'),
  ]),
  country: Nullable(Type.String({ minLength: 2, maxLength: 2 })),
  description: Text(2000),
  email: Nullable(Type.String({ format: 'email', maxLength: 320 })),
  phone: Nullable(Type.String({ maxLength: 50 })),
  website: Nullable(Type.String({ maxLength: 500 })),
  address: Text(1000),
  /** An IANA time zone name (`UTC`, `Europe/Paris`, …); an unknown name answers 400. */
  timeZone: Type.String({ minLength: 1, maxLength: 64 }),
};

/** PUT /v1/organisation/{id}: the fields to change. */
export const OrganisationUpdate = Type.Partial(
  Type.Object({
    ...organisationFields,
    locationProvider: Nullable(Type.String({ maxLength: 100 })),
    acceptsAccountRequests: Type.Boolean(),
  }),
  { additionalProperties: false, minProperties: 1 },
);
export type OrganisationUpdate = Static<typeof OrganisationUpdate>;

/** A location of an organisation (site, ward, region), from a location provider or entered by hand. */
export const Location = Type.Object({
  id: Id,
  organisationId: Id,
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  locationProvider: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Timestamp,
});
export type Location = Static<typeof Location>;

export const LocationInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 300 }),
    code: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type LocationInput = Static<typeof LocationInput>;

/** POST /v1/organisation/{id}/locations (spec: locations, locationProvider). */
export const LocationsBody = Type.Object(
  {
    locations: Type.Array(LocationInput, { minItems: 1, maxItems: 500 }),
    locationProvider: Type.Optional(Type.String({ minLength: 1, maxLength: 100, default: 'manual' })),
  },
  { additionalProperties: false },
);
export type LocationsBody = Static<typeof LocationsBody>;

/**
 * POST /v1/organisation (spec: params, locations, locationProvider): `params` holds the
 * organisation's fields; system administrators may name the platform, others create in their own.
 */
export const OrganisationCreate = Type.Object(
  {
    params: Type.Object(
      {
        ...organisationFields,
        kind: Type.Optional(organisationFields.kind),
        country: Type.Optional(organisationFields.country),
        description: Type.Optional(organisationFields.description),
        email: Type.Optional(organisationFields.email),
        phone: Type.Optional(organisationFields.phone),
        website: Type.Optional(organisationFields.website),
        address: Type.Optional(organisationFields.address),
        timeZone: Type.Optional(organisationFields.timeZone),
      },
      { additionalProperties: false },
    ),
    locations: Type.Optional(Type.Array(LocationInput, { maxItems: 500 })),
    locationProvider: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    platformId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type OrganisationCreate = Static<typeof OrganisationCreate>;

/** A contact person or desk of an organisation. */
export const Contact = Type.Object({
  id: Id,
  organisationId: Id,
  name: Type.String(),
  title: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
});
export type Contact = Static<typeof Contact>;

export const ContactCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 320 }))),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  },
  { additionalProperties: false },
);
export type ContactCreate = Static<typeof ContactCreate>;

/**
 * An entry of an organisation- or platform-scoped list owned by a later area (receivers,
 * sources, themes, translations, hospitals, profession groups, professions, workspaces).
 */
export const CatalogueItem = Type.Object({
  id: Id,
  organisationId: Type.Union([Id, Type.Null()]),
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type CatalogueItem = Static<typeof CatalogueItem>;

/** POST /v1/organisation/{id}/profession-groups and /professions: read with an optional filter. */
export const CatalogueFilter = Type.Object(
  { query: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export type CatalogueFilter = Static<typeof CatalogueFilter>;

/** GET /v1/organisation/{id}/health-check: is the organisation set up to work? */
export const OrganisationHealthCheck = Type.Object({
  organisationId: Id,
  ok: Type.Boolean(),
  checks: Type.Array(Type.Object({ name: Type.String(), ok: Type.Boolean(), detail: Type.String() })),
});
export type OrganisationHealthCheck = Static<typeof OrganisationHealthCheck>;

/** A short entry for pickers (GET /v1/organisations/lookup). */
export const OrganisationLookup = Type.Object({ id: Id, name: Type.String(), kind: Type.String() });
export type OrganisationLookup = Static<typeof OrganisationLookup>;

/** Filters of the organisation lists (the spec's `params`, flattened into the query string). */
export const OrganisationFilter = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 200 })),
    kind: Type.Optional(Type.String({ maxLength: 50 })),
    country: Type.Optional(Type.String({ maxLength: 2 })),
    /** System administrators only: another platform's organisations. */
    platformId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type OrganisationFilter = Static<typeof OrganisationFilter>;

export const OrganisationPageQuery = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 200 })),
    page: PageNumber,
    size: PageSize,
  },
  { additionalProperties: false },
);
export type OrganisationPageQuery = Static<typeof OrganisationPageQuery>;

export const WorkspaceParams = Type.Object({ workspaceId: Id });
