import type { Drug, DrugList, DrugLookup, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { listForm, metaForm, syntheticDrugsCsv, syntheticDrugsMeta } from '../../../test/drugs.ts';
import { unzip } from '../../../test/files.ts';
import {
  cachedSessions,
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { seedDrugList } from './drugs.service.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

type Answer<T> = T & { code?: string; message?: string; meta?: Record<string, unknown> };

const uploadList = async (token: string, form: FormData, organisationId?: string) =>
  http<Answer<DrugList>>(
    app.url,
    'POST',
    `/v1/drugs/upload/list${organisationId ? `?organisationId=${organisationId}` : ''}`,
    { token, form },
  );
const uploadMeta = async (token: string, form: FormData, organisationId?: string) =>
  http<Answer<DrugList>>(
    app.url,
    'POST',
    `/v1/drugs/upload/meta${organisationId ? `?organisationId=${organisationId}` : ''}`,
    { token, form },
  );
const get = async <T>(token: string, path: string) => http<Answer<T>>(app.url, 'GET', path, { token });

/** A fresh tenant whose first organisation holds the synthetic list (with its meta). */
async function withSyntheticList() {
  const tenant = await createTenant(app.db);
  const admin = await tokenFor(tenant, 'organisation_admin');
  const res = await uploadList(admin, listForm(syntheticDrugsCsv(), syntheticDrugsMeta()));
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return { tenant, admin, list: res.body };
}

const names = (drugs: { name: string }[]) => drugs.map((d) => d.name);
const auditOf = async (id: string) =>
  (
    await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).orderBy('id').execute()
  ).map((a) => a.action);

describe('uploading a product list', () => {
  it('imports the synthetic list with its meta: twelve products, paged by name, each readable, audited', async () => {
    const { tenant, admin, list } = await withSyntheticList();
    expect(list).toMatchObject({
      organisationId: tenant.organisationIds[0],
      version: '2026-11',
      source: 'Invented Medicines Agency (synthetic list for tests and the demo)',
      publishedOn: '2026-11-01',
      current: true,
      fileName: 'drugs.csv',
      products: 12,
      added: 12,
      updated: 0,
      removed: 0,
    });
    const firstPage = await get<Drug[]>(admin, '/v1/drugs?size=5');
    expect(names(firstPage.body)).toEqual([
      'Calmorin 10 mg film-coated tablets',
      'Calmorin 20 mg film-coated tablets',
      'Dexolan 500 mg tablets',
      'Dexolan Duo 500 mg/30 mg tablets',
      'Fébrilex 250 mg/5 ml oral suspension',
    ]);
    const lastPage = await get<Drug[]>(admin, '/v1/drugs?size=5&page=3');
    expect(names(lastPage.body)).toEqual(['Tarnivir 300 mg tablets', 'Zelpra oral drops 2 mg/ml']);
    const duo = firstPage.body[3]!;
    expect(duo).toMatchObject({
      code: 'VX-0004',
      substances: ['Parvacetol', 'Codarine'],
      strength: '500 mg / 30 mg',
      doseForm: 'Tablet',
      authorisationNumber: 'VN-20418',
      holder: 'Meridian Generics',
      country: 'FR',
      listId: list.id,
    });
    const one = await get<Drug>(await tokenFor(tenant, 'reporter'), `/v1/drugs/${duo.id}`);
    expect(one.body).toEqual(duo);
    // A quoted cell keeps its comma.
    const rhino = (await get<Drug[]>(admin, '/v1/drugs/lookup?code=VX-0009')).body[0]!;
    expect((await get<Drug>(admin, `/v1/drugs/${rhino.id}`)).body.doseForm).toBe('Nasal spray, solution');
    expect(await auditOf(list.id)).toEqual(['drug_list.imported']);
  });

  it('refuses a malformed list whole, naming each bad line, and keeps the products it had', async () => {
    const { admin, list } = await withSyntheticList();
    const csv = [
      'code,name,substances,strength,doseForm,authorisationNumber,holder,country',
      'NEW-1,Good product,Alpha,1 mg,Tablet,A-1,Holder,GB',
      'NEW-2,Too few cells,Alpha',
      'NEW-3,,Alpha,1 mg,Tablet,A-3,Holder,GB',
      'NEW-1,Same code again,Alpha,1 mg,Tablet,A-4,Holder,GB',
      'NEW-5,Bad country,Alpha,1 mg,Tablet,A-5,Holder,Narnia',
      '"NEW-6","Quoted, fine",Alpha,1 mg,Tablet,A-6,Holder,gb',
    ].join('\n');
    const res = await uploadList(admin, listForm(csv));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.meta?.lines).toEqual([
      { line: 3, column: null, message: 'has 3 cells; the header has 8' },
      { line: 4, column: 'name', message: 'is empty (required)' },
      { line: 5, column: 'code', message: '"NEW-1" is also the code on line 2' },
      { line: 6, column: 'country', message: '"NARNIA" is not a two-letter country code' },
    ]);
    expect(res.body.message).toMatch(/nothing was imported.*line 3/);
    const drugs = await get<Drug[]>(admin, '/v1/drugs?size=100');
    expect(drugs.body).toHaveLength(12);
    expect(names(drugs.body)).not.toContain('Good product');
    const lists = await get<DrugList[]>(admin, '/v1/drugs/lists');
    expect(lists.body.map((l) => [l.id, l.products])).toEqual([[list.id, 12]]);
    expect(await auditOf(list.id)).toEqual(['drug_list.imported']);
  });

  it('refuses a list without its required columns, an open quote, an empty file and a bad meta part', async () => {
    const admin = await tokenFor(await createTenant(app.db), 'organisation_admin');
    const cases: [string, unknown][] = [
      ['name,strength\nA,1 mg\n', [{ line: 1, column: 'code', message: 'has no column "code" (required)' }]],
      [
        'code,name\nA,"Open quote\nB,Fine\n',
        [{ line: 2, column: null, message: 'opens a quoted cell that is never closed' }],
      ],
      ['', [{ line: 0, column: null, message: 'is empty: the first line names the columns' }]],
      ['code,name,Code\nA,B,C\n', [{ line: 1, column: 'code', message: 'names the column "code" twice' }]],
    ];
    for (const [csv, lines] of cases) {
      const res = await uploadList(admin, listForm(csv));
      expect(res.status, csv).toBe(400);
      expect(res.body.meta?.lines, csv).toEqual(lines);
    }
    const badMeta = await uploadList(admin, listForm('code,name\nA,B\n', { version: '', colour: 'red' }));
    expect(badMeta.status).toBe(400);
    expect(badMeta.body.meta?.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'body/meta' })]),
    );
    const onlyMeta = new FormData();
    onlyMeta.append('meta', new Blob(['{"version":"x"}']), 'meta.json');
    const noFile = await http<Answer<object>>(app.url, 'POST', '/v1/drugs/upload/list', {
      token: admin,
      form: onlyMeta,
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.meta?.fields).toEqual([
      expect.objectContaining({ field: 'body/file', reason: 'required' }),
    ]);
    const json = await http<Answer<object>>(app.url, 'POST', '/v1/drugs/upload/list', {
      token: admin,
      body: { file: 'code,name' },
    });
    expect(json.status).toBe(415);
    expect((await get<Drug[]>(admin, '/v1/drugs')).body).toEqual([]);
    expect((await get<DrugList[]>(admin, '/v1/drugs/lists')).body).toEqual([]);
  });

  it('refuses parts it does not take, a text field, a part twice and an oversized meta file, by name', async () => {
    const admin = await tokenFor(await createTenant(app.db), 'organisation_admin');
    const send = (parts: [string, string | Blob, string?][]) => {
      const form = new FormData();
      for (const [name, value, file] of parts)
        typeof value === 'string' ? form.append(name, value) : form.append(name, value, file);
      return uploadList(admin, form);
    };
    const csv = new Blob(['code,name\nA,B\n']);
    const cases: [[string, string | Blob, string?][], number, string][] = [
      [[['csv', csv, 'drugs.csv']], 400, 'body/csv'],
      [
        [
          ['organisationId', 'x'],
          ['file', csv, 'drugs.csv'],
        ],
        400,
        'body/organisationId',
      ],
      [
        [
          ['file', csv, 'a.csv'],
          ['file', csv, 'b.csv'],
        ],
        400,
        'body/file',
      ],
      [
        [
          ['file', csv, 'a.csv'],
          ['meta', new Blob([' '.repeat(70_000)]), 'meta.json'],
        ],
        413,
        'body/meta',
      ],
    ];
    for (const [parts, status, field] of cases) {
      const res = await send(parts);
      expect(res.status, field).toBe(status);
      expect(res.body.meta?.fields, field).toEqual([expect.objectContaining({ field })]);
    }
    expect((await get<Drug[]>(admin, '/v1/drugs')).body).toEqual([]);
  });

  it('replaces the list on a new upload: same codes keep their ids, changed ones update, missing ones go', async () => {
    const { admin } = await withSyntheticList();
    const before = (await get<Drug[]>(admin, '/v1/drugs?size=100')).body;
    const byCode = new Map(before.map((d) => [d.code, d]));
    const lines = syntheticDrugsCsv().trim().split('\n');
    // Keep the header and VX-0001..VX-0010, rename VX-0003, drop VX-0011 and VX-0012, add VX-0013.
    const kept = lines
      .slice(0, 11)
      .map((l) => l.replace('Dexolan 500 mg tablets', 'Dexolan 500 mg tablets (new pack)'));
    kept.push('VX-0013,Ombrelin 1 mg tablets,Ombrelide,1 mg,Tablet,VN-90013,Borealis Pharma,GB');
    const res = await uploadList(admin, listForm(kept.join('\n'), { version: '2026-12' }, 'december.csv'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: '2026-12',
      products: 11,
      added: 1,
      updated: 1,
      removed: 2,
      fileName: 'december.csv',
    });
    const after = (await get<Drug[]>(admin, '/v1/drugs?size=100')).body;
    expect(after.map((d) => d.code).sort()).toEqual([
      'VX-0001',
      'VX-0002',
      'VX-0003',
      'VX-0004',
      'VX-0005',
      'VX-0006',
      'VX-0007',
      'VX-0008',
      'VX-0009',
      'VX-0010',
      'VX-0013',
    ]);
    const renamed = after.find((d) => d.code === 'VX-0003')!;
    expect(renamed.id).toBe(byCode.get('VX-0003')!.id);
    expect(renamed.name).toBe('Dexolan 500 mg tablets (new pack)');
    expect(renamed.listId).toBe(res.body.id);
    expect(after.find((d) => d.code === 'VX-0001')!.id).toBe(byCode.get('VX-0001')!.id);
    expect((await get(admin, `/v1/drugs/${byCode.get('VX-0011')!.id}`)).status).toBe(404);
    const lists = (await get<DrugList[]>(admin, '/v1/drugs/lists')).body;
    expect(lists.map((l) => [l.version, l.current])).toEqual([
      ['2026-12', true],
      ['2026-11', false],
    ]);
  });

  it('reads a list through its meta file: semicolons, own headers, another substance separator', async () => {
    const admin = await tokenFor(await createTenant(app.db), 'organisation_admin');
    const meta = await uploadMeta(
      admin,
      metaForm({
        version: 'v7',
        source: 'Agency export',
        delimiter: ';',
        substanceSeparator: '+',
        columns: {
          code: 'Product ID',
          name: 'Product name',
          substances: 'Active substance(s)',
          country: 'Land',
        },
      }),
    );
    expect(meta.status).toBe(201);
    expect(meta.body).toMatchObject({ version: 'v7', products: 0, importedAt: null, current: true });
    const csv =
      'Product ID;Product name;Active substance(s);Land;Ignored column\nP1;Duoquin 5 mg;Alphaquin + Betaquin;de;x\n';
    const res = await uploadList(admin, listForm(csv));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: meta.body.id, version: 'v7', products: 1, added: 1 });
    const [drug] = (await get<Drug[]>(admin, '/v1/drugs')).body;
    expect(drug).toMatchObject({
      code: 'P1',
      name: 'Duoquin 5 mg',
      substances: ['Alphaquin', 'Betaquin'],
      country: 'DE',
    });
    // The same version again is a conflict; a broken meta file says where.
    const again = await uploadMeta(admin, metaForm({ version: 'v7' }));
    expect(again.status).toBe(409);
    expect(again.body.meta?.fields).toEqual([expect.objectContaining({ field: 'body/version' })]);
    const broken = await uploadMeta(admin, metaForm('{"version": '));
    expect(broken.status).toBe(400);
    expect(broken.body.meta?.lines).toEqual([
      expect.objectContaining({ line: 0, message: expect.stringMatching(/^is not JSON/) }),
    ]);
    const unknown = await uploadMeta(admin, metaForm({ version: 'v8', delimiter: '|' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.meta?.lines).toEqual([expect.objectContaining({ column: 'delimiter' })]);
    expect((await get<DrugList[]>(admin, '/v1/drugs/lists')).body).toHaveLength(1);
    expect(await auditOf(meta.body.id)).toEqual(['drug_list.described', 'drug_list.imported']);
  });

  it('two uploads of one version at once: one list, the other 409', async () => {
    const admin = await tokenFor(await createTenant(app.db), 'organisation_admin');
    const answers = await Promise.all([
      uploadList(admin, listForm('code,name\nA,Alpha\n', { version: 'same' })),
      uploadList(admin, listForm('code,name\nB,Beta\n', { version: 'same' })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await get<Drug[]>(admin, '/v1/drugs')).body).toHaveLength(1);
    expect((await get<DrugList[]>(admin, '/v1/drugs/lists')).body).toHaveLength(1);
  });

  it('lets only administrators upload', async () => {
    const tenant = await createTenant(app.db);
    for (const role of ['organisation_staff', 'assessor', 'reporter'] as const) {
      const token = await tokenFor(tenant, role);
      expect((await uploadList(token, listForm('code,name\nA,B\n'))).status, role).toBe(403);
      expect((await uploadMeta(token, metaForm({ version: role }))).status, role).toBe(403);
    }
    expect((await get<Drug[]>(await tokenFor(tenant, 'organisation_admin'), '/v1/drugs')).body).toEqual([]);
  });
});

describe('the demo list', () => {
  it('seeds an organisation without a list once, as an upload would; a second run changes nothing', async () => {
    const tenant = await createTenant(app.db);
    const organisation = { platformId: tenant.platformId, organisationId: tenant.organisationIds[0]! };
    const files = {
      csv: Buffer.from(syntheticDrugsCsv()),
      meta: Buffer.from(JSON.stringify(syntheticDrugsMeta())),
    };
    await seedDrugList(app.db, organisation, files);
    await seedDrugList(app.db, organisation, files);
    const admin = await tokenFor(tenant, 'organisation_admin');
    const lists = (await get<DrugList[]>(admin, '/v1/drugs/lists')).body;
    expect(lists.map((l) => [l.version, l.products, l.added])).toEqual([['2026-11', 12, 12]]);
    expect((await get<Drug[]>(admin, '/v1/drugs?size=100')).body).toHaveLength(12);
  });
});

describe('searching and looking up products', () => {
  let token: string;
  beforeAll(async () => {
    const { tenant } = await withSyntheticList();
    token = await tokenFor(tenant, 'reporter');
  });
  const searchFor = async (query: string) =>
    names((await get<Drug[]>(token, `/v1/drugs/search?query=${encodeURIComponent(query)}`)).body);

  // Expected first hits, written by hand from the synthetic list (src/seed/drugs-synthetic).
  const relevance: [string, string[]][] = [
    ['calm', ['Calmorin 10 mg film-coated tablets', 'Calmorin 20 mg film-coated tablets']],
    // By active substance: shorter names first.
    [
      'zelpramine',
      [
        'Sedorin 5 mg capsules',
        'Zelpra oral drops 2 mg/ml',
        'Calmorin 10 mg film-coated tablets',
        'Calmorin 20 mg film-coated tablets',
      ],
    ],
    // A name starting with the query comes before substances that do.
    [
      'zelpra',
      [
        'Zelpra oral drops 2 mg/ml',
        'Sedorin 5 mg capsules',
        'Calmorin 10 mg film-coated tablets',
        'Calmorin 20 mg film-coated tablets',
      ],
    ],
    ['febrilex', ['Fébrilex 250 mg/5 ml oral suspension']],
    ['FÉBRI', ['Fébrilex 250 mg/5 ml oral suspension']],
    [
      'PARVACETOL',
      ['Dexolan 500 mg tablets', 'Dexolan Duo 500 mg/30 mg tablets', 'Fébrilex 250 mg/5 ml oral suspension'],
    ],
    ['codarine', ['Dexolan Duo 500 mg/30 mg tablets']],
    ['vn-20418', ['Dexolan Duo 500 mg/30 mg tablets']],
    ['EU/9/26/0001', ['Quintavax suspension for injection']],
    ['VX-0003', ['Dexolan 500 mg tablets']],
    ['tablets dexolan', ['Dexolan 500 mg tablets', 'Dexolan Duo 500 mg/30 mg tablets']],
    ['duo dex', ['Dexolan Duo 500 mg/30 mg tablets']],
    ['xylo', ['Rhinoclear 0.1% nasal spray']],
    ['olan', []],
    ['nothing like it', []],
  ];
  for (const [query, expected] of relevance)
    it(`"${query}" finds ${expected.length ? expected.join(', ') : 'nothing'}`, async () => {
      expect(await searchFor(query)).toEqual(expected);
    });

  it('ranks an exact number first, then a word of the name before a substance before a number, whatever the length', async () => {
    const admin = await tokenFor(await createTenant(app.db), 'organisation_admin');
    const csv = [
      'code,name,substances,authorisationNumber',
      'A1,Bolo 5 mg,Kiwirine,KIW-1',
      'A2,Max Kiwi tablets,Otherine,N-2',
      'A3,Zed,Noneine,KIW-77',
      'A4,Kiwano drops,Otherine,N-4',
      'A5,N 2 Nasal,Otherine,N-5',
    ].join('\n');
    expect((await uploadList(admin, listForm(csv))).status).toBe(200);
    const found = await get<Drug[]>(admin, '/v1/drugs/search?query=kiw');
    expect(names(found.body)).toEqual(['Kiwano drops', 'Max Kiwi tablets', 'Bolo 5 mg', 'Zed']);
    // The whole query is an authorisation number: before a name word.
    const exact = await get<Drug[]>(admin, '/v1/drugs/search?query=n-2');
    expect(names(exact.body)).toEqual(['Max Kiwi tablets', 'N 2 Nasal']);
  });

  it('stops at the limit and refuses a missing or empty query', async () => {
    const limited = await get<Drug[]>(token, '/v1/drugs/search?query=tablets&limit=2');
    expect(names(limited.body)).toEqual(['Dexolan 500 mg tablets', 'Lorvastin 40 mg tablets']);
    expect((await get(token, '/v1/drugs/search')).status).toBe(400);
    expect((await get(token, '/v1/drugs/search?query=')).status).toBe(400);
    expect((await get<Drug[]>(token, '/v1/drugs/search?query=%20-%20')).body).toEqual([]);
  });

  it('looks up by code, by authorisation number (case ignored) and by ids; one of them is required', async () => {
    const byCode = await get<DrugLookup[]>(token, '/v1/drugs/lookup?code=VX-0007');
    expect(byCode.body).toEqual([
      {
        id: expect.any(String),
        code: 'VX-0007',
        name: 'Nexaprin 75 mg gastro-resistant tablets',
        substances: ['Acetylvarin'],
        strength: '75 mg',
        authorisationNumber: 'VN-52003',
      },
    ]);
    const byNumber = await get<DrugLookup[]>(token, '/v1/drugs/lookup?authorisationNumber=vn-52003');
    expect(byNumber.body).toEqual(byCode.body);
    const other = (await get<DrugLookup[]>(token, '/v1/drugs/lookup?code=VX-0001')).body[0]!;
    const byIds = await get<DrugLookup[]>(token, `/v1/drugs/lookup?ids=${byCode.body[0]!.id},${other.id}`);
    expect(names(byIds.body)).toEqual([
      'Calmorin 10 mg film-coated tablets',
      'Nexaprin 75 mg gastro-resistant tablets',
    ]);
    expect((await get(token, '/v1/drugs/lookup')).status).toBe(400);
    expect((await get(token, '/v1/drugs/lookup?code=A&authorisationNumber=B')).status).toBe(400);
    expect((await get(token, '/v1/drugs/lookup?ids=not-an-id')).status).toBe(400);
    expect((await get<DrugLookup[]>(token, '/v1/drugs/lookup?code=VX-9999')).body).toEqual([]);
  });
});

describe('downloading the list', () => {
  it('answers the CSV in the upload columns, which uploads again changing nothing', async () => {
    const admin = await tokenFor(await createTenant(app.db), 'organisation_admin');
    const csv = 'code,name,substances,country\nB2,"Beta, forte",Betaine|Gammaine,gb\nA1,=Alpha,,\n';
    expect((await uploadList(admin, listForm(csv))).status).toBe(200);
    const res = await http<string>(app.url, 'GET', '/v1/drugs/csv', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="drugs-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.body).toBe(
      'code,name,substances,strength,doseForm,authorisationNumber,holder,country\r\n' +
        "A1,'=Alpha,,,,,,\r\n" +
        'B2,"Beta, forte",Betaine|Gammaine,,,,,GB\r\n',
    );
    const again = await uploadList(admin, listForm(res.body));
    expect(again.body).toMatchObject({ products: 2, added: 0, updated: 0, removed: 0 });
    expect((await get<Drug[]>(admin, '/v1/drugs/lookup?code=A1')).body[0]!.name).toBe('=Alpha');
  });

  it('serves the export by a signed link opened without a token: a zip of the list and its meta', async () => {
    const { tenant } = await withSyntheticList();
    const reporter = await tokenFor(tenant, 'reporter');
    const link = await http<{ url: string; expiresAt: string }>(app.url, 'POST', '/v1/drugs/export-url', {
      token: reporter,
      body: {},
    });
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(url.pathname).toBe('/v1/drugs/export');
    expect(url.searchParams.get('organisationId')).toBe(tenant.organisationIds[0]);
    const res = await fetch(link.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['drugs-meta.json', 'drugs.csv']);
    expect(JSON.parse(files['drugs-meta.json']!.toString('utf8'))).toEqual({
      version: '2026-11',
      source: 'Invented Medicines Agency (synthetic list for tests and the demo)',
      publishedOn: '2026-11-01',
    });
    const csv = files['drugs.csv']!.toString('utf8').split('\r\n');
    expect(csv[0]).toBe('code,name,substances,strength,doseForm,authorisationNumber,holder,country');
    expect(csv[1]).toBe(
      'VX-0001,Calmorin 10 mg film-coated tablets,Zelpramine,10 mg,Film-coated tablet,VN-10001/A,Borealis Pharma,GB',
    );
    expect(csv).toHaveLength(14);

    // Another organisation in the link, a token instead of a signature: refused.
    url.searchParams.set('organisationId', foreign.organisationIds[0]!);
    expect((await fetch(url)).status).toBe(403);
    const unsigned = await http<Answer<object>>(
      app.url,
      'GET',
      `/v1/drugs/export?organisationId=${tenant.organisationIds[0]}`,
      { token: reporter },
    );
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.code).toBe('SIGNED_URL_INVALID');
  });
});

describe('tenancy', () => {
  it("hides another organisation's and another platform's products and lists (404), on read and on upload", async () => {
    const { tenant, list } = await withSyntheticList();
    const own = (await get<Drug[]>(await tokenFor(tenant, 'organisation_admin'), '/v1/drugs?size=1'))
      .body[0]!;
    const org = tenant.organisationIds[0];
    const sameOrgOtherTenant = await createTenant(app.db);
    const outsiders = [
      await tokenFor(tenant, 'organisation_admin', 1),
      await tokenFor(sameOrgOtherTenant, 'organisation_admin'),
      await tokenFor(foreign, 'platform_admin'),
    ];
    for (const token of outsiders) {
      const calls = await Promise.all([
        get(token, `/v1/drugs/${own.id}`),
        get(token, `/v1/drugs?organisationId=${org}`),
        get(token, `/v1/drugs/search?query=calm&organisationId=${org}`),
        get(token, `/v1/drugs/lookup?code=VX-0001&organisationId=${org}`),
        get(token, `/v1/drugs/lists?organisationId=${org}`),
        get(token, `/v1/drugs/csv?organisationId=${org}`),
        get(token, `/v1/drugs/idaps?drugId=${own.id}`),
        http(app.url, 'POST', '/v1/drugs/export-url', { token, body: { organisationId: org } }),
        uploadList(token, listForm('code,name\nX,Intruder\n'), org),
        uploadMeta(token, metaForm({ version: 'intruder' }), org),
      ]);
      expect(calls.map((r) => r.status)).toEqual(Array(10).fill(404));
    }
    // Their own lists never show it.
    const theirs = await get<Drug[]>(outsiders[1]!, '/v1/drugs/search?query=calm');
    expect(theirs.body).toEqual([]);
    const lists = await get<DrugList[]>(await tokenFor(tenant, 'organisation_admin'), '/v1/drugs/lists');
    expect(lists.body.map((l) => [l.id, l.products])).toEqual([[list.id, 12]]);
  });

  it('lets a user of two organisations keep a list in each, and not in a third or another platform', async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    for (const [i, organisationId] of home.organisationIds.entries()) {
      const res = await uploadList(
        two.token,
        listForm(`code,name\nT${i},Product of organisation ${i}\n`),
        organisationId,
      );
      expect(res.status).toBe(200);
      expect(res.body.organisationId).toBe(organisationId);
    }
    for (const [i, organisationId] of home.organisationIds.entries()) {
      const list = await get<Drug[]>(two.token, `/v1/drugs?organisationId=${organisationId}`);
      expect(names(list.body)).toEqual([`Product of organisation ${i}`]);
    }
    const third = (await signedIn(app, two.thirdTenant, 'organisation_admin')).token;
    expect((await uploadList(third, listForm('code,name\nZ,Third\n'))).status).toBe(200);
    const thirdDrug = (await get<Drug[]>(third, '/v1/drugs')).body[0]!;
    const foreignAdmin = await tokenFor(foreign, 'organisation_admin');
    expect((await uploadList(foreignAdmin, listForm('code,name\nF,Foreign\n'))).status).toBe(200);
    const foreignDrug = (await get<Drug[]>(foreignAdmin, '/v1/drugs')).body[0]!;
    for (const id of [thirdDrug.id, foreignDrug.id])
      expect((await get(two.token, `/v1/drugs/${id}`)).status).toBe(404);
    expect((await get(two.token, `/v1/drugs?organisationId=${two.thirdOrganisationId}`)).status).toBe(404);
    expect((await uploadList(two.token, listForm('code,name\nX,Y\n'), two.thirdOrganisationId)).status).toBe(
      404,
    );
  });
});

describe('GET /v1/platforms/{id}/medicine-names (public)', () => {
  it('suggests names and strengths of the receiving organisation’s list, signed out, where the public may report', async () => {
    const tenant = await createTenant(app.db);
    const [a, b] = tenant.organisationIds as [string, string];
    const csvA =
      'code,name,substances,strength,authorisationNumber\nA1,Amoxil 500 mg capsules,Amoxicillin,500 mg,PL-SECRET-1\n';
    const csvB = 'code,name,substances\nB1,Amoxibee syrup,Amoxicillin\n';
    const adminA = await tokenFor(tenant, 'organisation_admin', 0);
    const adminB = await tokenFor(tenant, 'organisation_admin', 1);
    expect((await uploadList(adminA, listForm(csvA))).status).toBe(200);
    expect((await uploadList(adminB, listForm(csvB))).status).toBe(200);
    const names = (platformId: string, organisationId: string, query = 'amox', token?: string) =>
      http<Answer<{ name: string; strength: string | null }[]>>(
        app.url,
        'GET',
        `/v1/platforms/${platformId}/medicine-names?organisationId=${organisationId}&query=${query}`,
        token ? { token } : {},
      );
    // Anonymous reports off (the platform's default): no suggestion, as if there were no list.
    expect(await names(tenant.platformId, a)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    await app.db
      .updateTable('platforms')
      .set({ server_configuration: JSON.stringify({ anonymousReports: true }) })
      .where('id', '=', tenant.platformId)
      .execute();
    // Name and strength only: no code, substance or authorisation number.
    const found = await names(tenant.platformId, a);
    expect(found).toMatchObject({
      status: 200,
      body: [{ name: 'Amoxil 500 mg capsules', strength: '500 mg' }],
    });
    expect(JSON.stringify(found.body)).not.toContain('SECRET');
    // Each organisation's own list: B's report gets B's names.
    expect((await names(tenant.platformId, b)).body).toEqual([{ name: 'Amoxibee syrup', strength: null }]);
    // Another platform's organisation named with this platform, or this one's with another: 404.
    expect((await names(tenant.platformId, foreign.organisationIds[0]!)).status).toBe(404);
    expect((await names(foreign.platformId, a)).status).toBe(404);
    expect((await names(crypto.randomUUID(), a)).status).toBe(404);
    // Signed in changes nothing: a user of both organisations gets what the named one lists.
    const two = await signedInToTwo(app, tenant, ['reporter', 'reporter']);
    expect((await names(tenant.platformId, b, 'amox', two.token)).body).toEqual([
      { name: 'Amoxibee syrup', strength: null },
    ]);
    // Bad input: 400 and its field; nothing typed that is a word: nothing.
    expect((await names(tenant.platformId, 'not-an-id')).status).toBe(400);
    expect((await names(tenant.platformId, a, '')).status).toBe(400);
    expect((await names(tenant.platformId, a, '%20-%20')).body).toEqual([]);
  });
});
