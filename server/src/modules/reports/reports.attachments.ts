import { type AttachmentField, ReportBody } from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findInputProblem } from '../../platform/input-guard.ts';
import type { Scope } from '../../platform/scope.ts';
import type { Storage } from '../../platform/storage.ts';
import {
  MULTIPART_ALLOWANCE,
  MULTIPART_FILE_LIMIT,
  readFilePart,
  uploadBudget,
  uploadTooLarge,
} from '../../platform/uploads.ts';
import { filesOfUrls, linkFileToReport, storeFile } from '../files/files.store.ts';

/**
 * A report's attachments (spec U-1, issue 11): files uploaded before the report are found by
 * the URL the client puts in `attachmentFields[].attachmenturl` and linked to the report;
 * files sent with the report itself (multipart POST /v1/report/post) are checked and stored
 * through the files area (content type by magic bytes, size per folder), in the report's
 * transaction. A file of another organisation, or an address naming none, is a 400 naming
 * the attachment.
 */

/** One file part of a multipart report; its part name is the attachment entry's `id`. */
export interface ReportFile {
  field: string;
  fileName: string;
  bytes: Buffer;
}

interface Owner {
  reportId: string;
  platformId: string;
  organisationId: string;
  createdBy: string | null;
  requestId: string;
}

/** Links the uploaded files the entries name to the report; refuses an entry naming no file of the organisation. */
export async function linkUploads(
  tx: Db,
  storage: Storage,
  scope: Scope,
  owner: Owner,
  entries: readonly AttachmentField[],
): Promise<void> {
  const named = entries.flatMap((entry, index) =>
    entry.hasFile && entry.attachmenturl ? [{ index, url: entry.attachmenturl }] : [],
  );
  if (named.length === 0) return;
  const rows = await filesOfUrls(
    tx,
    storage,
    scope,
    named.map((n) => n.url),
  );
  const missing = named.filter((_, i) => rows[i]?.organisation_id !== owner.organisationId);
  if (missing.length > 0)
    throw new AppError('VALIDATION_FAILED', 'An attachment names no file uploaded for this report', {
      fields: missing.map((m) => ({
        field: `body/attachmentFields/${m.index}/attachmenturl`,
        message: 'names no file uploaded to this organisation: upload it again',
        reason: 'notFound',
      })),
    });
  for (const row of rows) await linkFileToReport(tx, scope, row!.id, owner.reportId);
}

/** Stores the files of a multipart report; answers their attachment entries (and the keys written, to undo). */
export async function storeReportFiles(
  tx: Db,
  storage: Storage,
  scope: Scope,
  owner: Owner,
  files: readonly ReportFile[],
  origin: string,
  written: string[],
): Promise<AttachmentField[]> {
  const entries: AttachmentField[] = [];
  for (const file of files) {
    const row = await storeFile(tx, storage, scope, {
      platformId: owner.platformId,
      organisationId: owner.organisationId,
      folder: 'uploads',
      fileName: file.fileName,
      bytes: file.bytes,
      createdBy: owner.createdBy,
      reportId: owner.reportId,
      requestId: owner.requestId,
    });
    written.push(row.storage_key);
    entries.push({
      id: file.field,
      attachmentfile: row.name,
      attachmenturl: storage.objectUrl(row.storage_key, origin),
      attachmenttype: row.content_type,
      hasFile: true,
    });
  }
  return entries;
}

/** Entries sent in the body, completed by the stored files whose part name is an entry's id. */
export function mergeEntries(
  given: readonly AttachmentField[],
  stored: readonly AttachmentField[],
): AttachmentField[] {
  const byId = new Map(stored.map((s) => [s.id, s]));
  const merged = given.map((entry) => {
    const file = entry.id !== undefined ? byId.get(entry.id) : undefined;
    if (!file) return entry;
    byId.delete(entry.id);
    return { ...entry, ...file, attachmentcomments: entry.attachmentcomments };
  });
  return [...merged, ...byId.values()].map((e) =>
    Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)),
  ) as AttachmentField[];
}

const checkBody = Compile(ReportBody);
const invalid = (field: string, message: string, reason: string) =>
  new AppError('VALIDATION_FAILED', `Invalid request: ${field} ${message}`, {
    fields: [{ field, message, reason }],
  });

const MB = 1024 * 1024;

/** What the files of one report may weigh (decision 0329): each, all together, and how many. */
export interface ReportFileLimits {
  file: number;
  total: number;
  count: number;
}

/** A signed-in reporter's files: each as large as an upload may be, 100 MB together. */
export const SIGNED_IN_FILE_LIMITS: ReportFileLimits = {
  file: MULTIPART_FILE_LIMIT,
  total: 100 * MB,
  count: 20,
};
/** A stranger's (an anonymous report): 10 MB each, 20 MB together, 5 files (decision 0329). */
export const ANONYMOUS_FILE_LIMITS: ReportFileLimits = { file: 10 * MB, total: 20 * MB, count: 5 };

/** The JSON part and the room around the files: the whole request's limit is this plus `total`. */
export const reportRequestLimit = (limits: ReportFileLimits, jsonLimit: number) =>
  jsonLimit + limits.total + MULTIPART_ALLOWANCE;

/**
 * Reads POST /v1/report/post: a part `report` holding the JSON body of POST /v1/report, and
 * file parts, each named by its attachment entry's `id` (any other name adds an entry).
 * Every field error of the JSON is answered at once, as for POST /v1/report. Files over
 * `limits` are a 413 at their first byte past it (a Content-Length over it, at once).
 */
export async function readReportMultipart(
  request: FastifyRequest,
  limits: ReportFileLimits,
  jsonLimit: number,
): Promise<{ body: ReportBody; files: ReportFile[] }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the report as multipart/form-data');
  const requestLimit = reportRequestLimit(limits, jsonLimit);
  if (Number(request.headers['content-length']) > requestLimit) throw uploadTooLarge(requestLimit);
  const budget = uploadBudget(limits.total);
  const partTooLarge = () => uploadTooLarge(limits.file, 'A file');
  const allTooLarge = () => uploadTooLarge(limits.total, 'The files together');
  let text: string | undefined;
  const files: ReportFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: limits.file, files: limits.count } })) {
    const field = `body/${part.fieldname}`;
    if (part.type === 'file') {
      if (!/^[\w.-]{1,100}$/.test(part.fieldname))
        throw invalid(field, 'must be an attachment id (letters, digits, - . _)', 'format');
      const bytes = await readFilePart(part.file, partTooLarge, budget, allTooLarge);
      files.push({ field: part.fieldname, fileName: part.filename || 'file', bytes });
      continue;
    }
    if (part.fieldname !== 'report') throw invalid(field, 'is not an allowed field', 'notAllowed');
    text = typeof part.value === 'string' ? part.value : String(part.value);
  }
  if (text === undefined) throw invalid('body/report', 'is required: the report as JSON', 'required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('body/report', 'is not JSON', 'format');
  }
  const problem = findInputProblem(parsed, 'body');
  if (problem)
    throw new AppError('VALIDATION_FAILED', `Invalid request: ${problem.field} ${problem.message}`, {
      fields: [problem],
    });
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && !('uploadType' in parsed))
    (parsed as Record<string, unknown>).uploadType = 'auth';
  if (!checkBody.Check(parsed)) {
    const fields = (checkBody.Errors(parsed) as unknown as { instancePath: string; message: string }[]).map(
      (e) => ({
        field: `body${e.instancePath}`,
        message: e.message,
        reason: 'invalid',
      }),
    );
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid request: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`,
      {
        fields,
      },
    );
  }
  return { body: parsed as ReportBody, files };
}
