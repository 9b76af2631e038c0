import {
  ApiError,
  CaseShare,
  CaseShareBody,
  ExternalIdParams,
  ReassignParams,
  SharedCase,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { shareCase, sharedCase, unshareCase } from './reports.share.service.ts';

const tags = ['Case management'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** A case shown read-only to another organisation of its platform (decision 0130). */
export function shareRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    '/v1/reports/share/:extReportId',
    {
      schema: {
        tags,
        summary: 'The shared view of a case, by its external id or its reference',
        description:
          "Its organisation's caseworkers and the platform's administrators read all of it; a caseworker of an organisation it was shared with reads the clinical core and what the share reveals (`patient`, `reporter`, `narrative`). Attached documents are never shown.",
        params: ExternalIdParams,
        response: { 200: SharedCase, ...errors },
      },
    },
    (request) => sharedCase(db, request.actor, request.params.extReportId),
  );
  app.put(
    '/v1/report/:id/share/organisation/:organisationId',
    {
      schema: {
        tags,
        summary:
          'Share a case with another organisation of the platform (read-only), or change what it reveals',
        description:
          'Without `reveal` the other organisation sees the clinical core only: no patient identity, no reporter identity, no free text.',
        params: ReassignParams,
        body: Type.Optional(CaseShareBody),
        response: { 200: CaseShare, ...errors },
      },
    },
    (request) =>
      shareCase(
        db,
        request.actor,
        request.params.id,
        request.params.organisationId,
        request.body?.reveal ?? [],
        request.id,
      ),
  );
  app.delete(
    '/v1/report/:id/share/organisation/:organisationId',
    {
      schema: {
        tags,
        summary: 'Stop sharing a case with an organisation',
        params: ReassignParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await unshareCase(db, request.actor, request.params.id, request.params.organisationId, request.id);
      return reply.status(204).send(null);
    },
  );
}
