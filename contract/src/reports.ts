import { type Static, Type } from 'typebox';
import { Id, Page, PageQuery, Timestamp } from './common.ts';

/**
 * Report intake (ENDPOINTS.md section 4): POST /v1/report, PUT /v1/report/{id}, the
 * multipart POST /v1/report/post, drafts, validation. Field names are the specification's.
 * The case document itself (`report`) is checked by the service, which answers every
 * problem at once in words a reporter understands (decision 0075); here it is any object.
 */

/** One attachment of a report (spec §3): uploaded before the report, referred to by URL. */
export const AttachmentField = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    attachmentfile: Type.Optional(Type.String({ maxLength: 500 })),
    attachmenturl: Type.Optional(Type.String({ maxLength: 2000 })),
    attachmentcomments: Type.Optional(Type.String({ maxLength: 2000 })),
    attachmenttype: Type.Optional(Type.String({ maxLength: 200 })),
    hasFile: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AttachmentField = Static<typeof AttachmentField>;

export const ReportStatus = Type.Union([Type.Literal('draft'), Type.Literal('submitted')]);

/** The body of POST /v1/report and PUT /v1/report/{id} (spec §3, ENDPOINTS.md row of POST /v1/report). */
export const ReportBody = Type.Object(
  {
    userId: Type.Optional(Id),
    /** The case document (decision 0040); omitted = an empty draft. */
    report: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    organisationId: Type.Optional(Id),
    formViewVersionId: Type.Optional(Id),
    formSchemaId: Type.Optional(Id),
    /** `draft` keeps it for later (checked only for form); `submitted` (the default) sends it. */
    status: Type.Optional(ReportStatus),
    source: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    sourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    followUpUserId: Type.Optional(Id),
    currentReportId: Type.Optional(Id),
    attachmentFields: Type.Optional(Type.Array(AttachmentField, { maxItems: 50 })),
    uploadType: Type.String({ minLength: 1, maxLength: 50, default: 'auth' }),
    /** E2B(R3) XML instead of `report`: refused here for now, the import is POST /v1/report/load. */
    reportXML: Type.Optional(Type.String({ maxLength: 5_000_000 })),
    extReportId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** The reporter's address for the confirmation, when they are not signed in. */
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    token: Type.Optional(Type.String({ maxLength: 500 })),
    emailAddress: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

/** A report as intake answers it: its row and the case document of its current version. */
export const Report = Type.Object({
  id: Id,
  /** Read out on the phone: four letters or digits, four more, a check character (`K7HD-3MXT-R`). */
  reference: Type.String(),
  platformId: Id,
  organisationId: Id,
  status: Type.String(),
  anonymous: Type.Boolean(),
  reporterUserId: Type.Union([Id, Type.Null()]),
  formViewId: Type.Union([Id, Type.Null()]),
  formViewVersionId: Type.Union([Id, Type.Null()]),
  formSchemaId: Type.Union([Id, Type.Null()]),
  source: Type.Union([Type.String(), Type.Null()]),
  sourceId: Type.Union([Type.String(), Type.Null()]),
  extReportId: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  uploadType: Type.String(),
  receiptDate: Type.Union([Type.String(), Type.Null()]),
  reportType: Type.Union([Type.String(), Type.Null()]),
  serious: Type.Boolean(),
  seriousness: Type.Array(Type.String()),
  country: Type.Union([Type.String(), Type.Null()]),
  /** The number of the case document's current version (1, 2, …). */
  reportVersion: Type.Integer({ minimum: 1 }),
  report: Type.Record(Type.String(), Type.Unknown()),
  attachmentFields: Type.Array(AttachmentField),
  submittedAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Send it back as `If-Match: "<version>"` to refuse a stale write (412, decision 0049). */
  version: Type.Integer({ minimum: 1 }),
});
export type Report = Static<typeof Report>;

/** One problem of a report, the same item as `meta.fields` of a 400 VALIDATION_FAILED. */
export const ReportFinding = Type.Object({
  field: Type.String(),
  message: Type.String(),
  reason: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Number()),
});

/** GET /v1/report/validate/{id}: what a submission of the stored report would be refused for. */
export const ReportValidation = Type.Object({
  id: Id,
  status: Type.String(),
  /** True when the report, submitted as it is, would be accepted. */
  valid: Type.Boolean(),
  fields: Type.Array(ReportFinding),
});
export type ReportValidation = Static<typeof ReportValidation>;

/** GET /v1/report/validate/type/{type}: the checks a report of that kind must pass. */
export const ReportTypeRules = Type.Object({
  type: Type.String(),
  rules: Type.Array(Type.Object({ field: Type.String(), rule: Type.String(), message: Type.String() })),
});
export type ReportTypeRules = Static<typeof ReportTypeRules>;

export const ReportTypeParams = Type.Object({
  type: Type.Union([Type.Literal('draft'), Type.Literal('submitted')]),
});

/** The optional `Idempotency-Key` of a POST (decision 0076). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' }),
  ),
});

/** GET /v1/reports/configuration-versions: the form versions reports were filled with, and how many. */
export const ConfigurationVersion = Type.Object({
  formViewId: Type.Union([Id, Type.Null()]),
  formViewVersionId: Type.Union([Id, Type.Null()]),
  formSchemaId: Type.Union([Id, Type.Null()]),
  reports: Type.Integer({ minimum: 0 }),
  lastReportAt: Timestamp,
});
export type ConfigurationVersion = Static<typeof ConfigurationVersion>;

/** A report in a list of a form view's reports: the search columns, not the document. */
export const ReportSummary = Type.Object({
  id: Id,
  reference: Type.String(),
  organisationId: Id,
  status: Type.String(),
  reporterUserId: Type.Union([Id, Type.Null()]),
  formViewVersionId: Type.Union([Id, Type.Null()]),
  receiptDate: Type.Union([Type.String(), Type.Null()]),
  reportType: Type.Union([Type.String(), Type.Null()]),
  serious: Type.Boolean(),
  country: Type.Union([Type.String(), Type.Null()]),
  reportVersion: Type.Integer({ minimum: 1 }),
  updatedAt: Timestamp,
});
export const ReportSummaryPage = Page(ReportSummary);

/** GET /v1/users/@me/cases: which of the caller's own reports to list. */
export const OwnCasesQuery = Type.Object({
  /** `draft`: drafts only; `sent`: every report past draft; `all` (default). */
  mode: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('draft'), Type.Literal('sent')])),
  source: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  sourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type OwnCasesQuery = Static<typeof OwnCasesQuery>;

/** One of the caller's own reports ("My reports"): what it is, where it stands, its form. */
export const OwnCase = Type.Object({
  id: Id,
  reference: Type.String(),
  organisationId: Id,
  status: Type.String(),
  formViewId: Type.Union([Id, Type.Null()]),
  formViewVersionId: Type.Union([Id, Type.Null()]),
  /** The form's name when it was filled in with a form. */
  formName: Type.Union([Type.String(), Type.Null()]),
  reportVersion: Type.Integer({ minimum: 1 }),
  submittedAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type OwnCase = Static<typeof OwnCase>;

/**
 * GET /v1/users/@me/cases/{id}: one of the caller's own reports as they sent it (My reports,
 * read only): the document of the last version they wrote themselves, not what staff made of
 * it since, and who received it (decision 0280).
 */
export const OwnCaseDetail = Type.Object({
  ...OwnCase.properties,
  organisationName: Type.String(),
  /** The version the reporter last wrote (sent, or a follow-up of theirs). */
  sentVersion: Type.Integer({ minimum: 1 }),
  report: Type.Record(Type.String(), Type.Unknown()),
});
export type OwnCaseDetail = Static<typeof OwnCaseDetail>;

/** A reporter of a form view: someone signed in who filed at least one report with it. */
export const FormViewReporter = Type.Object({
  userId: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  reports: Type.Integer({ minimum: 1 }),
  lastReportAt: Timestamp,
});
export const FormViewReporterPage = Page(FormViewReporter);
export const FormViewReportersQuery = Type.Object({
  ...PageQuery.properties,
  query: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
