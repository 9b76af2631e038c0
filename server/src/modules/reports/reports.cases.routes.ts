import {
  ApiError,
  AssignBody,
  AssignmentToken,
  AssignmentTokenParams,
  AssignmentVerification,
  AssignUserParams,
  CaseAuditEntry,
  CaseComparison,
  CaseExportBody,
  CaseNameBody,
  CasePage,
  CaseReasonBody,
  CaseSearchQuery,
  CaseVersions,
  CompareQuery,
  ExportRecord,
  ExternalIdParams,
  IdParams,
  LocationChangeCheck,
  LocationChangeQuery,
  ReassignParams,
  ReportCase,
  SavedSearch,
  SavedSearchBody,
  SavedSearchQuery,
  StatusChangeBody,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { createExport } from '../files/exports.service.ts';
import {
  assign,
  assignByToken,
  createAssignmentToken,
  reassignOrganisation,
  regenerateCase,
  renameCase,
  verifyAssignmentToken,
} from './reports.assignment.service.ts';
import {
  assignToUser,
  caseAudit,
  caseVersions,
  changeStatus,
  compareVersions,
  getCase,
  getCaseByExternalId,
  restoreCase,
  searchCases,
  softDelete,
} from './reports.cases.service.ts';
import { checkLocationChange } from './reports.locations.service.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  savedSearches,
  updateSavedSearch,
} from './reports.saved-searches.ts';

const tags = ['Case management'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** Case management (issue 12): reading, searching, the lifecycle, deletion, the audit timeline. */
export function caseRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    '/v1/reports',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'Search the cases of your organisations (open and overdue first by default)',
        description:
          "Every filter of the contract row, plus serious, overdue, assignee (@me, none or a user id), deleted (administrators) and sort. `query` searches the narrative, the reactions as reported and the medicines (full text and partial words) and the reference. Pass the answer's `nextCursor` as `cursor` with the next page to read it by key (fast however deep).",
        querystring: CaseSearchQuery,
        response: { 200: CasePage, ...errors },
      },
    },
    (request) => searchCases(db, request.actor, request.query),
  );
  app.post(
    '/v1/reports/export',
    {
      schema: {
        tags,
        summary:
          'Export any case search as CSV or XLSX (a background export: progress, listed, downloadable)',
        description:
          "The same fields as GET /v1/reports, in the body; `organisationId` names the organisation whose cases are exported (the session's by default). Follow it with GET /v1/exports/{id}; the file is GET /v1/exports/{id}/file. Cells starting with =, +, - or @ are neutralised.",
        body: CaseExportBody,
        response: { 202: ExportRecord, ...errors },
      },
    },
    async (request, reply) => {
      const { format, organisationId, deleted: _deleted, ...search } = request.body;
      const record = await createExport(
        db,
        app.deps.jobs,
        request.actor,
        {
          kind: format === 'csv' ? 'reports.csv' : 'reports.xlsx',
          ...(organisationId ? { organisationId } : {}),
        },
        request.id,
        search,
      );
      return reply.status(202).send(record);
    },
  );
  app.get(
    '/v1/reports/external/:extReportId',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: "A case found by the sender's own id for it (`extReportId`; the newest when several)",
        params: ExternalIdParams,
        response: { 200: ReportCase, ...errors },
      },
    },
    (request) => getCaseByExternalId(db, request.actor, request.params.extReportId),
  );
  app.get(
    '/v1/reports/:id',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'A case: the report, its four minimum criteria, seriousness, day zero and regulatory clock',
        params: IdParams,
        response: { 200: ReportCase, ...errors },
      },
    },
    (request) => getCase(db, request.actor, request.params.id),
  );
  app.put(
    '/v1/reports/:id/status',
    {
      schema: {
        tags,
        summary: 'Move a case along its lifecycle',
        description:
          'An illegal step answers 409 INVALID_TRANSITION with meta.current and meta.allowed; a step your role does not make, 403; "submitted" while the case\'s message waits for an assessor\'s signed approval, 409 AWAITING_APPROVAL (the approved message, sent, submits the case). Nullifying, marking a duplicate and reopening need a reason.',
        params: IdParams,
        body: StatusChangeBody,
        response: { 200: ReportCase, ...errors, 409: ApiError },
      },
    },
    (request) => changeStatus(db, request.actor, request.params.id, request.body, request.id),
  );
  app.delete(
    '/v1/reports/:id',
    {
      schema: {
        tags,
        summary: 'Delete a case (kept, hidden from every read; an administrator can restore it)',
        params: IdParams,
        body: Type.Optional(CaseReasonBody),
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await softDelete(db, request.actor, request.params.id, request.body?.reason, request.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/v1/reports/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restore a deleted case',
        params: IdParams,
        body: Type.Optional(CaseReasonBody),
        response: { 200: ReportCase, ...errors },
      },
    },
    (request) => restoreCase(db, request.actor, request.params.id, request.body?.reason, request.id),
  );
  app.put(
    '/v1/report/:id/assign/user/:userId',
    {
      schema: {
        tags,
        summary: 'Assign a case to a caseworker of its organisation (`@me`: yourself)',
        params: AssignUserParams,
        response: { 200: ReportCase, ...errors, 409: ApiError },
      },
    },
    (request) => assignToUser(db, request.actor, request.params.id, request.params.userId, request.id),
  );
  app.post(
    '/v1/report/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assign a case: to `userId`, or to yourself when the body names nobody',
        params: IdParams,
        body: Type.Optional(AssignBody),
        response: { 200: ReportCase, ...errors, 409: ApiError },
      },
    },
    (request) => assign(db, request.actor, request.params.id, request.body?.userId, request.id),
  );
  app.post(
    '/v1/report/:id/assignment-token',
    {
      schema: {
        tags,
        summary: 'A single-use link (7 days) with which a caseworker of the organisation takes the case',
        description: 'The token is shown once; only its hash is kept.',
        params: IdParams,
        response: { 201: AssignmentToken, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAssignmentToken(db, request.actor, request.params.id, request.id)),
  );
  app.get(
    '/v1/report/:id/verify/:token',
    {
      schema: {
        tags,
        summary: 'Whether an assignment link would assign the case now (changes nothing)',
        params: AssignmentTokenParams,
        response: { 200: AssignmentVerification, ...errors },
      },
    },
    (request) => verifyAssignmentToken(db, request.actor, request.params.id, request.params.token),
  );
  app.put(
    '/v1/report/:id/assign/:token',
    {
      schema: {
        tags,
        summary:
          'Take a case with an assignment link (once; 409 ASSIGNMENT_TOKEN_USED, 410 ASSIGNMENT_TOKEN_EXPIRED)',
        params: AssignmentTokenParams,
        response: { 200: ReportCase, ...errors, 409: ApiError, 410: ApiError },
      },
    },
    (request) => assignByToken(db, request.actor, request.params.id, request.params.token, request.id),
  );
  app.put(
    '/v1/report/:id/reassign/organisation/:organisationId',
    {
      schema: {
        tags,
        summary: 'Send a case to another organisation of the platform (the sender keeps a read-only trace)',
        params: ReassignParams,
        body: Type.Optional(CaseReasonBody),
        response: { 200: ReportCase, ...errors, 409: ApiError },
      },
    },
    (request) =>
      reassignOrganisation(
        db,
        request.actor,
        request.params.id,
        request.params.organisationId,
        request.body?.reason,
        request.id,
      ),
  );
  app.get(
    '/v1/report/:id/location-change-check',
    {
      schema: {
        tags,
        summary: 'What moving a case to other locations would change: who would lose or gain sight of it',
        description:
          "For each location (of the case's organisation): the user groups that would stop or start allowing the case, the caseworkers who would lose or gain it, and whether you would. Nothing is changed.",
        params: IdParams,
        querystring: LocationChangeQuery,
        response: { 200: LocationChangeCheck, ...errors },
      },
    },
    (request) => checkLocationChange(db, request.actor, request.params.id, request.query.locations),
  );
  app.post(
    '/v1/report/:id/name',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'Name a case (its short name in lists)',
        params: IdParams,
        body: CaseNameBody,
        response: { 200: ReportCase, ...errors },
      },
    },
    (request) => renameCase(db, request.actor, request.params.id, request.body.name, request.id),
  );
  app.delete(
    '/v1/report/:id/name',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: "Remove a case's name",
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await renameCase(db, request.actor, request.params.id, null, request.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/v1/reports/:id/regenerate',
    {
      schema: {
        tags,
        summary: 'Read the search columns of a case again from its current document',
        params: IdParams,
        response: { 200: ReportCase, ...errors },
      },
    },
    (request) => regenerateCase(db, request.actor, request.params.id, request.id),
  );
  app.get(
    '/v1/reports/:id/versions',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: "A case's document versions, and the reports it follows up or that follow it up",
        params: IdParams,
        response: { 200: CaseVersions, ...errors },
      },
    },
    (request) => caseVersions(db, request.actor, request.params.id),
  );
  app.get(
    '/v1/reports/:id/versions/compare',
    {
      config: { auth: 'user-or-key' },
      schema: {
        tags,
        summary: 'Two versions of a case compared field by field',
        params: IdParams,
        querystring: CompareQuery,
        response: { 200: CaseComparison, ...errors },
      },
    },
    (request) => compareVersions(db, request.actor, request.params.id, request.query),
  );
  app.get(
    '/v1/saved-searches',
    {
      schema: {
        tags,
        summary: 'Your saved searches and those shared in your organisations',
        querystring: SavedSearchQuery,
        response: { 200: Type.Array(SavedSearch), ...errors },
      },
    },
    (request) => savedSearches(db, request.actor, request.query.resource),
  );
  app.post(
    '/v1/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save a search (shared: the organisation sees it too)',
        body: SavedSearchBody,
        response: { 201: SavedSearch, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSavedSearch(db, request.actor, request.body, request.id)),
  );
  app.put(
    '/v1/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Change one of your saved searches',
        params: IdParams,
        body: SavedSearchBody,
        response: { 200: SavedSearch, ...errors },
      },
    },
    (request) => updateSavedSearch(db, request.actor, request.params.id, request.body, request.id),
  );
  app.delete(
    '/v1/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your saved searches',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(db, request.actor, request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/v1/reports/:id/audit',
    {
      schema: {
        tags,
        summary: 'The audit timeline of a case: who, when (UTC), what, old → new, why',
        params: IdParams,
        response: { 200: Type.Array(CaseAuditEntry), ...errors },
      },
    },
    (request) => caseAudit(db, request.actor, request.params.id),
  );
}
