import {
  ApiError,
  MeddraBrowseQuery,
  MeddraLookupQuery,
  MeddraPath,
  MeddraSearchQuery,
  MeddraTerm,
  MeddraVersion,
} from '@vigilo/contract';
import { Type } from 'typebox';
import type { AppInstance } from '../../platform/app-types.ts';
import { closeUnreadBody } from '../../platform/lingering-close.ts';
import { MAX_RELEASE_BYTES, readReleaseFiles } from './meddra.files.ts';
import { browse, lookup, search, uploadRelease, versions } from './meddra.service.ts';

const tags = ['Reference data'];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const readConfig = { auth: 'user-or-key' } as const;

export function meddraRoutes(app: AppInstance): void {
  const { db, jobs } = app.deps;
  app.get(
    '/v1/meddras',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'Browse MedDRA: the SOCs, or the terms one level below `parentCode` (SOC → HLGT → HLT → PT → LLT); `level` names the parent level when a code is at two (a PT and its own LLT)',
        querystring: MeddraBrowseQuery,
        response: { 200: Type.Array(MeddraTerm), ...errors },
      },
    },
    (request) => browse(db, request.actor, request.query),
  );
  app.get(
    '/v1/meddras/search',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'Type-ahead: LLTs whose words the typed words start (any order, accents and case ignored, one typo tolerated), current first, each with its primary path to the SOC; an 8-digit code answers its paths at any level',
        querystring: MeddraSearchQuery,
        response: { 200: Type.Array(MeddraPath), ...errors },
      },
    },
    (request) => search(db, request.actor, request.query),
  );
  app.get(
    '/v1/meddras/lookup',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'The full paths of one code at any level (LLT → PT → HLT → HLGT → SOC), the primary path first',
        querystring: MeddraLookupQuery,
        response: { 200: Type.Array(MeddraPath), ...errors },
      },
    },
    (request) => lookup(db, request.actor, request.query),
  );
  app.get(
    '/v1/meddras/versions',
    {
      config: readConfig,
      schema: {
        tags,
        summary:
          'The MedDRA releases, newest first, with import status and progress; `isDefault` marks the one searches use',
        response: { 200: Type.Array(MeddraVersion), ...errors },
      },
    },
    (request) => versions(db, request.actor),
  );
  app.post(
    '/v1/meddras/versions',
    {
      bodyLimit: MAX_RELEASE_BYTES,
      onSend: closeUnreadBody,
      schema: {
        tags,
        summary:
          'Import a MedDRA release (system administrators): the distribution zip, or its .asc files, as multipart parts. Checked at once (line-numbered errors, nothing kept), then imported by a background job (202)',
        consumes: ['multipart/form-data'],
        response: { 202: MeddraVersion, 409: ApiError, 415: ApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await uploadRelease(db, jobs, request.actor, await readReleaseFiles(request), request.id)),
  );
}
