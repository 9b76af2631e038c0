import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AttachmentEntry, createApiClient, memoryStore } from '../src/index.ts';
import { sendJson, startServer, type TestServer } from './support/server.ts';

// The API and the object storage are separate hosts, as with S3 presigned URLs.
let api: TestServer;
let storage: TestServer;
beforeAll(async () => {
  [api, storage] = await Promise.all([startServer(), startServer()]);
});
afterAll(() => Promise.all([api.close(), storage.close()]));
beforeEach(() => {
  api.reset();
  storage.reset();
});

const signedIn = () =>
  memoryStore({
    token: 'tok-1',
    refreshToken: 'ref-1',
    userId: 'u1',
    platformId: 'p1',
    organisationId: 'o1',
  });
const storedOk = (_req: unknown, res: import('node:http').ServerResponse) => {
  res.writeHead(200, { ETag: '"etag"' });
  res.end();
};

describe('U-1 attachment uploads', () => {
  it('U-1: upload link, PUT with the file type and no Authorization, URL without query, hasFile', async () => {
    api.on('POST', '/v1/files/upload-link', (req, res) => {
      const { fileName } = req.json() as { fileName: string };
      sendJson(res, 200, {
        url: `${storage.url}/bucket/uploads/${fileName}?X-Amz-Signature=abc&X-Amz-Expires=60`,
      });
    });
    storage.on('PUT', '/bucket/uploads/scan.png', storedOk);
    const client = createApiClient({ baseUrl: api.url, store: signedIn() });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'scan.png', { type: 'image/png' });
    const entries: AttachmentEntry[] = [
      { id: 'a1', attachmentfile: file, attachmentcomments: 'front', attachmenttype: 'image' },
      { id: 'a2', attachmenturl: 'https://files.example/old.pdf', hasFile: true },
    ];
    const result = await client.uploadAttachments(entries);

    expect(api.requests[0]?.json()).toEqual({
      fileName: 'scan.png',
      type: 'image',
      folderName: 'uploads',
      contentType: 'image/png',
    });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer tok-1');
    const put = storage.requests[0];
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe('/bucket/uploads/scan.png?X-Amz-Signature=abc&X-Amz-Expires=60');
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.headers.authorization).toBeUndefined();
    expect([...(put?.body ?? [])]).toEqual([137, 80, 78, 71]);
    expect(result).toEqual([
      {
        id: 'a1',
        attachmenturl: `${storage.url}/bucket/uploads/scan.png`,
        attachmentcomments: 'front',
        attachmenttype: 'image',
        hasFile: true,
      },
      { id: 'a2', attachmenturl: 'https://files.example/old.pdf', hasFile: true },
    ]);
    expect(entries[0]?.attachmentfile).toBe(file); // the input is not changed
    expect(api.requests).toHaveLength(1); // the entry without a file needs no link
  });

  it('U-1: a bare Blob takes its name and type from the entry hints', async () => {
    api.on('POST', '/v1/files/upload-link', (_req, res) => sendJson(res, 200, { url: `${storage.url}/b/x` }));
    storage.on('PUT', '/b/x', storedOk);
    const client = createApiClient({ baseUrl: api.url });
    const [entry] = await client.uploadAttachments([
      { attachmentfile: new Blob(['%PDF']), fileName: 'form.pdf', contentType: 'application/pdf' },
    ]);
    expect(api.requests[0]?.json()).toMatchObject({ fileName: 'form.pdf', contentType: 'application/pdf' });
    expect(storage.requests[0]?.headers['content-type']).toBe('application/pdf');
    expect(entry).toEqual({ attachmenturl: `${storage.url}/b/x`, hasFile: true });
  });

  it('E-2: a file that is not a Blob raises the exact alert and uploads nothing', async () => {
    const onAlert = vi.fn();
    const client = createApiClient({ baseUrl: api.url, onAlert });
    const good = new Blob(['ok'], { type: 'text/plain' });
    const bad = { uri: 'file:///tmp/x.jpg' } as unknown as Blob;
    await expect(
      client.uploadAttachments([{ attachmentfile: good }, { attachmentfile: bad }]),
    ).rejects.toThrow(/^Failed to upload file\(s\)\. Please try restarting the app\.$/);
    expect(onAlert).toHaveBeenCalledTimes(1);
    expect(onAlert).toHaveBeenCalledWith('Failed to upload file(s). Please try restarting the app.');
    expect(api.requests).toHaveLength(0);
    expect(storage.requests).toHaveLength(0);
  });

  it('E-4: a failing PUT raises "upload error"', async () => {
    api.on('POST', '/v1/files/upload-link', (_req, res) =>
      sendJson(res, 200, { url: `${storage.url}/b/x?sig=1` }),
    );
    storage.on('PUT', '/b/x', (_req, res) => {
      res.writeHead(403, { 'Content-Type': 'application/xml' });
      res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
    });
    const client = createApiClient({ baseUrl: api.url });
    await expect(client.uploadAttachments([{ attachmentfile: new Blob(['x']) }])).rejects.toThrow(
      /^upload error$/,
    );
    expect(storage.requests).toHaveLength(1);
  });

  it('E-4: an aborted upload raises "upload abort"', async () => {
    const controller = new AbortController();
    api.on('POST', '/v1/files/upload-link', (_req, res) => sendJson(res, 200, { url: `${storage.url}/b/x` }));
    storage.on('PUT', '/b/x', () => controller.abort()); // abort while the bytes are at the storage
    const client = createApiClient({ baseUrl: api.url });
    await expect(
      client.uploadAttachments([{ attachmentfile: new Blob(['x']) }], { signal: controller.signal }),
    ).rejects.toThrow(/^upload abort$/);
    expect(storage.requests).toHaveLength(1);
  });

  it('E-4: an upload aborted while fetching the link also raises "upload abort"', async () => {
    const controller = new AbortController();
    api.on('POST', '/v1/files/upload-link', () => controller.abort());
    const client = createApiClient({ baseUrl: api.url });
    await expect(
      client.uploadAttachments([{ attachmentfile: new Blob(['x']) }], { signal: controller.signal }),
    ).rejects.toThrow(/^upload abort$/);
    expect(storage.requests).toHaveLength(0);
  });
});

describe('U-2 multi-part uploads', () => {
  it('U-2: start, then url + PUT per part, then complete, in that order', async () => {
    const order: string[] = [];
    api.on('POST', '/v1/files/upload/start', (_req, res) => {
      order.push('start');
      sendJson(res, 200, { uploadId: 'up-1', key: 'uploads/big.bin' });
    });
    api.on('POST', '/v1/files/upload/url', (req, res) => {
      const { partNumber } = req.json() as { partNumber: number };
      order.push(`url ${partNumber}`);
      sendJson(res, 200, { url: `${storage.url}/part/${partNumber}?sig=z` });
    });
    for (const n of [1, 2, 3]) {
      storage.on('PUT', `/part/${n}`, (_req, res) => {
        order.push(`put ${n}`);
        res.writeHead(200, { ETag: `"e${n}"` });
        res.end();
      });
    }
    api.on('POST', '/v1/files/upload/complete', (_req, res) => {
      order.push('complete');
      sendJson(res, 200, { url: 'https://files.example/uploads/big.bin' });
    });
    const client = createApiClient({ baseUrl: api.url, store: signedIn() });
    const file = new Blob(['0123456789'], { type: 'application/octet-stream' });
    const answer = await client.uploadMultipart(file, {
      fileName: 'big.bin',
      contentType: 'application/octet-stream',
      partSize: 4,
    });

    expect(answer).toEqual({ url: 'https://files.example/uploads/big.bin' });
    expect(order).toEqual(['start', 'url 1', 'put 1', 'url 2', 'put 2', 'url 3', 'put 3', 'complete']);
    expect(api.requests[0]?.json()).toEqual({
      fileName: 'big.bin',
      contentType: 'application/octet-stream',
      folderName: 'uploads',
      size: 10,
    });
    expect(api.requests[1]?.json()).toEqual({ uploadId: 'up-1', key: 'uploads/big.bin', partNumber: 1 });
    expect(storage.requests.map((r) => r.text)).toEqual(['0123', '4567', '89']);
    expect(storage.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(api.requests.at(-1)?.json()).toEqual({
      uploadId: 'up-1',
      key: 'uploads/big.bin',
      parts: [
        { partNumber: 1, etag: '"e1"' },
        { partNumber: 2, etag: '"e2"' },
        { partNumber: 3, etag: '"e3"' },
      ],
    });
  });

  it('U-2: a part stored without an ETag raises "upload error" and never completes', async () => {
    api.on('POST', '/v1/files/upload/start', (_req, res) => sendJson(res, 200, { uploadId: 'u', key: 'k' }));
    api.on('POST', '/v1/files/upload/url', (_req, res) => sendJson(res, 200, { url: `${storage.url}/part` }));
    storage.on('PUT', '/part', (_req, res) => {
      res.end(); // e.g. CORS does not expose ETag
    });
    const client = createApiClient({ baseUrl: api.url });
    await expect(
      client.uploadMultipart(new Blob(['x']), { fileName: 'x.bin', contentType: 'application/octet-stream' }),
    ).rejects.toThrow(/^upload error$/);
    expect(api.requests.map((r) => r.path)).toEqual(['/v1/files/upload/start', '/v1/files/upload/url']);
  });
});
