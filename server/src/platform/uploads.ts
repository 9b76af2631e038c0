import type { Readable } from 'node:stream';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Limits of uploads (issue 28 item 6, decision 0156): a streamed (multipart) body is refused
 * before any of it is read when its Content-Length says it is over the route's `bodyLimit`,
 * and a file part at the first byte past its own limit or past what is left of the request's
 * budget, never after reading it to its end. The answer then closes the connection (see
 * errors.ts) so what the client still sends is not read.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart route's own answer to a Content-Length over its `bodyLimit` (default: a 413). */
    uploadTooLarge?: (limit: number) => Error;
  }
}

/** The largest file part a multipart request may carry (a folder's own limit may be lower). */
export const MULTIPART_FILE_LIMIT = 100 * 1024 * 1024;

/** Room a multipart body needs beside its files: part headers, boundaries, small fields. */
export const MULTIPART_ALLOWANCE = 1024 * 1024;

/** The 413 of an upload over a limit. */
export const uploadTooLarge = (limit: number, what = 'The request') =>
  new AppError('PAYLOAD_TOO_LARGE', `${what} is larger than this route takes (${limit} bytes)`, { limit });

const isMultipartRoute = (route: RouteOptions) =>
  ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data');

/**
 * An onRoute step: a multipart route must declare its `bodyLimit` (Fastify does not apply it to
 * a streamed body), and gets a first hook that refuses a Content-Length over it with a 413.
 */
export function limitStreamedBody(route: RouteOptions): void {
  if (!isMultipartRoute(route)) return;
  const limit = route.bodyLimit;
  if (limit === undefined)
    throw new Error(`${route.method} ${route.url}: a multipart route declares its bodyLimit`);
  const tooLarge = route.config?.uploadTooLarge ?? uploadTooLarge;
  const refuse = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length']) > limit) throw tooLarge(limit);
  };
  route.onRequest = [refuse, ...(route.onRequest === undefined ? [] : [route.onRequest].flat())];
}

/** What is left of a request's byte budget, shared by its file parts. */
export interface UploadBudget {
  left: number;
  readonly total: number;
}

export const uploadBudget = (total: number): UploadBudget => ({ left: total, total });

/**
 * A file part's bytes, refused at the first byte past the part's limit (busboy's `limit`
 * event: `tooLarge()` answers) or past the request's `budget`. The multipart parser would
 * otherwise skip on to the part's end, however large, before saying it was too large.
 */
export function readFilePart(
  file: Readable,
  tooLarge: () => Error,
  budget?: UploadBudget,
  budgetTooLarge: () => Error = () => uploadTooLarge(budget?.total ?? 0),
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const fail = (error: Error) => {
      file.destroy();
      reject(error);
    };
    file.on('data', (chunk: Buffer) => {
      if (budget) {
        budget.left -= chunk.length;
        if (budget.left < 0) return fail(budgetTooLarge());
      }
      chunks.push(chunk);
    });
    file.once('limit', () => fail(tooLarge()));
    file.once('end', () => resolve(Buffer.concat(chunks)));
    file.once('error', reject);
  });
}
