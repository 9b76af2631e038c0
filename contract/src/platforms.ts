import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';

export const MfaMethodName = Type.Union([Type.Literal('totp'), Type.Literal('sms')]);

/** A platform as its own administrators see it. */
export const Platform = Type.Object({
  id: Id,
  name: Type.String(),
  domain: Type.Union([Type.String(), Type.Null()]),
  mfaMethods: Type.Array(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Increments on every change: send it back as `If-Match: "<version>"` to refuse a stale write (412). */
  version: Type.Integer({ minimum: 1 }),
});
export type Platform = Static<typeof Platform>;

/** What anyone may know of a platform before signing in (GET /v1/platforms/domain/{domain}). */
export const PublicPlatform = Type.Object({
  id: Id,
  name: Type.String(),
  domain: Type.Union([Type.String(), Type.Null()]),
});
export type PublicPlatform = Static<typeof PublicPlatform>;

/** An organisation a member of the public may send a report to: only what the choice shows. */
export const PublicReportingOrganisation = Type.Object({ id: Id, name: Type.String(), kind: Type.String() });

/** GET /v1/platforms/{id}/reporting: the organisation a public link names, if any. */
export const PublicReportingQuery = Type.Object(
  { organisationId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type PublicReportingQuery = Static<typeof PublicReportingQuery>;

/**
 * GET /v1/platforms/{id}/reporting (public): whether the platform takes reports without an
 * account, and where such a report may go. `organisations` is empty when it does not; else the
 * organisation the link names (`organisationId`, when it is one of the platform's), or the
 * platform's regulators, or every organisation when it has none (decision 0275).
 */
export const PublicReporting = Type.Object({
  anonymousReports: Type.Boolean(),
  organisations: Type.Array(PublicReportingOrganisation),
});
export type PublicReporting = Static<typeof PublicReporting>;

const platformFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  domain: Type.Union([
    Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$' }),
    Type.Null(),
  ]),
  mfaMethods: Type.Array(MfaMethodName, { uniqueItems: true }),
};

export const PlatformCreate = Type.Object(
  {
    name: platformFields.name,
    domain: Type.Optional(platformFields.domain),
    mfaMethods: Type.Optional(platformFields.mfaMethods),
  },
  { additionalProperties: false },
);
export type PlatformCreate = Static<typeof PlatformCreate>;

export const PlatformUpdate = Type.Partial(
  Type.Object({ ...platformFields, serverConfiguration: Type.Record(Type.String(), Type.Unknown()) }),
  { additionalProperties: false, minProperties: 1 },
);
export type PlatformUpdate = Static<typeof PlatformUpdate>;

/** GET /v1/platforms/{id}/server-configuration: settings the platform's apps read (administrators only). */
export const ServerConfiguration = Type.Object({
  platformId: Id,
  publicUrl: Type.String(),
  mfaMethods: Type.Array(Type.String()),
  settings: Type.Record(Type.String(), Type.Unknown()),
});
export type ServerConfiguration = Static<typeof ServerConfiguration>;

export const DomainParams = Type.Object({ domain: Type.String({ minLength: 1, maxLength: 253 }) });
