import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { readFilePart } from '../../platform/uploads.ts';

/** The whole EDQM database as JSON with every translation is a few megabytes. */
export const MAX_EXPORT_BYTES = 20 * 1024 * 1024;

const refuse = (message: string, reason = 'invalid') =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'body/file', message, reason }] });

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (exports saved by older spreadsheets). */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** The export's text: the one file part of a multipart request. */
export async function readExportFile(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the export as multipart/form-data');
  let text: string | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_EXPORT_BYTES, files: 1 } })) {
    if (part.type !== 'file') continue;
    const bytes = await readFilePart(part.file, () => refuse('The export is larger than 20 MB', 'tooLarge'));
    text = decode(bytes);
  }
  if (text === undefined) throw refuse('Attach the export as a file part', 'required');
  return text;
}
