import {
  ApiError,
  DownloadUrl,
  Drug,
  DrugExportUrlBody,
  DrugList,
  DrugListPreview,
  DrugLookup,
  DrugLookupQuery,
  DrugOrganisationQuery,
  DrugSearchQuery,
  DrugsQuery,
  IdapsEntry,
  IdapsListQuery,
  IdapsLookupQuery,
  IdapsProfile,
  IdapsProfileQuery,
  IdapsSnapshot,
  IdapsSnapshotBody,
  IdParams,
  PublicMedicineName,
  PublicMedicineNamesQuery,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { closeUnreadBody } from '../../platform/lingering-close.ts';
import { urlSigner } from '../../platform/signed-urls.ts';
import { contentDisposition } from '../../platform/storage-s3.ts';
import { MULTIPART_ALLOWANCE } from '../../platform/uploads.ts';
import { originOf } from '../files/files.store.ts';
import { MAX_LIST_BYTES, MAX_META_BYTES, readUpload } from './drugs.files.ts';
import { previewList } from './drugs.preview.ts';
import {
  DRUG_EXPORT_PATH,
  drugsCsv,
  exportDownload,
  exportUrl,
  getDrug,
  lookup,
  pageOfDrugs,
  publicMedicineNames,
  search,
  uploadList,
  uploadMeta,
  versions,
} from './drugs.service.ts';
import { entries, lookupByTerm, profile, requestSnapshot, snapshots } from './idaps.service.ts';

const tags = ['Reference data'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const uploadErrors = { ...errors, 409: ApiError, 413: ApiError, 415: ApiError };
const readConfig = { auth: 'user-or-key' } as const;

/** Drug products (decisions 0140–0142, 0144) and IDAPS (decision 0143). */
export function drugRoutes(app: AppInstance): void {
  const { db, jobs } = app.deps;
  const signer = urlSigner(app.deps.config);

  app.get(
    '/v1/drugs',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          "One page of an organisation's products (the session's organisation by default), by name; size 50 by default, at most 500 (the current list's `products` in GET /v1/drugs/lists is the total)",
        querystring: DrugsQuery,
        response: { 200: Type.Array(Drug), ...errors },
      },
    },
    (request) => pageOfDrugs(db, request.actor, request.query),
  );
  app.get(
    '/v1/platforms/:id/medicine-names',
    {
      // Public, as the signed-out form is; a type-ahead asks once a keystroke or so.
      config: { auth: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Medicine names for a signed-out report (public): products of the receiving organisation's list whose name, substance or code the typed words start, names and strengths only",
        params: IdParams,
        querystring: PublicMedicineNamesQuery,
        response: { 200: Type.Array(PublicMedicineName), 400: ApiError, 404: ApiError },
      },
    },
    (request) => publicMedicineNames(db, request.params.id, request.query),
  );
  app.get(
    '/v1/drugs/search',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'Type-ahead: products whose name, active substance, authorisation number or code the typed words start (any order, accents and case ignored), best first',
        querystring: DrugSearchQuery,
        response: { 200: Type.Array(Drug), ...errors },
      },
    },
    (request) => search(db, request.actor, request.query),
  );
  app.get(
    '/v1/drugs/lookup',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'Exact look-up of products by `ids` (comma-separated), `code` or `authorisationNumber`, short',
        querystring: DrugLookupQuery,
        response: { 200: Type.Array(DrugLookup), ...errors },
      },
    },
    (request) => lookup(db, request.actor, request.query),
  );
  app.get(
    '/v1/drugs/lists',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          "The versions of an organisation's product list (meta file and last upload's result), the current one first",
        querystring: DrugOrganisationQuery,
        response: { 200: Type.Array(DrugList), ...errors },
      },
    },
    (request) => versions(db, request.actor, request.query.organisationId),
  );
  app.get(
    '/v1/drugs/csv',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          "The organisation's products as CSV, in the upload's own columns (it uploads again as it is)",
        querystring: DrugOrganisationQuery,
        produces: ['text/csv'],
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await drugsCsv(db, request.actor, request.query.organisationId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
  app.post(
    '/v1/drugs/export-url',
    {
      config: readConfig,
      schema: {
        tags,
        summary: 'A short-lived signed link to GET /v1/drugs/export for an organisation (G-7)',
        body: DrugExportUrlBody,
        response: { 200: DownloadUrl, ...errors },
      },
    },
    (request) => exportUrl(db, request.actor, signer, originOf(request), request.body.organisationId),
  );
  app.get(
    DRUG_EXPORT_PATH,
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "An organisation's product list export, opened by browser navigation (G-7)",
        description:
          'No Authorization header: the link is signed (organisation, expiry, key) by POST /v1/drugs/export-url and works for 5 minutes. A zip of drugs.csv and drugs-meta.json, the two files the uploads take.',
        querystring: Type.Object({}, { additionalProperties: true }),
        produces: ['application/zip'],
        response: { 200: Type.Unknown({ description: 'The zip' }), ...errors },
      },
    },
    async (request, reply) => {
      const { organisationId = '' } = signer.verify(
        DRUG_EXPORT_PATH,
        request.query as Record<string, unknown>,
      );
      const file = await exportDownload(db, organisationId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
  app.post(
    '/v1/drugs/upload/meta',
    {
      onSend: closeUnreadBody,
      bodyLimit: MAX_META_BYTES + MULTIPART_ALLOWANCE,
      schema: {
        tags,
        summary:
          "Start a new version of an organisation's product list with its meta file (JSON: version, source, publishedOn, delimiter, substanceSeparator, columns) as the part `file`; the next list upload fills it",
        consumes: ['multipart/form-data'],
        querystring: DrugOrganisationQuery,
        response: { 201: DrugList, ...uploadErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await uploadMeta(
            db,
            request.actor,
            request.query.organisationId,
            await readUpload(request, { file: MAX_META_BYTES }),
            request.id,
          ),
        ),
  );
  app.post(
    '/v1/drugs/upload/list',
    {
      bodyLimit: MAX_LIST_BYTES + 1024 * 1024,
      onSend: closeUnreadBody,
      schema: {
        tags,
        summary:
          "Replace an organisation's products with a CSV product list (part `file`; optionally its meta file as part `meta`). Checked whole first: line-numbered errors in meta.lines and nothing imported; then replaced in one transaction",
        consumes: ['multipart/form-data'],
        querystring: DrugOrganisationQuery,
        response: { 200: DrugList, ...uploadErrors },
      },
    },
    async (request) =>
      uploadList(
        db,
        jobs,
        request.actor,
        request.query.organisationId,
        await readUpload(request, { file: MAX_LIST_BYTES, meta: MAX_META_BYTES }),
        request.id,
      ),
  );
  app.post(
    '/v1/drugs/upload/list/preview',
    {
      bodyLimit: MAX_LIST_BYTES + 1024 * 1024,
      onSend: closeUnreadBody,
      schema: {
        tags,
        summary:
          'What POST /v1/drugs/upload/list would do with the same parts, nothing written: products added, updated, unchanged and removed, the removed ones named (at most 500); refused line by line as the upload is',
        consumes: ['multipart/form-data'],
        querystring: DrugOrganisationQuery,
        response: { 200: DrugListPreview, ...uploadErrors },
      },
    },
    async (request) =>
      previewList(
        db,
        request.actor,
        request.query.organisationId,
        await readUpload(request, { file: MAX_LIST_BYTES, meta: MAX_META_BYTES }),
      ),
  );
  app.get(
    '/v1/drugs/idaps',
    {
      schema: {
        tags,
        summary:
          "One product's IDAPS: reactions its organisation's reports name, by SOC → PT with serious and fatal counts, from the newest published snapshot; `from`/`to` filter by receipt date",
        querystring: IdapsProfileQuery,
        response: { 200: IdapsProfile, ...errors },
      },
    },
    (request) => profile(db, request.actor, request.query),
  );
  app.get(
    '/v1/drugs/:id',
    {
      config: readConfig,
      schema: { tags, summary: 'One product', params: IdParams, response: { 200: Drug, ...errors } },
    },
    (request) => getDrug(db, request.actor, request.params.id),
  );

  app.get(
    '/v1/idaps',
    {
      schema: {
        tags,
        summary:
          "IDAPS index: the organisation's products with reported reactions in the newest published snapshot, most reactions first (page, size 50)",
        querystring: IdapsListQuery,
        response: { 200: Type.Array(IdapsEntry), ...errors },
      },
    },
    (request) => entries(db, request.actor, request.query),
  );
  app.get(
    '/v1/idaps/lookup',
    {
      schema: {
        tags,
        summary:
          'IDAPS look-up by reaction: the products whose reports name one MedDRA PT or SOC (`code`), with the counts of that term',
        querystring: IdapsLookupQuery,
        response: { 200: Type.Array(IdapsEntry), ...errors },
      },
    },
    (request) => lookupByTerm(db, request.actor, request.query),
  );
  app.get(
    '/v1/idaps/snapshots',
    {
      schema: {
        tags,
        summary: "The organisation's IDAPS computations (waiting, running, published, failed), newest first",
        querystring: DrugOrganisationQuery,
        response: { 200: Type.Array(IdapsSnapshot), ...errors },
      },
    },
    (request) => snapshots(db, request.actor, request.query.organisationId),
  );
  app.post(
    '/v1/idaps/snapshots',
    {
      schema: {
        tags,
        summary:
          'Compute the IDAPS again now (administrators): a background job publishes a new snapshot (202); 409 while one is waiting or running',
        body: IdapsSnapshotBody,
        response: { 202: IdapsSnapshot, 409: ApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await requestSnapshot(db, jobs, request.actor, request.body.organisationId, request.id)),
  );
}
