import type { FormView } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  cachedSessions,
  createTenantWithForms,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

let home: TestTenant;
let other: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, other] = await Promise.all([createTenantWithForms(app.db), createTenantWithForms(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const adminOf = async (tenant: TestTenant) => (await sessionFor(tenant, 'platform_admin')).token;

async function view(tenant: TestTenant, key: string) {
  const res = await http<FormView[]>(app.url, 'GET', '/v1/formviews', { token: await adminOf(tenant) });
  return res.body.find((v) => v.key === key)!;
}

/** A zip of the given entries, made with yazl (names it would refuse are patched in afterwards). */
function zipOf(entries: [name: string, content: string | Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Every occurrence of `from` in the archive's bytes (local header and central directory) replaced. */
const patched = (zip: Buffer, from: string, to: string) =>
  Buffer.from(zip.toString('latin1').split(from).join(to), 'latin1');

const upload = async (tenant: TestTenant, id: string, body: Buffer, contentType = 'application/zip') =>
  http<
    {
      code: string;
      message: string;
      meta: { fields: { field: string; reason: string; message: string }[] };
    } & FormView
  >(app.url, 'POST', `/v1/formview/${id}/zip`, {
    token: await adminOf(tenant),
    raw: body,
    headers: { 'content-type': contentType },
  });

const viewPart = {
  key: 'x',
  name: 'X',
  audience: 'public',
  layout: {
    languages: ['en'],
    title: { en: 'X' },
    sections: [
      { id: 'patient', title: { en: 'Patient' }, questions: [{ field: 'D.sex', label: { en: 'Sex' } }] },
    ],
  },
  conditions: [],
};

/** A valid form.json, with parts replaced. */
const formJson = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'vigilo-form',
    formatVersion: 1,
    schema: {
      key: 'x',
      name: 'X',
      description: '',
      reportType: 'adr',
      fields: [{ path: 'D.sex', required: true }],
    },
    view: viewPart,
    ...overrides,
  });

describe('form zip', () => {
  it('moves a form to another platform: the draft there becomes the exported one, reporters see it once published', async () => {
    const source = await view(home, 'adr-professional');
    const layout = structuredClone(source.layout);
    layout.sections[0]!.title = { en: 'The reporting professional', fr: 'Le professionnel déclarant' };
    expect(
      (
        await http(app.url, 'PUT', `/v1/formview/${source.id}`, {
          token: await adminOf(home),
          body: { layout },
        })
      ).status,
    ).toBe(200);
    const exported = await http<string>(app.url, 'GET', `/v1/formview/${source.id}/zip`, {
      token: await adminOf(home),
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    expect(exported.headers.get('content-disposition')).toBe(
      'attachment; filename="form-adr-professional.zip"',
    );
    const bytes = Buffer.from(
      await (
        await fetch(`${app.url}/v1/formview/${source.id}/zip`, {
          headers: { authorization: `Bearer ${await adminOf(home)}` },
        })
      ).arrayBuffer(),
    );
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');

    const target = await view(other, 'adr-public');
    const imported = await upload(other, target.id, bytes);
    expect(imported.status).toBe(200);
    expect(imported.body.layout.sections[0]!.title.en).toBe('The reporting professional');
    expect(imported.body).toMatchObject({
      id: target.id,
      platformId: other.platformId,
      audience: 'professional',
    });
    const reporter = (await sessionFor(other, 'reporter')).token;
    const before = await http<FormView>(app.url, 'GET', `/v1/formview/${target.id}`, { token: reporter });
    expect(before.body.layout.sections[0]!.title.en).toBe('About you');
    const published = await http<{ number: number }>(app.url, 'POST', '/v1/formversion', {
      token: await adminOf(other),
      body: { formViewId: target.id },
    });
    expect(published.body.number).toBe(2);
    const after = await http<FormView>(app.url, 'GET', `/v1/formview/${target.id}`, { token: reporter });
    expect(after.body.layout.sections[0]!.title.en).toBe('The reporting professional');
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', target.id)
      .where('action', '=', 'form_view.imported')
      .execute();
    expect(audit).toHaveLength(1);
  });

  const form = (overrides: Record<string, unknown> = {}) => formJson(overrides);

  const hostile: [string, () => Promise<Buffer>, string, string][] = [
    [
      'a file that is not a zip',
      async () => Buffer.from('PK but not really a zip archive'),
      'format',
      'The file is not a zip archive',
    ],
    ['an empty body', async () => Buffer.alloc(0), 'format', 'The file is not a zip archive'],
    [
      'a zip without form.json',
      async () => zipOf([['readme.txt', 'hello']]),
      'format',
      'The archive is not a form: it has no form.json',
    ],
    [
      'a form.json that is not JSON',
      async () => zipOf([['form.json', '{ nope']]),
      'format',
      'The archive is not a form: form.json is not JSON',
    ],
    [
      'a form.json of another shape',
      async () => zipOf([['form.json', JSON.stringify({ format: 'something-else' })]]),
      'format',
      'The archive is not a Vigilo form: form.json',
    ],
    [
      'an entry whose name climbs out (../)',
      async () =>
        patched(
          await zipOf([
            ['form.json', form()],
            ['xx/evil.sh', 'rm -rf /'],
          ]),
          'xx/evil',
          '../evil',
        ),
      'notAllowed',
      'The archive holds an entry whose name leaves it',
    ],
    [
      'an absolute entry name',
      async () =>
        patched(
          await zipOf([
            ['form.json', form()],
            ['xetc/passwd', 'root'],
          ]),
          'xetc/',
          '/etc/',
        ),
      'notAllowed',
      'The archive holds an entry whose name leaves it',
    ],
    [
      'a zip bomb (11 MB of zeros, a few KB packed)',
      async () =>
        zipOf([
          ['form.json', form()],
          ['zeros.bin', Buffer.alloc(11 * 1024 * 1024)],
        ]),
      'tooLarge',
      'The archive unpacks to more than 10 MB',
    ],
    [
      'more than 100 entries',
      async () => zipOf(Array.from({ length: 101 }, (_, i): [string, string] => [`f${i}.txt`, 'x'])),
      'tooMany',
      'A form archive holds at most 100 files',
    ],
    [
      'a form that asks a field the case document does not have',
      async () =>
        zipOf([
          [
            'form.json',
            form({
              schema: {
                key: 'x',
                name: 'X',
                description: '',
                reportType: 'adr',
                fields: [{ path: 'D.shoeSize' }],
              },
            }),
          ],
        ]),
      'notFound',
      'body/file/schema/fields/0/path',
    ],
  ];

  for (const [name, make, reason, message] of hostile) {
    it(`refuses ${name} with a 400 and changes nothing`, async () => {
      const target = await view(other, 'aefi');
      const res = await upload(other, target.id, await make());
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.meta.fields[0]!.reason).toBe(reason);
      expect(`${res.body.meta.fields[0]!.field} ${res.body.meta.fields[0]!.message}`).toContain(message);
      const now = await view(other, 'aefi');
      expect(now.version).toBe(target.version);
      expect(now.layout).toEqual(target.layout);
    });
  }

  it('takes the zip as a multipart/form-data file too (the contract’s way)', async () => {
    const target = await view(other, 'adr-professional');
    const form = new FormData();
    form.append(
      'file',
      new Blob(
        [
          new Uint8Array(
            await zipOf([['form.json', formJson({ view: { ...viewPart, name: 'Sent as a part' } })]]),
          ),
        ],
        {
          type: 'application/zip',
        },
      ),
      'form.zip',
    );
    const res = await fetch(`${app.url}/v1/formview/${target.id}/zip`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminOf(other)}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as FormView).name).toBe('Sent as a part');
    const empty = new FormData();
    empty.append('note', 'no file here');
    const none = await fetch(`${app.url}/v1/formview/${target.id}/zip`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminOf(other)}` },
      body: empty,
    });
    expect(none.status).toBe(400);
  });

  it('refuses a zip over 5 MB packed with 413, and another platform’s view with 404', async () => {
    const target = await view(other, 'aefi');
    const big = await upload(other, target.id, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(big.status).toBe(413);
    const zip = await zipOf([['form.json', form()]]);
    expect((await upload(home, target.id, zip)).status).toBe(404);
    expect(
      (await http(app.url, 'GET', `/v1/formview/${target.id}/zip`, { token: await adminOf(home) })).status,
    ).toBe(404);
  });
});
