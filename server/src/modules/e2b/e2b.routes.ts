import {
  ApiError,
  E2bDraftValidationBody,
  E2bImportResult,
  E2bProfileQuery,
  E2bValidation,
  IdempotencyHeaders,
  IdParams,
  Json2XmlBody,
  Report,
  ReportXmlBody,
} from '@vigilo/contract';
import type { FastifyError, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Actor } from '../../platform/access.ts';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import { closeUnreadBody } from '../../platform/lingering-close.ts';
import { contentDisposition } from '../../platform/storage-s3.ts';
import { MULTIPART_ALLOWANCE, xmlTooLarge } from './e2b.findings.ts';
import { importE2bFile, readE2bUpload } from './e2b.import.ts';
import {
  caseToXml,
  reportCioms,
  reportXml,
  updateReportFromXml,
  validateDraftXml,
  validateReportXml,
} from './e2b.service.ts';

const tags = ['E2B(R3)'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const XML = 'application/xml; charset=utf-8';

/** A download: an attachment, never sniffed or cached (as the files area sends them). */
const download = (reply: FastifyReply, body: string | Buffer, fileName: string, contentType: string) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);

export function e2bRoutes(app: AppInstance): void {
  const { config } = app.deps;
  // JSON escaping can double the XML's size: the parser's own limit answers first (400 XML_TOO_LARGE).
  const xmlBodyLimit = 2 * config.e2bMaxBytes + 1024;

  app.post(
    '/v1/reports/json2xml',
    {
      config: { auth: 'user-or-key' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'A case document written as an ICH E2B(R3) message (text; nothing is stored)',
        body: Json2XmlBody,
        produces: ['application/xml'],
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) =>
      reply.header('content-type', XML).send(await caseToXml(app.deps.db, request.actor, request.body)),
  );
  app.get(
    '/v1/report/:id/xml',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: "Download the case as an E2B(R3) message, for the organisation's default receiver",
        description:
          "Written for the organisation's default receiver (its profile and identifiers; ICH when it named none, decision 0200) unless `profile` names another profile, written then for that profile's regulator. X-E2B-Profile says which, X-E2B-Errors how many findings of severity error it has (see …/xml/validation).",
        params: IdParams,
        querystring: E2bProfileQuery,
        produces: ['application/xml'],
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await reportXml(
        app.deps.db,
        request.actor,
        request.params.id,
        request.query.profile,
        request.id,
      );
      reply.header('x-e2b-profile', answer.profile).header('x-e2b-errors', String(answer.errors));
      return download(reply, answer.xml, answer.fileName, XML);
    },
  );
  app.put(
    '/v1/report/:id/xml',
    {
      config: { auth: 'user-or-key' },
      bodyLimit: xmlBodyLimit,
      onSend: closeUnreadBody,
      // A body over the limit is the same 400 as a file over it (decision 0096), not Fastify's 413.
      errorHandler: (error: FastifyError) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw xmlTooLarge('body/reportXML', config.e2bMaxBytes);
        throw error;
      },
      schema: {
        tags,
        summary: 'Save a new version of the case from an E2B(R3) message holding it alone',
        params: IdParams,
        body: ReportXmlBody,
        response: { 200: Report, ...errors, 409: ApiError, 412: ApiError },
      },
    },
    (request) =>
      updateReportFromXml(app.deps, request.actor, request.params.id, request.body, {
        requestId: request.id,
        expectedVersion: expectedVersion(request),
      }),
  );
  app.post(
    '/v1/report/load',
    {
      config: {
        auth: 'user-or-key',
        uploadTooLarge: () => xmlTooLarge('body/file', config.e2bMaxBytes),
      },
      onSend: closeUnreadBody,
      bodyLimit: config.e2bMaxBytes + MULTIPART_ALLOWANCE,
      schema: {
        tags,
        summary: 'Import an E2B(R3) file: one report per case (source "XML import")',
        description:
          'multipart/form-data: the file (part `file`), and `organisationId` (the session’s when left out). Cases that do not fit the case document are named in `failed`; the others are stored. With an Idempotency-Key a retry answers the first answer.',
        consumes: ['multipart/form-data'],
        headers: IdempotencyHeaders,
        response: { 201: E2bImportResult, ...errors, 409: ApiError, 415: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      const upload = await readE2bUpload(request, config.e2bMaxBytes);
      const answer = await importE2bFile(app.deps, request.actor as Actor, upload, {
        requestId: request.id,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.get(
    '/v1/report/:id/xml/validation',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'Validate the stored case as E2B(R3) against a profile (ich, fda, eu)',
        params: IdParams,
        querystring: E2bProfileQuery,
        response: { 200: E2bValidation, ...errors },
      },
    },
    (request) =>
      validateReportXml(app.deps.db, request.actor, request.params.id, request.query.profile, request.id),
  );
  app.post(
    '/v1/report/:id/xml/validation',
    {
      config: { auth: 'user-or-key' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Validate an unsaved version of the case (the case form’s) as E2B(R3); nothing is stored',
        description:
          "The answer of GET …/xml/validation for `report`, an unsaved case document of this case, written as its message would be (the administrative elements filled by Vigilo, decision 0240) for `profile`, else the organisation's default receiver. A document that does not fit the case document is refused with 400 and its fields.",
        params: IdParams,
        body: E2bDraftValidationBody,
        response: { 200: E2bValidation, ...errors },
      },
    },
    (request) => validateDraftXml(app.deps.db, request.actor, request.params.id, request.body),
  );
  app.get(
    '/v1/report/:id/cioms',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'Download the case as a CIOMS I form (PDF)',
        params: IdParams,
        produces: ['application/pdf'],
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await reportCioms(app.deps.db, request.actor, request.params.id, request.id);
      return download(reply, pdf, fileName, 'application/pdf');
    },
  );
}
