import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';

/** A product list of 100,000 products is some 15 MB of CSV; meta files are a few hundred bytes. */
export const MAX_LIST_BYTES = 40 * 1024 * 1024;
export const MAX_META_BYTES = 64 * 1024;

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

const refuse = (field: string, message: string, reason = 'invalid') =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, message, reason }] });

/**
 * The file parts of an upload by part name (`file`, and `meta` beside a list). Other part
 * names and text fields are refused, so a misspelt part is not silently ignored.
 */
export async function readUpload(
  request: FastifyRequest,
  allowed: readonly ('file' | 'meta')[],
): Promise<Partial<Record<'file' | 'meta', UploadedFile>>> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  const found: Partial<Record<'file' | 'meta', UploadedFile>> = {};
  for await (const part of request.parts({ limits: { fileSize: MAX_LIST_BYTES, files: 2, fields: 0 } })) {
    const name = part.fieldname as 'file' | 'meta';
    if (!allowed.includes(name))
      throw refuse(`body/${part.fieldname.slice(0, 50)}`, 'is not a part of this upload', 'notAllowed');
    if (part.type !== 'file') throw refuse(`body/${name}`, 'must be a file part', 'invalid');
    const bytes = await part.toBuffer();
    const limit =
      name === 'meta' || (allowed.length === 1 && allowed[0] === 'meta') ? MAX_META_BYTES : MAX_LIST_BYTES;
    if (part.file.truncated || bytes.length > limit)
      throw refuse(`body/${name}`, `is larger than ${Math.round(limit / 1024)} KB`, 'tooLarge');
    if (found[name]) throw refuse(`body/${name}`, 'is sent twice', 'tooMany');
    found[name] = { name: (part.filename || name).slice(0, 200), bytes };
  }
  return found;
}
