import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';

/** Folders a client may upload to; each has its own allowed types and size limit (decision 0072). */
export const uploadFolders = ['uploads', 'images', 'documents', 'e2b', 'resources'] as const;
export const FolderName = Type.Union([
  Type.Literal('uploads'),
  Type.Literal('images'),
  Type.Literal('documents'),
  Type.Literal('e2b'),
  Type.Literal('resources'),
]);
export type FolderName = Static<typeof FolderName>;

const FileName = Type.String({ minLength: 1, maxLength: 255 });
const ContentType = Type.String({ minLength: 3, maxLength: 200, pattern: '^[\\w.+-]+/[\\w.+-]+' });

/** A stored file as the API shows it. */
export const FileRecord = Type.Object({
  id: Id,
  organisationId: Id,
  folder: Type.String(),
  /** The sanitised name, with the extension of the type found in the content. */
  name: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  /** The type found in the content once stored; the declared one while pending. */
  contentType: Type.String(),
  size: Type.Union([Type.Integer(), Type.Null()]),
  /** `pending` from the upload link until the content is checked; `stored` after. */
  status: Type.Union([Type.Literal('pending'), Type.Literal('stored')]),
  /** The address a report keeps (no signature): U-1 step 3. */
  url: Type.String(),
  /** A short-lived signed link to the bytes; null until stored. */
  downloadUrl: Type.Union([Type.String(), Type.Null()]),
  reportId: Type.Union([Id, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: Type.Integer(),
});
export type FileRecord = Static<typeof FileRecord>;

/** POST /v1/files/upload-link (U-1): the client's four fields, and whose organisation for platform administrators. */
export const UploadLinkBody = Type.Object(
  {
    fileName: FileName,
    /** The attachment's kind as the report names it; kept for the client's sake, not trusted. */
    type: Type.Optional(Type.String({ maxLength: 200 })),
    folderName: FolderName,
    contentType: ContentType,
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type UploadLinkBody = Static<typeof UploadLinkBody>;

/** The answer of POST /v1/files/upload-link: PUT the bytes to `url` with `Content-Type: contentType`. */
export const UploadLink = Type.Object({
  url: Type.String(),
  method: Type.Literal('PUT'),
  contentType: Type.String(),
  /** `url` without its signature: what the report keeps. */
  fileUrl: Type.String(),
  fileId: Id,
  maxBytes: Type.Integer(),
  expiresAt: Timestamp,
});
export type UploadLink = Static<typeof UploadLink>;

/** POST /v1/files/upload/start (U-2). */
export const UploadStartBody = Type.Object(
  {
    fileName: FileName,
    contentType: ContentType,
    folderName: FolderName,
    /** The whole file's size, when known: refused at once when over the folder's limit. */
    size: Type.Optional(Type.Integer({ minimum: 0 })),
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type UploadStartBody = Static<typeof UploadStartBody>;

export const UploadSession = Type.Object({
  uploadId: Type.String(),
  key: Type.String(),
  fileId: Id,
  maxBytes: Type.Integer(),
});
export type UploadSession = Static<typeof UploadSession>;

const UploadRef = {
  uploadId: Type.String({ minLength: 1, maxLength: 1024 }),
  key: Type.String({ minLength: 1, maxLength: 300 }),
};

/** POST /v1/files/upload/url: a presigned URL for one part. */
export const UploadPartBody = Type.Object(
  { ...UploadRef, partNumber: Type.Integer({ minimum: 1, maximum: 10_000 }) },
  { additionalProperties: false },
);
export type UploadPartBody = Static<typeof UploadPartBody>;

export const PresignedUrl = Type.Object({ url: Type.String(), expiresAt: Timestamp });
export type PresignedUrl = Static<typeof PresignedUrl>;

/** POST /v1/files/upload/complete: the parts' ETags, as the storage answered them. */
export const UploadCompleteBody = Type.Object(
  {
    ...UploadRef,
    parts: Type.Array(
      Type.Object(
        {
          partNumber: Type.Integer({ minimum: 1, maximum: 10_000 }),
          etag: Type.String({ minLength: 1, maxLength: 200 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 10_000 },
    ),
  },
  { additionalProperties: false },
);
export type UploadCompleteBody = Static<typeof UploadCompleteBody>;

/** PUT /v1/files/{id}: rename or retitle. */
export const FileUpdateBody = Type.Object(
  {
    name: Type.Optional(FileName),
    title: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type FileUpdateBody = Static<typeof FileUpdateBody>;

export const OrganisationIdParams = Type.Object({ organisationId: Id });

export const FilesQuery = Type.Object({
  folder: Type.Optional(FolderName),
  /** Only the attachments of this report (the case view's attachments, decision 0137). */
  reportId: Type.Optional(Id),
});

/** POST /v1/files/bulk-download-url. */
export const BulkDownloadBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }) },
  { additionalProperties: false },
);
export type BulkDownloadBody = Static<typeof BulkDownloadBody>;

export const DownloadUrl = Type.Object({ url: Type.String(), expiresAt: Timestamp });
export type DownloadUrl = Static<typeof DownloadUrl>;

/** GET /v1/resources and GET /v1/exports: whose (the session's organisation by default). */
export const OrganisationQuery = Type.Object({ organisationId: Type.Optional(Id) });

/** The kinds of export the server can make; case-management adds report exports. */
export const ExportKind = Type.Union([
  Type.Literal('users.csv'),
  Type.Literal('reports.csv'),
  Type.Literal('reports.xlsx'),
]);
export type ExportKind = Static<typeof ExportKind>;

/** POST /v1/exports: start one in the background. */
export const ExportCreateBody = Type.Object(
  { kind: ExportKind, organisationId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type ExportCreateBody = Static<typeof ExportCreateBody>;

/** A background export and how far it has come. */
export const ExportRecord = Type.Object({
  id: Id,
  organisationId: Id,
  kind: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ]),
  /** 0–100. */
  progress: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  /** The result's name once done; GET /v1/exports/{id}/file sends it. */
  fileName: Type.Union([Type.String(), Type.Null()]),
  size: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Timestamp,
  startedAt: Type.Union([Timestamp, Type.Null()]),
  finishedAt: Type.Union([Timestamp, Type.Null()]),
  /** The rows the file holds once done (null before, or when the kind does not count them). */
  rowCount: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * The search found more than the export's limit (EXPORT_MAX_ROWS): the file holds its first
   * `rowCount` rows only, in the list's order (issue 29).
   */
  truncated: Type.Boolean(),
  version: Type.Integer(),
});
export type ExportRecord = Static<typeof ExportRecord>;
