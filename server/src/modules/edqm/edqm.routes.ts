import { ApiError, EdqmImportResult, EdqmLookupQuery, EdqmSearchQuery, EdqmTerm } from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { closeUnreadBody } from '../../platform/lingering-close.ts';
import { MAX_EXPORT_BYTES, readExportFile } from './edqm.files.ts';
import { findTerms, importTerms, lookupTerms } from './edqm.service.ts';

const tags = ['Reference data'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const readConfig = { auth: 'user-or-key' } as const;

export function edqmRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    '/v1/edqm',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'EDQM dose forms (PDF) and routes of administration (ROA): with `query`, terms whose words the typed words start (any order, accents and case ignored; a code such as PDF-10219000 or 10219000 too), current first; without, the list by relevance then term. Deprecated terms are found and marked unless includeDeprecated=false',
        querystring: EdqmSearchQuery,
        response: { 200: Type.Array(EdqmTerm), ...errors },
      },
    },
    (request) => findTerms(db, request.actor, request.query),
  );
  app.get(
    '/v1/edqm/lookup',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'The EDQM terms of stored codes (comma-separated, at most 100), in the order asked; unknown codes are left out',
        querystring: EdqmLookupQuery,
        response: { 200: Type.Array(EdqmTerm), ...errors },
      },
    },
    (request) => lookupTerms(db, request.actor, request.query),
  );
  app.post(
    '/v1/edqm/import',
    {
      bodyLimit: MAX_EXPORT_BYTES,
      onSend: closeUnreadBody,
      schema: {
        tags,
        summary:
          'Import EDQM standard terms (system administrators): one file part, the EDQM Standard Terms API JSON or a CSV export with a header row (code, term, status; class, domain, version and language columns optional). Checked whole: line-numbered errors and nothing kept, or every PDF and ROA term added or updated in one transaction',
        consumes: ['multipart/form-data'],
        response: { 200: EdqmImportResult, 415: ApiError, ...errors },
      },
    },
    async (request) => importTerms(db, request.actor, await readExportFile(request), request.id),
  );
}
