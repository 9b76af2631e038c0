import { randomUUID } from 'node:crypto';
import { createApiClient } from '@vigilo/client';
import type { Report } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { exe, pdf, png } from '../../../test/files.ts';
import { adrCase, createTenant, http, signedIn, useTestApp } from '../../../test/index.ts';

/** Attachments: uploaded first (U-1) and linked, or sent with the report (multipart POST /v1/report/post). */

const app = useTestApp();

type Answer = Report & { code?: string; meta?: { fields: { field: string; reason: string }[] } };

function multipart(report: unknown, files: { field: string; name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  form.append('report', JSON.stringify(report));
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}

async function postMultipart(token: string, form: FormData, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/v1/report/post`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

const filesOf = (organisationId: string) =>
  app.db.selectFrom('files').selectAll().where('organisation_id', '=', organisationId).execute();

describe('POST /v1/report/post (multipart)', () => {
  it('stores the report and its photo in one request: the entry gets the stored address, the file the report', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const form = multipart(
      { report: adrCase(), attachmentFields: [{ id: 'photo-1', attachmentcomments: 'swollen lips, day 1' }] },
      [{ field: 'photo-1', name: 'lips.png', type: 'image/png', bytes: png(2000) }],
    );
    const res = await postMultipart(token, form);
    expect(res.status).toBe(201);
    expect(res.body.attachmentFields).toEqual([
      {
        id: 'photo-1',
        attachmentcomments: 'swollen lips, day 1',
        attachmentfile: 'lips.png',
        attachmenttype: 'image/png',
        attachmenturl: expect.stringMatching(new RegExp(`^${app.url}/storage/`)),
        hasFile: true,
      },
    ]);
    const files = await filesOf(tenant.organisationIds[0]);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ report_id: res.body.id, content_type: 'image/png', status: 'stored' });
  });

  it('a program behind a picture name is refused by content, and nothing is stored', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const form = multipart({ report: adrCase() }, [
      { field: 'photo', name: 'photo.jpg', type: 'image/jpeg', bytes: exe() },
    ]);
    const res = await postMultipart(token, form);
    expect(res.status).toBe(415);
    const reports = await app.db
      .selectFrom('reports')
      .select('id')
      .where('platform_id', '=', tenant.platformId)
      .execute();
    expect(reports).toEqual([]);
    expect(await filesOf(tenant.organisationIds[0])).toEqual([]);
  });

  it('a report that fails validation stores neither report nor file; a malformed report part is a 400', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const bad = await postMultipart(
      token,
      multipart({ report: { schemaVersion: 1, C: {} } }, [
        { field: 'letter', name: 'letter.pdf', type: 'application/pdf', bytes: pdf() },
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.meta!.fields.map((f) => f.field)).toContain('body/report/E/reactions');
    const notJson = new FormData();
    notJson.append('report', '{"report": ');
    expect((await postMultipart(token, notJson)).status).toBe(400);
    const extra = multipart({ report: adrCase(), colour: 'blue' }, []);
    const refused = await postMultipart(token, extra);
    expect(refused.status).toBe(400);
    expect(refused.body.meta!.fields[0]!.field).toBe('body/colour');
    expect(await filesOf(tenant.organisationIds[0])).toEqual([]);
    const json = await http(app.url, 'POST', '/v1/report/post', { token, body: { report: adrCase() } });
    expect(json.status).toBe(415);
  });

  it('an Idempotency-Key retry of a multipart report returns the first answer and stores one file', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const report = { report: adrCase() };
    const bytes = png(1000);
    const key = randomUUID();
    const send = () =>
      postMultipart(token, multipart(report, [{ field: 'a', name: 'a.png', type: 'image/png', bytes }]), {
        'idempotency-key': key,
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect(await filesOf(tenant.organisationIds[0])).toHaveLength(1);
  });
});

describe('U-1 attachments on POST /v1/report', () => {
  it("links the client's uploads to the report; another organisation's file is a 400 naming the entry", async () => {
    const tenant = await createTenant(app.db);
    const { session, token } = await signedIn(app, tenant, 'reporter');
    const client = createApiClient({ baseUrl: app.url, onAlert: () => {} });
    client.setSession({ token: session.token, refreshToken: session.refreshToken });
    const [entry] = await client.uploadAttachments([
      {
        attachmentfile: new File([new Uint8Array(pdf())], 'discharge.pdf', { type: 'application/pdf' }),
        attachmentcomments: 'discharge letter',
      },
    ]);
    const res = await http<Answer>(app.url, 'POST', '/v1/report', {
      token,
      body: { report: adrCase(), attachmentFields: [entry] },
    });
    expect(res.status).toBe(201);
    const [file] = await filesOf(tenant.organisationIds[0]);
    expect(file).toMatchObject({ report_id: res.body.id, status: 'stored' });

    // The same address sent by a reporter of another organisation names nothing of theirs.
    const other = await signedIn(app, tenant, 'reporter', 1);
    const stolen = await http<Answer>(app.url, 'POST', '/v1/report', {
      token: other.token,
      body: { report: adrCase(), attachmentFields: [{ attachmentcomments: 'x' }, entry] },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.meta!.fields).toEqual([
      expect.objectContaining({ field: 'body/attachmentFields/1/attachmenturl', reason: 'notFound' }),
    ]);
    const theirs = await app.db
      .selectFrom('reports')
      .select('id')
      .where('organisation_id', '=', tenant.organisationIds[1])
      .execute();
    expect(theirs).toEqual([]);
  });
});
