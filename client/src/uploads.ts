import type { ClientCore } from './core.ts';
import { clientMessages } from './errors.ts';
import { type ApiBody, type ApiResult, call } from './typed.ts';

/** One report attachment (the `attachmentFields` entries of POST /v1/report). */
export interface AttachmentEntry {
  id?: string;
  attachmentfile?: Blob | File | null;
  attachmenturl?: string | null;
  attachmentcomments?: string | null;
  attachmenttype?: string | null;
  hasFile?: boolean;
  /** Upload hint: the stored name when the file is a bare Blob. Not sent with the report. */
  fileName?: string;
  /** Upload hint: overrides the file's own type. Not sent with the report. */
  contentType?: string;
}

/** An entry ready for POST /v1/report: the file is stored and only its URL remains. */
export type UploadedAttachment = Omit<AttachmentEntry, 'attachmentfile' | 'fileName' | 'contentType'>;

export interface MultipartOptions {
  fileName: string;
  contentType: string;
  folderName?: ApiBody<'POST', '/v1/files/upload/start'>['folderName'];
  /** Bytes per part. Default 5 MiB, the smallest part S3 accepts (except the last). */
  partSize?: number;
  signal?: AbortSignal;
}

export interface UploadMethods {
  /** U-1: upload every entry's file through a presigned link; returns new entries, the input is untouched. */
  uploadAttachments(
    entries: readonly AttachmentEntry[],
    options?: { signal?: AbortSignal },
  ): Promise<UploadedAttachment[]>;
  /** U-2: start, then a presigned URL and PUT per part, then complete; returns complete's answer. */
  uploadMultipart<T = ApiResult<'POST', '/v1/files/upload/complete'>>(
    file: Blob,
    options: MultipartOptions,
  ): Promise<T>;
}

const uploadsFolder = 'uploads' as const;
const defaultPartSize = 5 * 1024 * 1024;

export function uploadMethods(core: ClientCore): UploadMethods {
  /** E-2: only Blobs (and Files) can be sent; anything else is a broken picker or a stale object. */
  function requireBlob(file: unknown): asserts file is Blob {
    if (file instanceof Blob) return;
    core.alert(clientMessages.uploadUnsupported);
    throw new Error(clientMessages.uploadUnsupported);
  }

  /** E-4: whatever failed, an upload the caller aborted is reported as 'upload abort'. */
  async function abortable<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (signal?.aborted) throw new Error(clientMessages.uploadAbort, { cause: err });
      throw err;
    }
  }

  /**
   * PUT bytes to a presigned storage URL. It is not our API, so no bearer goes with it.
   * Every failure is 'upload error'; `abortable` turns it into 'upload abort' when aborted.
   */
  async function putBytes(url: string, bytes: Blob, contentType: string | undefined, signal?: AbortSignal) {
    let response: Response;
    try {
      response = await core.fetch(url, {
        method: 'PUT',
        headers: contentType ? { 'Content-Type': contentType } : {},
        body: bytes,
        signal,
      });
      await response.arrayBuffer(); // drain, so the connection is released
    } catch (err) {
      throw new Error(clientMessages.uploadError, { cause: err });
    }
    if (!response.ok) {
      throw new Error(clientMessages.uploadError, {
        cause: new Error(`HTTP ${response.status} from storage`),
      });
    }
    return response.headers;
  }

  async function uploadOne(entry: AttachmentEntry, signal?: AbortSignal): Promise<UploadedAttachment> {
    const { attachmentfile: file, fileName, contentType, ...rest } = entry;
    if (file === undefined || file === null) return rest;
    requireBlob(file);
    const type = contentType ?? (file.type || 'application/octet-stream');
    const name = fileName ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'attachment');
    const { url } = await call(core, 'POST', '/v1/files/upload-link', {
      body: {
        fileName: name,
        type: entry.attachmenttype ?? type,
        folderName: uploadsFolder,
        contentType: type,
      },
      signal,
    });
    await putBytes(url, file, type, signal);
    // The query part is the signature: it expires, and the stored object is addressed without it.
    return { ...rest, attachmenturl: url.split('?')[0], hasFile: true };
  }

  return {
    async uploadAttachments(entries, options = {}) {
      const { signal } = options;
      // Check every file before uploading any, so a bad entry does not leave half the files stored.
      for (const entry of entries) if (entry.attachmentfile != null) requireBlob(entry.attachmentfile);
      return abortable(signal, async () => {
        const uploaded: UploadedAttachment[] = [];
        for (const entry of entries) uploaded.push(await uploadOne(entry, signal));
        return uploaded;
      });
    },

    async uploadMultipart<T>(file: Blob, options: MultipartOptions): Promise<T> {
      requireBlob(file);
      const {
        fileName,
        contentType,
        folderName = uploadsFolder,
        partSize = defaultPartSize,
        signal,
      } = options;
      if (!Number.isInteger(partSize) || partSize < 1)
        throw new RangeError('partSize must be a positive integer');
      return abortable(signal, async () => {
        const { uploadId, key } = await call(core, 'POST', '/v1/files/upload/start', {
          body: { fileName, contentType, folderName, size: file.size },
          signal,
        });
        const parts: Array<{ partNumber: number; etag: string }> = [];
        const partCount = Math.max(1, Math.ceil(file.size / partSize));
        for (let partNumber = 1; partNumber <= partCount; partNumber++) {
          const { url } = await call(core, 'POST', '/v1/files/upload/url', {
            body: { uploadId, key, partNumber },
            signal,
          });
          const start = (partNumber - 1) * partSize;
          const headers = await putBytes(url, file.slice(start, start + partSize), undefined, signal);
          const etag = headers.get('ETag');
          // Browsers only see ETag when the bucket's CORS rules expose it.
          if (!etag) throw new Error(clientMessages.uploadError, { cause: new Error('ETag header missing') });
          parts.push({ partNumber, etag });
        }
        // T defaults to the document's answer; a caller may narrow it (the server tests do).
        return (await call(core, 'POST', '/v1/files/upload/complete', {
          body: { uploadId, key, parts },
          signal,
        })) as T;
      });
    },
  };
}
