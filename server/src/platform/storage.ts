import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { LocalStorage } from './storage-local.ts';
import { S3Storage } from './storage-s3.ts';

/**
 * Where file bytes live, behind one interface with two drivers (decision 0070): local disk
 * under DATA_DIR (Vigilo signs and serves its own URLs, platform/storage-local.ts) and
 * S3-compatible object storage (presigned URLs, platform/storage-s3.ts). Keys are built by
 * the server only (`storageKey`), never from a name a client sent.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Seconds signed upload and download URLs live (STORAGE_UPLOAD_URL_TTL, STORAGE_DOWNLOAD_URL_TTL). */
  readonly urlTtls: { upload: number; download: number };
  /**
   * The object's address without a signature: what a report keeps (U-1 step 3). `origin`
   * is where the request came in (`https://host`), used by the local driver when
   * STORAGE_PUBLIC_URL is unset.
   */
  objectUrl(key: string, origin: string): string;
  /** The key of an address `objectUrl` made (any query dropped), or null. */
  keyOfUrl(url: string): string | null;
  /** A short-lived URL to PUT the bytes to, with this Content-Type; at most `maxBytes` (local enforces it there). */
  uploadUrl(key: string, contentType: string, maxBytes: number, origin: string): Promise<string>;
  /** A short-lived URL to GET the bytes from, offered as `fileName`. */
  downloadUrl(key: string, file: { fileName: string; contentType: string }, origin: string): Promise<string>;
  /** Stores bytes the server holds (multipart requests). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores bytes the server writes as it makes them (exports), never holding them whole;
   * answers how many were stored. Nothing is kept under `key` when `body` fails.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** The bytes, as a stream. Throws when missing. */
  read(key: string): Promise<Readable>;
  /** Up to the first `bytes` bytes (for the content check). */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** Size of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  remove(key: string): Promise<void>;
  /** U-2: an upload in parts; returns its id. */
  startMultipart(key: string, contentType: string): Promise<string>;
  /** A short-lived URL to PUT part `partNumber` (1…10,000) to; the answer's ETag names the part. */
  partUrl(key: string, uploadId: string, partNumber: number, origin: string): Promise<string>;
  /** Joins the parts, in order, into the object. */
  completeMultipart(key: string, uploadId: string, parts: readonly StoredPart[]): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

export interface StoredPart {
  partNumber: number;
  etag: string;
}

/** The path prefix of URLs the local driver serves (outside /v1: the storage, not the API). */
export const LOCAL_STORAGE_PATH = '/storage/';

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\/[a-z0-9-]{1,40}\/[0-9a-f-]{36}$/;

/** True for keys `storageKey` makes; anything else (`..`, absolute, a client's name) is refused. */
export const isStorageKey = (key: string) => KEY.test(key);

/** The one place keys are made: platform/organisation/folder/random id. No client text goes in. */
export function storageKey(platformId: string, organisationId: string, folder: string, id: string): string {
  const key = `${platformId}/${organisationId}/${folder}/${id}`;
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

const drivers = new WeakMap<Config['storage'], Storage>();

/** The configured driver, one per configuration (the S3 client keeps its connections). */
export function storageFor(config: Config): Storage {
  let storage = drivers.get(config.storage);
  if (!storage) {
    storage =
      config.storage.driver === 'local'
        ? new LocalStorage(config.storage, config)
        : new S3Storage(config.storage);
    drivers.set(config.storage, storage);
  }
  return storage;
}
