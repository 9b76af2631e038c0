import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageConfig } from '../config.ts';
import { AppError, notFound } from './errors.ts';
import type { SecretsConfig } from './secrets.ts';
import { urlSigner } from './signed-urls.ts';
import { isStorageKey, LOCAL_STORAGE_PATH, type Storage, type StoredPart } from './storage.ts';

type LocalConfig = Extract<StorageConfig, { driver: 'local' }>;

/** What a signed local URL allows: the operation and its signed conditions. */
export type LocalGrant =
  | { op: 'put'; key: string; contentType: string; maxBytes: number }
  | { op: 'part'; key: string; uploadId: string; partNumber: number }
  | { op: 'get'; key: string; fileName: string; contentType: string };

const UPLOAD_ID = /^[0-9a-f-]{36}$/;
/** A part may be at most 5 GiB on S3; here the folder's limit applies when the parts are joined. */
const MAX_PART_BYTES = 100 * 1024 * 1024;

export const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than this folder allows (${maxBytes} bytes)`, {
    limit: maxBytes,
  });

/** Counts bytes through a stream and fails once past `maxBytes`. */
function limiter(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
}

/**
 * Files under STORAGE_DIR (default DATA_DIR/files), at `<root>/<key>`. Vigilo signs the
 * URLs (platform/signed-urls.ts) and serves them itself (modules/files/storage.routes.ts).
 * Every write goes to a temporary file first and is renamed into place, so a broken upload
 * never leaves half a file under a key.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly urlTtls;
  private readonly signer;

  constructor(
    private readonly config: LocalConfig,
    secrets: SecretsConfig,
  ) {
    this.signer = urlSigner(secrets);
    this.urlTtls = { upload: config.uploadUrlTtlSeconds, download: config.downloadUrlTtlSeconds };
  }

  private origin(requestOrigin: string) {
    return this.config.publicUrl ?? requestOrigin;
  }

  /** The file of a key; throws on anything that is not a server-made key (no `..`, no absolute path). */
  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw notFound('File');
    const root = resolve(this.config.root);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw notFound('File');
    return path;
  }

  private stagingOf(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw notFound('Upload');
    return join(resolve(this.config.root), '.multipart', uploadId);
  }

  private async temporary(): Promise<string> {
    const folder = join(resolve(this.config.root), '.tmp');
    await mkdir(folder, { recursive: true });
    return join(folder, randomUUID());
  }

  private async moveIntoPlace(temporary: string, key: string) {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await rename(temporary, path);
  }

  objectUrl(key: string, origin: string): string {
    return `${this.origin(origin)}${LOCAL_STORAGE_PATH}${key}`;
  }

  keyOfUrl(url: string): string | null {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
    if (!path.startsWith(LOCAL_STORAGE_PATH)) return null;
    const key = path.slice(LOCAL_STORAGE_PATH.length);
    return isStorageKey(key) ? key : null;
  }

  private signed(key: string, params: Record<string, string>, ttl: number, origin: string) {
    this.pathOf(key);
    return `${this.origin(origin)}${this.signer.sign(`${LOCAL_STORAGE_PATH}${key}`, params, ttl)}`;
  }

  async uploadUrl(key: string, contentType: string, maxBytes: number, origin: string) {
    return this.signed(
      key,
      { op: 'put', ct: contentType, max: String(maxBytes) },
      this.config.uploadUrlTtlSeconds,
      origin,
    );
  }

  async downloadUrl(key: string, file: { fileName: string; contentType: string }, origin: string) {
    return this.signed(
      key,
      { op: 'get', name: file.fileName, ct: file.contentType },
      this.config.downloadUrlTtlSeconds,
      origin,
    );
  }

  async partUrl(key: string, uploadId: string, partNumber: number, origin: string) {
    return this.signed(
      key,
      { op: 'part', upload: uploadId, part: String(partNumber) },
      this.config.uploadUrlTtlSeconds,
      origin,
    );
  }

  /**
   * What a signed URL to `/storage/<key>` allows, or throws 403 (altered, expired) / 404
   * (not a key). Used by the routes that serve these URLs.
   */
  grantOf(path: string, query: Record<string, unknown>): LocalGrant {
    const key = decodeURIComponent(path.slice(LOCAL_STORAGE_PATH.length));
    this.pathOf(key);
    const signed = this.signer.verify(`${LOCAL_STORAGE_PATH}${key}`, query);
    if (signed.op === 'put')
      return { op: 'put', key, contentType: signed.ct ?? '', maxBytes: Number(signed.max) };
    if (signed.op === 'part')
      return { op: 'part', key, uploadId: signed.upload ?? '', partNumber: Number(signed.part) };
    return { op: 'get', key, fileName: signed.name ?? 'file', contentType: signed.ct ?? '' };
  }

  /** Writes a request's bytes under `key`, refusing more than `maxBytes` (413, nothing kept). */
  async write(key: string, body: Readable, maxBytes: number): Promise<number> {
    const temporary = await this.temporary();
    try {
      await pipeline(body, limiter(maxBytes), createWriteStream(temporary, { mode: 0o600 }));
      const { size } = await stat(temporary);
      await this.moveIntoPlace(temporary, key);
      return size;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async put(key: string, body: Buffer): Promise<void> {
    const temporary = await this.temporary();
    await writeFile(temporary, body, { mode: 0o600 });
    await this.moveIntoPlace(temporary, key);
  }

  putStream(key: string, body: Readable): Promise<number> {
    return this.write(key, body, Number.POSITIVE_INFINITY);
  }

  async read(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    await stat(path).catch(() => {
      throw notFound('File');
    });
    return createReadStream(path);
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      return { size: (await stat(this.pathOf(key))).size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async startMultipart(key: string, contentType: string): Promise<string> {
    this.pathOf(key);
    const uploadId = randomUUID();
    const staging = this.stagingOf(uploadId);
    await mkdir(staging, { recursive: true });
    await writeFile(join(staging, 'upload.json'), JSON.stringify({ key, contentType }));
    return uploadId;
  }

  private async requireUpload(key: string, uploadId: string): Promise<string> {
    const staging = this.stagingOf(uploadId);
    const meta = await readFile(join(staging, 'upload.json'), 'utf8').catch(() => null);
    if (!meta || (JSON.parse(meta) as { key: string }).key !== key) throw notFound('Upload');
    return staging;
  }

  /** Stores part `partNumber` of an upload; answers its ETag (the MD5 of its bytes, quoted, as S3 does). */
  async writePart(key: string, uploadId: string, partNumber: number, body: Readable): Promise<string> {
    const staging = await this.requireUpload(key, uploadId);
    const temporary = await this.temporary();
    const md5 = createHash('md5');
    try {
      await pipeline(
        body,
        limiter(MAX_PART_BYTES),
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            md5.update(chunk);
            done(null, chunk);
          },
        }),
        createWriteStream(temporary, { mode: 0o600 }),
      );
      const etag = `"${md5.digest('hex')}"`;
      await rename(temporary, join(staging, `${partNumber}.part`));
      await writeFile(join(staging, `${partNumber}.etag`), etag);
      return etag;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async completeMultipart(key: string, uploadId: string, parts: readonly StoredPart[]): Promise<void> {
    const staging = await this.requireUpload(key, uploadId);
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    for (const part of ordered) {
      const etag = await readFile(join(staging, `${part.partNumber}.etag`), 'utf8').catch(() => null);
      if (etag === null || etag.replace(/"/g, '') !== part.etag.replace(/"/g, ''))
        throw new AppError('VALIDATION_FAILED', `Part ${part.partNumber} was not uploaded as named`, {
          fields: [{ field: 'body/parts', message: 'names a part that was not uploaded', reason: 'invalid' }],
        });
    }
    const temporary = await this.temporary();
    const out = createWriteStream(temporary, { mode: 0o600 });
    try {
      for (const part of ordered) {
        await pipeline(createReadStream(join(staging, `${part.partNumber}.part`)), out, { end: false });
      }
      await new Promise<void>((done, fail) =>
        out.end((error?: Error | null) => (error ? fail(error) : done())),
      );
      await this.moveIntoPlace(temporary, key);
    } finally {
      await rm(temporary, { force: true });
    }
    await rm(staging, { recursive: true, force: true });
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await rm(await this.requireUpload(key, uploadId), { recursive: true, force: true });
  }
}
