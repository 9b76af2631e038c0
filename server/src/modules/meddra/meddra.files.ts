import type { FastifyRequest } from 'fastify';
import yauzl from 'yauzl';
import { AppError } from '../../platform/errors.ts';
import { readFilePart, uploadBudget } from '../../platform/uploads.ts';
import { MEDDRA_FILES } from './meddra.parse.ts';

/** A full release is some 30 MB of text; the limit leaves room for growth and translations. */
export const MAX_RELEASE_BYTES = 150 * 1024 * 1024;

const refuse = (message: string, reason = 'invalid') =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'body/file', message, reason }] });

const wanted = (path: string) => {
  const base = path.split(/[\\/]/).pop()!.toLowerCase();
  return (MEDDRA_FILES as readonly string[]).includes(base) ? base : null;
};

/** The release files of a zip (any folder inside, e.g. MedAscii/); other entries are skipped unread. */
async function unzipRelease(buffer: Buffer, into: Map<string, Buffer>): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw refuse('The file is not a zip archive');
  }
  let unpacked = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close();
      reject(
        error instanceof AppError
          ? error
          : refuse(`The zip archive is damaged (${error.message.slice(0, 100)})`),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = wanted(entry.fileName);
      if (!name || entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          unpacked += chunk.length;
          if (unpacked > MAX_RELEASE_BYTES) {
            stream.destroy();
            fail(refuse('The release unpacks to more than 150 MB', 'tooLarge'));
          } else chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          into.set(name, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/**
 * The release files of a multipart request: one zip of the distribution (its MedAscii
 * folder is enough), or the `.asc` files themselves as file parts, in any order.
 */
export async function readReleaseFiles(request: FastifyRequest): Promise<Map<string, Buffer>> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the release as multipart/form-data');
  const files = new Map<string, Buffer>();
  // The release's files together stay within the route's limit, refused as they arrive.
  const budget = uploadBudget(MAX_RELEASE_BYTES);
  const tooLarge = () => refuse('A file of the release is larger than 150 MB', 'tooLarge');
  for await (const part of request.parts({ limits: { fileSize: MAX_RELEASE_BYTES, files: 20 } })) {
    if (part.type !== 'file') continue;
    const bytes = await readFilePart(part.file, tooLarge, budget, () =>
      refuse('The release is larger than 150 MB', 'tooLarge'),
    );
    const fileName = (part.filename || '').toLowerCase();
    if (fileName.endsWith('.zip') || (bytes[0] === 0x50 && bytes[1] === 0x4b))
      await unzipRelease(bytes, files);
    else {
      const name = wanted(fileName);
      if (!name)
        throw refuse(
          `${fileName.slice(0, 100) || 'A file part'} is not a file of a MedDRA release`,
          'notAllowed',
        );
      files.set(name, bytes);
    }
  }
  return files;
}
