import { createApiClient } from '@vigilo/client';
import type { FileRecord, RoleName, UploadLink } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { docx, exe, formData, pdf, png, unzip } from '../../../test/files.ts';
import { sendHugeBody } from '../../../test/huge-body.ts';
import {
  adrCase,
  cachedSessions,
  createTenant,
  http,
  startTestApp,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { signedIn, signedInToTwo } from '../../../test/sessions.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

async function clientFor(tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) {
  const session = await sessionFor(tenant, role, organisation);
  const client = createApiClient({ baseUrl: app.url, onAlert: () => {} });
  client.setSession({ token: session.token, refreshToken: session.refreshToken });
  return client;
}

async function uploadLink(token: string, body: Record<string, unknown>) {
  return http<UploadLink>(app.url, 'POST', '/v1/files/upload-link', {
    token,
    body: { folderName: 'uploads', type: 'photo', ...body },
  });
}

const put = (url: string, bytes: Buffer, contentType: string) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });

const fileRow = (id: string) =>
  app.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function listed(token: string, organisationId: string) {
  return http<FileRecord[]>(app.url, 'GET', `/v1/files/organisation/${organisationId}`, { token });
}

describe('U-1: upload link, PUT, stored URL (local disk)', () => {
  it("the client's uploadAttachments stores each file; the report keeps the URL without its query", async () => {
    const client = await clientFor(home, 'reporter');
    const photo = png(3000);
    const [entry, plain] = await client.uploadAttachments([
      {
        attachmentfile: new File([new Uint8Array(photo)], 'rash on arm.png', { type: 'image/png' }),
        attachmentcomments: 'day 2',
      },
      { attachmentcomments: 'no file' },
    ]);
    expect(entry).toMatchObject({ hasFile: true, attachmentcomments: 'day 2' });
    expect(entry!.attachmenturl).toMatch(new RegExp(`^${app.url}/storage/[0-9a-z/-]+$`));
    expect(plain).toEqual({ attachmentcomments: 'no file' });

    const key = entry!.attachmenturl!.split('/storage/')[1]!;
    const row = await app.db
      .selectFrom('files')
      .selectAll()
      .where('storage_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'stored',
      content_type: 'image/png',
      size: String(photo.length),
      name: 'rash on arm.png',
      organisation_id: home.organisationIds[0],
      folder: 'uploads',
    });
    // The stored address alone opens nothing: the signature is the permission.
    const bare = await fetch(entry!.attachmenturl!);
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject({ code: 'SIGNED_URL_INVALID', statusCode: 403 });

    // Staff see it, with a download link that gives back the same bytes as an attachment.
    const list = await listed(await tokenFor(home, 'organisation_staff'), home.organisationIds[0]!);
    const record = list.body.find((f) => f.id === row.id)!;
    expect(record.url).toBe(entry!.attachmenturl);
    const download = await fetch(record.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="rash on arm.png"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('U-2: the client’s uploadMultipart (start, url per part, complete) stores the joined file', async () => {
    const client = await clientFor(home, 'organisation_staff');
    const big = png(200_000);
    const done = await client
      .uploadMultipart<FileRecord>(new Blob([new Uint8Array(big)], { type: 'image/png' }), {
        fileName: 'scan.png',
        contentType: 'image/png',
        folderName: 'documents' as never,
        partSize: 64 * 1024,
      })
      .catch((error: Error) => error);
    // documents take PDF and office files, not images: refused by what the content is.
    expect(done).toBeInstanceOf(Error);

    const record = await client.uploadMultipart<FileRecord>(new Blob([new Uint8Array(big)]), {
      fileName: 'scan.png',
      contentType: 'image/png',
      partSize: 64 * 1024,
    });
    expect(record).toMatchObject({
      status: 'stored',
      contentType: 'image/png',
      size: big.length,
      name: 'scan.png',
    });
    const bytes = Buffer.from(await (await fetch(record.downloadUrl!)).arrayBuffer());
    expect(bytes.equals(big)).toBe(true);
  });
});

describe('hostile uploads', () => {
  it('a program behind a .jpg name and image/jpeg type is refused (415), and its bytes are not kept', async () => {
    const token = await tokenFor(home, 'reporter');
    const link = await uploadLink(token, { fileName: 'holiday.jpg', contentType: 'image/jpeg' });
    expect(link.status).toBe(200);
    const answer = await put(link.body.url, exe(), 'image/jpeg');
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      meta: { found: 'application/x-msdownload' },
    });
    const row = await fileRow(link.body.fileId);
    expect(row.status).toBe('rejected');
    const list = await listed(await tokenFor(home, 'organisation_admin'), home.organisationIds[0]!);
    expect(list.body.map((f) => f.id)).not.toContain(link.body.fileId);
  });

  it('a declared type the folder never takes is refused before any byte is sent', async () => {
    const token = await tokenFor(home, 'reporter');
    const html = await uploadLink(token, { fileName: 'page.html', contentType: 'text/html' });
    expect(html).toMatchObject({ status: 415, body: { code: 'FILE_TYPE_NOT_ALLOWED' } });
    const e2b = await uploadLink(token, {
      fileName: 'photo.png',
      contentType: 'image/png',
      folderName: 'e2b',
    });
    expect(e2b.status).toBe(415);
  });

  it('over the folder limit: 413 while the bytes arrive, nothing kept', async () => {
    const token = await tokenFor(home, 'reporter');
    const link = await uploadLink(token, {
      fileName: 'huge.png',
      contentType: 'image/png',
      folderName: 'images',
    });
    expect(link.body.maxBytes).toBe(10 * 1024 * 1024);
    const answer = await put(link.body.url, png(10 * 1024 * 1024 + 1), 'image/png');
    expect(answer.status).toBe(413);
    expect((await answer.json()).code).toBe('PAYLOAD_TOO_LARGE');
    expect((await fileRow(link.body.fileId)).status).toBe('pending');
    const start = await http(app.url, 'POST', '/v1/files/upload/start', {
      token,
      body: {
        fileName: 'huge.png',
        contentType: 'image/png',
        folderName: 'images',
        size: 10 * 1024 * 1024 + 1,
      },
    });
    expect(start).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('far over the folder limit: the 413 error object arrives, then the connection closes', async () => {
    const token = await tokenFor(home, 'reporter');
    const link = await uploadLink(token, {
      fileName: 'huge.png',
      contentType: 'image/png',
      folderName: 'images',
    });
    const total = 60 * 1024 * 1024;
    const answer = await sendHugeBody({
      url: link.body.url,
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      head: '\x89PNG\r\n\x1a\n',
      tail: '',
      total,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      statusCode: 413,
      error: 'Payload Too Large',
      message: `The file is larger than this folder allows (${10 * 1024 * 1024} bytes)`,
      meta: { limit: 10 * 1024 * 1024 },
    });
    // Refused at the 10 MB limit (plus what the sockets hold), not after reading all 60 MB…
    expect(answer.sentWhenAnswered).toBeLessThan(total / 2);
    // …and the rest is not read: the connection closes after the answer.
    expect(answer.connection).toBe('close');
    expect((await fileRow(link.body.fileId)).status).toBe('pending');
  }, 60_000);

  it('`../` and absolute names: the key is the server’s, the name keeps only its last segment', async () => {
    const token = await tokenFor(home, 'reporter');
    for (const [fileName, expected] of [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['/etc/cron.d/evil.pdf', 'evil.pdf'],
      ['..\\..\\windows\\win.pdf', 'win.pdf'],
      ['..', 'file.pdf'],
      ['report\u0000.pdf', null],
    ] as const) {
      const link = await uploadLink(token, { fileName, contentType: 'application/pdf' });
      if (expected === null) {
        expect(link.status).toBe(400);
        continue;
      }
      expect(link.status).toBe(200);
      expect(link.body.url).not.toContain('etc');
      expect((await put(link.body.url, pdf(), 'application/pdf')).status).toBe(200);
      const row = await fileRow(link.body.fileId);
      expect(row.name).toBe(expected);
      expect(row.storage_key).toBe(`${home.platformId}/${home.organisationIds[0]}/uploads/${row.id}`);
    }
  });

  it('signed URLs: a changed signature, another path, another Content-Type or a second PUT are refused', async () => {
    const token = await tokenFor(home, 'reporter');
    const a = await uploadLink(token, { fileName: 'a.pdf', contentType: 'application/pdf' });
    const b = await uploadLink(token, { fileName: 'b.pdf', contentType: 'application/pdf' });
    const url = new URL(a.body.url);
    const sig = url.searchParams.get('sig')!;
    const forged = new URL(url);
    forged.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const otherPath = new URL(b.body.url);
    otherPath.searchParams.set('sig', sig);
    const longer = new URL(url);
    longer.searchParams.set('max', String(10 ** 10));
    const later = new URL(url);
    later.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    for (const attempt of [forged, otherPath, longer, later]) {
      const answer = await put(attempt.toString(), pdf(), 'application/pdf');
      expect(answer.status).toBe(403);
      expect((await answer.json()).code).toBe('SIGNED_URL_INVALID');
    }
    const wrongType = await put(a.body.url, pdf(), 'image/png');
    expect(wrongType.status).toBe(403);
    expect((await put(a.body.url, pdf(), 'application/pdf')).status).toBe(200);
    const again = await put(a.body.url, pdf(), 'application/pdf');
    expect(again.status).toBe(409);
    // An upload URL does not download, and a download URL does not upload.
    expect((await fetch(a.body.url)).status).toBe(403);
  });

  it('an expired URL is refused (STORAGE_UPLOAD_URL_TTL=1)', async () => {
    const short = await startTestApp({ STORAGE_UPLOAD_URL_TTL: '1' });
    try {
      const session = await cachedSessions(() => short)(home, 'reporter');
      const link = await http<UploadLink>(short.url, 'POST', '/v1/files/upload-link', {
        token: session.token,
        body: { fileName: 'late.pdf', contentType: 'application/pdf', folderName: 'uploads' },
      });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const answer = await put(link.body.url, pdf(), 'application/pdf');
      expect(answer.status).toBe(403);
      expect((await answer.json()).code).toBe('SIGNED_URL_EXPIRED');
    } finally {
      await short.close();
    }
  });
});

describe('POST /v1/files (multipart)', () => {
  it('stores a Word document checked by content, with a sanitised name and a title', async () => {
    const token = await tokenFor(home, 'organisation_staff');
    const body = formData(
      { folderName: 'documents', title: 'Discharge letter' },
      { name: '../letter.docx', type: 'application/octet-stream', bytes: await docx() },
    );
    const answer = await fetch(`${app.url}/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({
      name: 'letter.docx',
      title: 'Discharge letter',
      folder: 'documents',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      status: 'stored',
    });
  });

  it('refuses a program named .pdf (415), a missing file (400) and JSON (415)', async () => {
    const token = await tokenFor(home, 'organisation_staff');
    const headers = { authorization: `Bearer ${token}` };
    const program = await fetch(`${app.url}/v1/files`, {
      method: 'POST',
      headers,
      body: formData({}, { name: 'invoice.pdf', type: 'application/pdf', bytes: exe() }),
    });
    expect(program.status).toBe(415);
    const none = await fetch(`${app.url}/v1/files`, {
      method: 'POST',
      headers,
      body: formData({ title: 'x' }),
    });
    expect(none.status).toBe(400);
    expect((await none.json()).meta.fields[0].field).toBe('body/file');
    const json = await http(app.url, 'POST', '/v1/files', { token, body: { file: 'x' } });
    expect(json.status).toBe(415);
  });
});

describe('files of other tenants', () => {
  it("another organisation's or platform's users get 404 on list, change and delete", async () => {
    const token = await tokenFor(home, 'organisation_admin');
    const link = await uploadLink(token, { fileName: 'mine.pdf', contentType: 'application/pdf' });
    await put(link.body.url, pdf(), 'application/pdf');
    const outsiders = [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'organisation_admin'),
      await tokenFor(foreign, 'platform_admin'),
    ];
    for (const outsider of outsiders) {
      expect((await listed(outsider, home.organisationIds[0]!)).status).toBe(404);
      const rename = await http(app.url, 'PUT', `/v1/files/${link.body.fileId}`, {
        token: outsider,
        body: { name: 'x.pdf' },
      });
      expect(rename.status).toBe(404);
      expect(
        (await http(app.url, 'DELETE', `/v1/files/${link.body.fileId}`, { token: outsider })).status,
      ).toBe(404);
      const bulk = await http(app.url, 'POST', '/v1/files/bulk-download-url', {
        token: outsider,
        body: { ids: [link.body.fileId] },
      });
      expect(bulk.status).toBe(404);
    }
    // Upload into another organisation: 404, nothing made.
    const intrude = await uploadLink(outsiders[1]!, {
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      organisationId: home.organisationIds[0],
    });
    expect(intrude.status).toBe(404);
    expect((await fileRow(link.body.fileId)).name).toBe('mine.pdf');
  });

  it('a user of two organisations uploads to and lists each, and nothing of a third', async () => {
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['organisation_staff', 'organisation_admin']);
    const [a, b] = tenant.organisationIds;
    const inB = await uploadLink(two.token, {
      fileName: 'b.pdf',
      contentType: 'application/pdf',
      organisationId: b,
    });
    expect(inB.status).toBe(200);
    await put(inB.body.url, pdf(), 'application/pdf');
    expect((await listed(two.token, b!)).body.map((f) => f.id)).toEqual([inB.body.fileId]);
    expect((await listed(two.token, a!)).body).toEqual([]);
    expect((await listed(two.token, two.thirdOrganisationId)).status).toBe(404);
  });
});

describe("one report's attachments (?reportId=)", () => {
  it('lists only the files linked to that report, for staff of its organisation; another organisation gets 404', async () => {
    const reporter = await tokenFor(home, 'reporter');
    const form = new FormData();
    form.append(
      'report',
      JSON.stringify({ report: adrCase(), attachmentFields: [{ id: 'label' }, { id: 'scan' }] }),
    );
    form.append('label', new Blob([new Uint8Array(png(1500))], { type: 'image/png' }), 'label.png');
    form.append('scan', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'letter.pdf');
    const sent = await fetch(`${app.url}/v1/report/post`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reporter}` },
      body: form,
    });
    expect(sent.status).toBe(201);
    const report = (await sent.json()) as { id: string };
    // A file of the same organisation that belongs to no report is not one of its attachments.
    const loose = await uploadLink(reporter, { fileName: 'loose.png', contentType: 'image/png' });
    expect((await put(loose.body.url, png(1000), 'image/png')).status).toBe(200);

    const staff = await tokenFor(home, 'organisation_staff');
    const path = `/v1/files/organisation/${home.organisationIds[0]}?reportId=${report.id}`;
    const listedForReport = await http<FileRecord[]>(app.url, 'GET', path, { token: staff });
    expect(listedForReport.status).toBe(200);
    expect(listedForReport.body.map((f) => [f.name, f.contentType, f.reportId]).sort()).toEqual([
      ['label.png', 'image/png', report.id],
      ['letter.pdf', 'application/pdf', report.id],
    ]);
    expect(listedForReport.body.every((f) => f.downloadUrl?.includes('sig='))).toBe(true);

    const stranger = await tokenFor(foreign, 'organisation_staff');
    expect((await http(app.url, 'GET', path, { token: stranger })).status).toBe(404);
    const elsewhere = `/v1/files/organisation/${foreign.organisationIds[0]}?reportId=${report.id}`;
    expect((await http<FileRecord[]>(app.url, 'GET', elsewhere, { token: stranger })).body).toEqual([]);
    const bad = await http<{ code: string }>(app.url, 'GET', `${path.split('?')[0]}?reportId=nope`, {
      token: staff,
    });
    expect(bad.status).toBe(400);
  });
});

describe('changing and deleting', () => {
  it('renames keeping the content’s extension, with If-Match; deletes the bytes', async () => {
    const token = await tokenFor(home, 'organisation_staff');
    const link = await uploadLink(token, { fileName: 'x.pdf', contentType: 'application/pdf' });
    await put(link.body.url, pdf(), 'application/pdf');
    const renamed = await http<FileRecord>(app.url, 'PUT', `/v1/files/${link.body.fileId}`, {
      token,
      body: { name: 'Lab results.exe', title: 'Labs' },
      headers: { 'if-match': '"2"' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Lab results.pdf', title: 'Labs', version: 3 });
    const stale = await http(app.url, 'PUT', `/v1/files/${link.body.fileId}`, {
      token,
      body: { title: 'Old' },
      headers: { 'if-match': '"2"' },
    });
    expect(stale.status).toBe(412);
    const reporter = await tokenFor(home, 'reporter');
    expect((await http(app.url, 'DELETE', `/v1/files/${link.body.fileId}`, { token: reporter })).status).toBe(
      403,
    );
    const download = renamed.body.downloadUrl!;
    expect((await http(app.url, 'DELETE', `/v1/files/${link.body.fileId}`, { token })).status).toBe(204);
    expect((await fetch(download)).status).toBe(404);
    expect((await http(app.url, 'DELETE', `/v1/files/${link.body.fileId}`, { token })).status).toBe(404);
  });
});

describe('bulk download as a zip', () => {
  it('zips the files under unique names through a short-lived signed link that cannot be widened', async () => {
    const tenant = await createTenant(app.db);
    const session = await sessionFor(tenant, 'organisation_staff');
    const token = session.token;
    const ids: string[] = [];
    const contents = [pdf(), png(500), pdf()];
    for (const [i, bytes] of contents.entries()) {
      const isPng = i === 1;
      const link = await uploadLink(token, {
        fileName: isPng ? 'photo.png' : 'letter.pdf',
        contentType: isPng ? 'image/png' : 'application/pdf',
      });
      await put(link.body.url, bytes, isPng ? 'image/png' : 'application/pdf');
      ids.push(link.body.fileId);
    }
    const res = await http<{ url: string; expiresAt: string }>(
      app.url,
      'POST',
      '/v1/files/bulk-download-url',
      {
        token,
        body: { ids },
      },
    );
    expect(res.status).toBe(200);
    expect(new Date(res.body.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 301_000);
    const zip = await fetch(res.body.url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await zip.arrayBuffer());
    const entries = await unzip(bytes);
    expect(Object.keys(entries).sort()).toEqual(['letter (2).pdf', 'letter.pdf', 'photo.png']);
    expect(entries['photo.png']!.equals(contents[1]!)).toBe(true);

    // Another file of another organisation cannot be slipped into the signed list.
    const elsewhere = await uploadLink(await tokenFor(foreign, 'organisation_admin'), {
      fileName: 'x.pdf',
      contentType: 'application/pdf',
    });
    await put(elsewhere.body.url, pdf(), 'application/pdf');
    const widened = new URL(res.body.url);
    widened.searchParams.set('ids', `${ids.join(',')},${elsewhere.body.fileId}`);
    expect((await fetch(widened)).status).toBe(403);
    // Reporters may not download the organisation's files; unknown ids are 404 with no link.
    const reporter = await tokenFor(tenant, 'reporter');
    const refused = await http(app.url, 'POST', '/v1/files/bulk-download-url', {
      token: reporter,
      body: { ids },
    });
    expect(refused.status).toBe(403);
    const unknown = await http(app.url, 'POST', '/v1/files/bulk-download-url', {
      token,
      body: { ids: [ids[0], '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses with 413 ZIP_TOO_LARGE files that add up to more than STORAGE_ZIP_MAX_BYTES (default 1 GiB)', async () => {
    expect(app.config.storage.zipMaxBytes).toBe(1_073_741_824);
    const capped = await startTestApp({ STORAGE_ZIP_MAX_BYTES: String(2 * pdf().length) });
    try {
      const tenant = await createTenant(capped.db);
      const { token } = await signedIn(capped, tenant, 'organisation_staff');
      const ids: string[] = [];
      for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
        const link = await http<UploadLink>(capped.url, 'POST', '/v1/files/upload-link', {
          token,
          body: { folderName: 'uploads', type: 'photo', fileName: name, contentType: 'application/pdf' },
        });
        await put(link.body.url, pdf(), 'application/pdf');
        ids.push(link.body.fileId);
      }
      // Exactly the cap: allowed.
      const two = await http(capped.url, 'POST', '/v1/files/bulk-download-url', {
        token,
        body: { ids: ids.slice(0, 2) },
      });
      expect(two.status).toBe(200);
      const three = await http<{ code: string; meta: { fields: { field: string; reason: string }[] } }>(
        capped.url,
        'POST',
        '/v1/files/bulk-download-url',
        { token, body: { ids } },
      );
      expect(three.status).toBe(413);
      expect(three.body.code).toBe('ZIP_TOO_LARGE');
      expect(three.body.meta.fields).toEqual([
        expect.objectContaining({ field: 'body/ids', reason: 'tooLarge' }),
      ]);
    } finally {
      await capped.close();
    }
  });
});

describe('resources', () => {
  it('administrators share documents every member lists; others may not add or remove them', async () => {
    const tenant = await createTenant(app.db);
    const admin = await tokenFor(tenant, 'organisation_admin');
    const res = await http<FileRecord>(app.url, 'POST', '/v1/resources', {
      token: admin,
      form: formData(
        { title: 'Reporting guide' },
        { name: 'guide.pdf', type: 'application/pdf', bytes: pdf() },
      ),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ folder: 'resources', title: 'Reporting guide', name: 'guide.pdf' });
    const reporter = await tokenFor(tenant, 'reporter');
    const list = await http<FileRecord[]>(app.url, 'GET', '/v1/resources', { token: reporter });
    expect(list.body.map((r) => r.id)).toEqual([res.body.id]);
    const download = await fetch(list.body[0]!.downloadUrl!);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf())).toBe(true);
    const add = await http(app.url, 'POST', '/v1/resources', {
      token: reporter,
      form: formData({}, { name: 'mine.pdf', type: 'application/pdf', bytes: pdf() }),
    });
    expect(add.status).toBe(403);
    expect((await http(app.url, 'DELETE', `/v1/resources/${res.body.id}`, { token: reporter })).status).toBe(
      403,
    );
    const outsider = await tokenFor(foreign, 'organisation_admin');
    expect((await http(app.url, 'DELETE', `/v1/resources/${res.body.id}`, { token: outsider })).status).toBe(
      404,
    );
    expect(
      (
        await http(app.url, 'GET', `/v1/resources?organisationId=${tenant.organisationIds[0]}`, {
          token: outsider,
        })
      ).status,
    ).toBe(404);
    expect((await http(app.url, 'DELETE', `/v1/resources/${res.body.id}`, { token: admin })).status).toBe(
      204,
    );
    expect((await http<FileRecord[]>(app.url, 'GET', '/v1/resources', { token: reporter })).body).toEqual([]);
  });
});

describe('races', () => {
  it('five PUTs to one upload link at once: one file stored, recorded once; the others 409', async () => {
    const token = await tokenFor(home, 'reporter');
    const link = await uploadLink(token, { fileName: 'same.pdf', contentType: 'application/pdf' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => put(link.body.url, pdf(), 'application/pdf').then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const audits = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', link.body.fileId)
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['file.uploaded']);
    expect((await fileRow(link.body.fileId)).status).toBe('stored');
  });
});
