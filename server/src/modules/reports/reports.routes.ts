import { createHash } from 'node:crypto';
import {
  ApiError,
  ConfigurationVersion,
  FormViewReporterPage,
  FormViewReportersQuery,
  IdempotencyHeaders,
  IdParams,
  OwnCase,
  OwnCaseDetail,
  OwnCasesQuery,
  PageQuery,
  Report,
  ReportBody,
  ReportSummaryPage,
  ReportTypeParams,
  ReportTypeRules,
  ReportValidation,
} from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Actor } from '../../platform/access.ts';
import type { AppInstance } from '../../platform/app-types.ts';
import { expectedVersion } from '../../platform/concurrency.ts';
import { requestHash } from '../../platform/idempotency.ts';
import { closeUnreadBody } from '../../platform/lingering-close.ts';
import { originOf } from '../files/files.store.ts';
import {
  ANONYMOUS_FILE_LIMITS,
  readReportMultipart,
  reportRequestLimit,
  SIGNED_IN_FILE_LIMITS,
} from './reports.attachments.ts';
import { bulkRoutes } from './reports.bulk.routes.ts';
import { caseRoutes } from './reports.cases.routes.ts';
import {
  configurationVersions,
  formViewReporters,
  formViewReports,
  latestOwnReport,
  ownCase,
  ownCases,
} from './reports.lists.service.ts';
import { createReport, deleteDraft, updateReportById, validateStoredReport } from './reports.service.ts';
import { shareRoutes } from './reports.share.routes.ts';
import { rulesFor } from './reports.validation.ts';

const tags = ['Reports'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
/** A case document with a long narrative and many drugs stays well under this (decision 0078). */
export const REPORT_BODY_LIMIT = 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const hasCredentials = (request: FastifyRequest) =>
  request.headers.authorization !== undefined || request.headers['x-api-key'] !== undefined;

export function reportRoutes(app: AppInstance): void {
  const { config } = app.deps;
  // Anonymous reports have their own, much lower, limit per address (decision 0078).
  const intakeLimit = {
    max: (request: FastifyRequest) =>
      hasCredentials(request) ? config.rateLimitPerMinute : config.anonymousReportsPerMinute,
    timeWindow: '1 minute',
  };

  app.post(
    '/v1/report',
    {
      config: { auth: 'anyone', rateLimit: intakeLimit },
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Send a report, or save it as a draft (status "draft"); anonymous where the platform allows it',
        description:
          'Every problem is answered at once (400 VALIDATION_FAILED, meta.fields). With an Idempotency-Key, a retry answers the first answer again and never makes a second report; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.',
        headers: IdempotencyHeaders,
        body: ReportBody,
        response: { 201: Report, ...errors, 409: ApiError, 422: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const answer = await createReport(app.deps, request.actor as Actor | null, request.body, {
        requestId: request.id,
        ip: request.ip,
        acceptLanguage: request.headers['accept-language'],
        idempotencyKey: request.headers['idempotency-key'],
        hash: requestHash('POST', '/v1/report', request.body),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.post(
    '/v1/report/post',
    {
      onSend: closeUnreadBody,
      // A signed-in reporter's limit; a stranger's lower one is checked as the request is read.
      bodyLimit: reportRequestLimit(SIGNED_IN_FILE_LIMITS, REPORT_BODY_LIMIT),
      config: { auth: 'anyone', rateLimit: intakeLimit },
      schema: {
        tags,
        summary: 'Send a report and its files in one multipart/form-data request',
        description:
          'Part `report`: the JSON body of POST /v1/report. File parts: each named by the `id` of its entry in `attachmentFields` (another name adds an entry); checked by content and size as uploads are, stored with the report in one transaction. Idempotency-Key as for POST /v1/report.',
        consumes: ['multipart/form-data'],
        headers: IdempotencyHeaders,
        response: {
          201: Report,
          ...errors,
          409: ApiError,
          413: ApiError,
          415: ApiError,
          422: ApiError,
          429: ApiError,
        },
      },
    },
    async (request, reply) => {
      const limits = request.actor ? SIGNED_IN_FILE_LIMITS : ANONYMOUS_FILE_LIMITS;
      const { body, files } = await readReportMultipart(request, limits, REPORT_BODY_LIMIT);
      const answer = await createReport(app.deps, request.actor as Actor | null, body, {
        requestId: request.id,
        ip: request.ip,
        acceptLanguage: request.headers['accept-language'],
        idempotencyKey: request.headers['idempotency-key'],
        // The files count too: a retry must send the same bytes under the same key.
        hash: requestHash('POST', '/v1/report/post', {
          body,
          files: files.map((f) => ({ field: f.field, name: f.fileName, sha256: sha256(f.bytes) })),
        }),
        files: { list: files, origin: originOf(request) },
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
  app.put(
    '/v1/report/:id',
    {
      config: { auth: 'user-or-key' },
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save a new version of a report: resume a draft, send it, or complete a sent report',
        params: IdParams,
        body: ReportBody,
        response: { 200: Report, ...errors, 409: ApiError, 412: ApiError },
      },
    },
    (request) =>
      updateReportById(app.deps, request.actor, request.params.id, request.body, {
        requestId: request.id,
        expectedVersion: expectedVersion(request),
      }),
  );
  app.delete(
    '/v1/report/draft/:id',
    {
      schema: {
        tags,
        summary: 'Delete a draft report',
        params: IdParams,
        response: { 204: Type.Null(), ...errors, 409: ApiError },
      },
    },
    async (request, reply) => {
      await deleteDraft(app.deps.db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/report/validate/:id',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'What sending the stored report (or draft) would be refused for, in the words of a 400',
        params: IdParams,
        response: { 200: ReportValidation, ...errors },
      },
    },
    (request) => validateStoredReport(app.deps.db, request.actor, request.params.id),
  );
  app.get(
    '/v1/report/validate/type/:type',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The checks a draft, or a report being sent, must pass',
        params: ReportTypeParams,
        response: { 200: ReportTypeRules, 400: ApiError },
      },
    },
    (request) => ({ type: request.params.type, rules: rulesFor(request.params.type) }),
  );
  app.get(
    '/v1/reports/configuration-versions',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'The form configurations (view, version, schema) reports were filled in with',
        response: { 200: Type.Array(ConfigurationVersion), ...errors },
      },
    },
    (request) => configurationVersions(app.deps.db, request.actor),
  );
  app.get(
    '/v1/formview/:id/reports',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'The reports filled in with a form view',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: ReportSummaryPage, ...errors },
      },
    },
    (request) => formViewReports(app.deps.db, request.actor, request.params.id, request.query),
  );
  app.get(
    '/v1/formview/:id/reporters',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'The signed-in people who filed reports with a form view',
        params: IdParams,
        querystring: FormViewReportersQuery,
        response: { 200: FormViewReporterPage, ...errors },
      },
    },
    (request) => formViewReporters(app.deps.db, request.actor, request.params.id, request.query),
  );
  app.get(
    '/v1/formview/:id/latest-report-version',
    {
      schema: {
        tags,
        summary: "The caller's own latest report of a form view, with its case document (resume a draft)",
        params: IdParams,
        response: { 200: Report, ...errors },
      },
    },
    (request) => latestOwnReport(app.deps.db, request.actor, request.params.id),
  );
  app.get(
    '/v1/users/@me/cases',
    {
      schema: {
        tags,
        summary: 'Your own reports, drafts and sent, newest change first (My reports)',
        querystring: OwnCasesQuery,
        response: { 200: Type.Array(OwnCase), ...errors },
      },
    },
    (request) => ownCases(app.deps.db, request.actor, request.query),
  );
  app.get(
    '/v1/users/@me/cases/:id',
    {
      schema: {
        tags,
        summary:
          'One of your own reports as you sent it (My reports, read only): the document of the last version you wrote, with its reference and who received it',
        params: IdParams,
        response: { 200: OwnCaseDetail, ...errors },
      },
    },
    (request) => ownCase(app.deps.db, request.actor, request.params.id),
  );
  caseRoutes(app);
  bulkRoutes(app);
  shareRoutes(app);
}
