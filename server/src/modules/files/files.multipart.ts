import { type FolderName, uploadFolders } from '@vigilo/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { findInputProblem } from '../../platform/input-guard.ts';
import { MULTIPART_FILE_LIMIT, readFilePart, uploadTooLarge } from '../../platform/uploads.ts';

/** One file from a multipart request, with the form fields that say where it goes. */
export interface MultipartFile {
  fileName: string;
  bytes: Buffer;
  folderName?: FolderName;
  organisationId?: string;
  title?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (
  field: string,
  message: string,
  reason: 'required' | 'format' | 'choice' | 'tooMany' | 'tooLong',
) =>
  new AppError('VALIDATION_FAILED', `Invalid request: ${field} ${message}`, {
    fields: [{ field, message, reason }],
  });

/**
 * Reads a multipart/form-data request holding exactly one file part (`file`) and the
 * fields `folderName`, `organisationId` and `title`, in any order. Anything else is a 400
 * naming the part; a request that is not multipart is a 415.
 */
export async function readMultipartFile(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  const found: Partial<MultipartFile> = {};
  for await (const part of request.parts()) {
    const field = `body/${part.fieldname}`;
    if (part.type === 'file') {
      if (found.bytes) throw invalid(field, 'must be the only file of the request', 'tooMany');
      found.fileName = part.filename || 'file';
      found.bytes = await readFilePart(part.file, () => uploadTooLarge(MULTIPART_FILE_LIMIT, 'The file'));
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    const problem = findInputProblem(value, field);
    if (problem)
      throw new AppError('VALIDATION_FAILED', `Invalid request: ${field} ${problem.message}`, {
        fields: [problem],
      });
    if (part.fieldname === 'folderName') {
      if (!uploadFolders.includes(value as FolderName))
        throw invalid(field, `must be one of ${uploadFolders.join(', ')}`, 'choice');
      found.folderName = value as FolderName;
    } else if (part.fieldname === 'organisationId') {
      if (!UUID.test(value)) throw invalid(field, 'must be an id', 'format');
      found.organisationId = value;
    } else if (part.fieldname === 'title') {
      if (value.length > 500) throw invalid(field, 'must be at most 500 characters', 'tooLong');
      found.title = value;
    } else {
      throw new AppError('VALIDATION_FAILED', `Invalid request: ${field} is not an allowed field`, {
        fields: [{ field, message: 'is not an allowed field', reason: 'notAllowed' }],
      });
    }
  }
  if (!found.bytes) throw invalid('body/file', 'is required', 'required');
  return found as MultipartFile;
}
