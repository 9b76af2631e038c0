import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { readFilePart, uploadBudget } from '../../platform/uploads.ts';

/** A product list of 100,000 products is some 15 MB of CSV; meta files are a few hundred bytes. */
export const MAX_LIST_BYTES = 40 * 1024 * 1024;
export const MAX_META_BYTES = 64 * 1024;

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

type PartName = 'file' | 'meta';

const refuse = (field: string, message: string, reason: 'notAllowed' | 'tooMany') =>
  new AppError('VALIDATION_FAILED', `${field.split('/').pop()} ${message}`, {
    fields: [{ field, message, reason }],
  });

/**
 * The file parts of an upload, by part name, each within its byte limit (`{file: …}` for
 * the meta route, `{file: …, meta: …}` for the list). Other parts, and text fields, are
 * refused, so a misspelt part is never silently ignored.
 */
export async function readUpload(
  request: FastifyRequest,
  limits: Partial<Record<PartName, number>>,
): Promise<Partial<Record<PartName, UploadedFile>>> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  const largest = Math.max(...Object.values(limits));
  const found: Partial<Record<PartName, UploadedFile>> = {};
  for await (const part of request.parts({ limits: { fileSize: largest, files: 2, fields: 10 } })) {
    const name = part.fieldname.slice(0, 50);
    const limit = limits[name as PartName];
    if (part.type !== 'file') {
      if (part.fieldname === 'organisationId')
        throw refuse('body/organisationId', 'goes in the query string (?organisationId=…)', 'notAllowed');
      throw refuse(`body/${name}`, 'is not a part of this upload', 'notAllowed');
    }
    if (limit === undefined) throw refuse(`body/${name}`, 'is not a part of this upload', 'notAllowed');
    const tooLarge = () =>
      new AppError('PAYLOAD_TOO_LARGE', `${name} is larger than ${Math.round(limit / 1024)} KB`, {
        fields: [{ field: `body/${name}`, message: 'is too large', reason: 'tooLarge', limit }],
      });
    // Each part within its own limit, refused at its first byte past it.
    const bytes = await readFilePart(part.file, tooLarge, uploadBudget(limit), tooLarge);
    if (found[name as PartName]) throw refuse(`body/${name}`, 'is sent twice', 'tooMany');
    found[name as PartName] = { name: (part.filename || name).slice(0, 200), bytes };
  }
  return found;
}
