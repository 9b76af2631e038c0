import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.ts';
import { notFound } from './errors.ts';
import { isStorageKey, type Storage, type StoredPart } from './storage.ts';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** The size of each part of a streamed upload (S3 takes 5 MiB to 5 GiB, the last part smaller). */
const PART_BYTES = 8 * 1024 * 1024;

/** RFC 6266 `attachment; filename=…` with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * S3 or an S3-compatible server (S3_ENDPOINT), through `@aws-sdk/client-s3`; URLs are
 * presigned by `@aws-sdk/s3-request-presigner`. The server never sees a presigned PUT, so
 * an upload's content and size are checked afterwards (modules/files: `confirmFile`).
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly urlTtls;
  private readonly client: S3Client;
  private readonly base: string;

  constructor(private readonly config: S3Config) {
    this.urlTtls = { upload: config.uploadUrlTtlSeconds, download: config.downloadUrlTtlSeconds };
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint && { endpoint: config.endpoint }),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId &&
        config.secretAccessKey && {
          credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        }),
    });
    const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
    this.base = config.forcePathStyle
      ? `${endpoint.origin}/${config.bucket}/`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}/`;
  }

  private check(key: string) {
    if (!isStorageKey(key)) throw notFound('File');
    return { Bucket: this.config.bucket, Key: key };
  }

  objectUrl(key: string): string {
    this.check(key);
    return `${this.base}${encodeKey(key)}`;
  }

  keyOfUrl(url: string): string | null {
    const bare = url.split('?')[0] ?? '';
    if (!bare.startsWith(this.base)) return null;
    const key = decodeURIComponent(bare.slice(this.base.length));
    return isStorageKey(key) ? key : null;
  }

  uploadUrl(key: string, contentType: string): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ ...this.check(key), ContentType: contentType }), {
      expiresIn: this.config.uploadUrlTtlSeconds,
      // The Content-Type is part of the signature: a PUT with another type is refused.
      signableHeaders: new Set(['content-type']),
    });
  }

  downloadUrl(key: string, file: { fileName: string; contentType: string }): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        ...this.check(key),
        ResponseContentDisposition: contentDisposition(file.fileName),
        ResponseContentType: file.contentType,
      }),
      { expiresIn: this.config.downloadUrlTtlSeconds },
    );
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ ...this.check(key), Body: body, ContentType: contentType }),
    );
  }

  /**
   * A multipart upload fed as the stream comes: one part every PART_BYTES (S3's smallest part
   * is 5 MiB, the last excepted), so at most one part is held in memory; aborted on failure.
   */
  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    const uploadId = await this.startMultipart(key, contentType);
    const parts: StoredPart[] = [];
    let held: Buffer[] = [];
    let heldBytes = 0;
    let size = 0;
    const send = async () => {
      const partNumber = parts.length + 1;
      const answer = await this.client.send(
        new UploadPartCommand({
          ...this.check(key),
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: Buffer.concat(held, heldBytes),
        }),
      );
      parts.push({ partNumber, etag: answer.ETag! });
      held = [];
      heldBytes = 0;
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        held.push(chunk);
        heldBytes += chunk.length;
        size += chunk.length;
        if (heldBytes >= PART_BYTES) await send();
      }
      if (heldBytes > 0 || parts.length === 0) await send();
      await this.completeMultipart(key, uploadId, parts);
      return size;
    } catch (error) {
      await this.abortMultipart(key, uploadId).catch(() => {});
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    try {
      const answer = await this.client.send(new GetObjectCommand(this.check(key)));
      return answer.Body as Readable;
    } catch (error) {
      throw isMissing(error) ? notFound('File') : error;
    }
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    const answer = await this.client.send(
      new GetObjectCommand({ ...this.check(key), Range: `bytes=0-${bytes - 1}` }),
    );
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand(this.check(key)));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.check(key)));
  }

  async startMultipart(key: string, contentType: string): Promise<string> {
    const answer = await this.client.send(
      new CreateMultipartUploadCommand({ ...this.check(key), ContentType: contentType }),
    );
    return answer.UploadId!;
  }

  partUrl(key: string, uploadId: string, partNumber: number): Promise<string> {
    return getSignedUrl(
      this.client,
      new UploadPartCommand({ ...this.check(key), UploadId: uploadId, PartNumber: partNumber }),
      { expiresIn: this.config.uploadUrlTtlSeconds },
    );
  }

  async completeMultipart(key: string, uploadId: string, parts: readonly StoredPart[]): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        ...this.check(key),
        UploadId: uploadId,
        MultipartUpload: {
          Parts: [...parts]
            .sort((a, b) => a.partNumber - b.partNumber)
            .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
        },
      }),
    );
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await this.client.send(new AbortMultipartUploadCommand({ ...this.check(key), UploadId: uploadId }));
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
