import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { createApiClient } from '@vigilo/client';
import type { FileRecord, RoleName, UploadLink } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exe, formData, pdf, png, unzip } from '../../../test/files.ts';
import {
  cachedSessions,
  createTenant,
  http,
  startTestApp,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { startS3 } from '../../../test/s3.ts';
import type { Scope } from '../../platform/scope.ts';
import { storageFor, storageKey } from '../../platform/storage.ts';
import { filesOfUrls } from './files.store.ts';

/** The whole files flow with STORAGE_DRIVER=s3 against a real S3-compatible server (s3rver). */
let s3: Awaited<ReturnType<typeof startS3>>;
let app: TestApp;
let home: TestTenant;
let foreign: TestTenant;

beforeAll(async () => {
  s3 = await startS3();
  app = await startTestApp(s3.env);
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const sessionFor = cachedSessions(() => app);

async function clientFor(tenant: TestTenant, role: RoleName) {
  const session = await sessionFor(tenant, role);
  const client = createApiClient({ baseUrl: app.url, onAlert: () => {} });
  client.setSession({ token: session.token, refreshToken: session.refreshToken });
  return client;
}

/** What intake does with a report's attachment URLs: the files they name, in a member's scope of the tenant. */
async function resolve(tenant: TestTenant, urls: string[]) {
  const scope: Scope = {
    platformId: tenant.platformId,
    organisationIds: [tenant.organisationIds[0]!],
    userId: null,
    narrowedIn: [],
  };
  return filesOfUrls(app.db, storageFor(app.config), scope, urls);
}

describe('S3 driver (s3rver)', () => {
  it("U-1: the client's uploadAttachments PUTs to a presigned S3 URL; the object URL resolves to the checked file", async () => {
    const client = await clientFor(home, 'reporter');
    const photo = png(4000);
    const [entry] = await client.uploadAttachments([
      { attachmentfile: new File([new Uint8Array(photo)], 'arm.png', { type: 'image/png' }) },
    ]);
    expect(entry!.attachmenturl).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/${home.platformId}/`));
    // The object is really in the bucket.
    const [row] = await resolve(home, [entry!.attachmenturl!]);
    expect(row).toMatchObject({ status: 'stored', content_type: 'image/png', size: String(photo.length) });
    // Another organisation's reporter cannot resolve it; a made-up key neither.
    const [outside, madeUp] = await resolve(foreign, [
      entry!.attachmenturl!,
      `${s3.endpoint}/${s3.bucket}/${home.platformId}/x/uploads/y`,
    ]);
    expect(outside).toBeNull();
    expect(madeUp).toBeNull();
    // Staff download it through a presigned GET: the same bytes, offered under its name.
    const staff = await sessionFor(home, 'organisation_staff');
    const list = await http<FileRecord[]>(
      app.url,
      'GET',
      `/v1/files/organisation/${home.organisationIds[0]}`,
      {
        token: staff.token,
      },
    );
    const record = list.body.find((f) => f.id === row!.id)!;
    expect(record.url).toBe(entry!.attachmenturl);
    const download = await fetch(record.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('arm.png');
    expect(Buffer.from(await download.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('a program behind image/jpeg is found when the report names it: rejected and deleted from the bucket', async () => {
    const session = await sessionFor(home, 'reporter');
    const link = await http<UploadLink>(app.url, 'POST', '/v1/files/upload-link', {
      token: session.token,
      body: { fileName: 'photo.jpg', contentType: 'image/jpeg', folderName: 'uploads' },
    });
    const sent = await fetch(link.body.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(exe()),
    });
    expect(sent.status).toBe(200);
    const [row] = await resolve(home, [link.body.fileUrl]);
    expect(row).toBeNull();
    const stored = await app.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', link.body.fileId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('rejected');
    expect(await storageFor(app.config).head(stored.storage_key)).toBeNull();
  });

  it('U-2: uploadMultipart through S3 multipart upload (5 MiB parts), checked on complete', async () => {
    const client = await clientFor(home, 'organisation_staff');
    const big = png(11 * 1024 * 1024);
    const record = await client.uploadMultipart<FileRecord>(new Blob([new Uint8Array(big)]), {
      fileName: 'scan.png',
      contentType: 'image/png',
    });
    expect(record).toMatchObject({ status: 'stored', size: big.length, contentType: 'image/png' });
    const bytes = Buffer.from(await (await fetch(record.downloadUrl!)).arrayBuffer());
    expect(bytes.equals(big)).toBe(true);
  });

  it('multipart POST, bulk zip and deletion work against the bucket', async () => {
    const staff = await sessionFor(home, 'organisation_staff');
    const posted = await http<FileRecord>(app.url, 'POST', '/v1/files', {
      token: staff.token,
      form: formData({}, { name: 'letter.pdf', type: 'application/pdf', bytes: pdf() }),
    });
    expect(posted.status).toBe(201);
    const link = await http<{ url: string }>(app.url, 'POST', '/v1/files/bulk-download-url', {
      token: staff.token,
      body: { ids: [posted.body.id] },
    });
    const entries = await unzip(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()));
    expect(entries['letter.pdf']!.equals(pdf())).toBe(true);
    expect(
      (await http(app.url, 'DELETE', `/v1/files/${posted.body.id}`, { token: staff.token })).status,
    ).toBe(204);
    const row = await app.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', posted.body.id)
      .executeTakeFirstOrThrow();
    expect(await storageFor(app.config).head(row.storage_key)).toBeNull();
  });

  it('stores a stream in 8 MiB parts as it comes (an export), and keeps nothing when the stream fails', async () => {
    const storage = storageFor(app.config);
    const key = storageKey(home.platformId, home.organisationIds[0], 'exports', randomUUID());
    // 9 MiB and a bit, in 64 KiB chunks: two parts, the second short.
    const chunk = (i: number) => Buffer.alloc(64 * 1024, i % 251);
    const chunks = Array.from({ length: 146 }, (_, i) => chunk(i));
    const whole = Buffer.concat(chunks);
    const size = await storage.putStream(key, Readable.from(chunks), 'text/csv');
    expect(size).toBe(whole.length);
    const back: Buffer[] = [];
    for await (const part of await storage.read(key)) back.push(part as Buffer);
    expect(Buffer.concat(back).equals(whole)).toBe(true);

    const broken = storageKey(home.platformId, home.organisationIds[0], 'exports', randomUUID());
    const failing = Readable.from(
      (async function* () {
        yield chunk(1);
        throw new Error('the export failed half-way');
      })(),
    );
    await expect(storage.putStream(broken, failing, 'text/csv')).rejects.toThrow('half-way');
    expect(await storage.head(broken)).toBeNull();
  });
});
