import type { MeddraPath, MeddraTerm, MeddraVersion, RoleName } from '@vigilo/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedSessions, createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { importedRelease, releaseForm, releaseZipForm, syntheticRelease } from '../../../test/meddra.ts';
import { signedInToTwo } from '../../../test/sessions.ts';
import { runMeddraImport } from './meddra.service.ts';

let home: TestTenant;
let sysadmin: string;
let release: { id: string; language: string };

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
  sysadmin = await tokenFor(home, 'system_admin');
  release = await importedRelease(app, sysadmin);
});

const search = async (query: string, extra = '') =>
  (
    await http<MeddraPath[]>(
      app.url,
      'GET',
      `/v1/meddras/search?versionId=${release.id}&query=${encodeURIComponent(query)}${extra}`,
      { token: await tokenFor(home, 'reporter') },
    )
  ).body;

describe('MedDRA import', () => {
  it('imports the synthetic release as a job: queued, then ready with its counts, audited', async () => {
    const { files, language } = syntheticRelease();
    const res = await http<MeddraVersion>(app.url, 'POST', '/v1/meddras/versions', {
      token: sysadmin,
      form: await releaseZipForm(files),
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ version: '90.0', language, status: 'queued', progress: 0 });
    const analyses = async () =>
      (
        await sql<{
          relname: string;
          analyze_count: string;
        }>`SELECT relname, analyze_count FROM pg_stat_user_tables
          WHERE relname IN ('meddra_terms', 'meddra_paths') ORDER BY relname`.execute(app.db)
      ).rows.map((r) => [r.relname, Number(r.analyze_count)] as const);
    const before = await analyses();
    await runMeddraImport(app.db, { versionId: res.body.id, requestId: 'test', actorUserId: null });
    // The job leaves planner statistics for what it wrote (decision 0112), as the runtime role.
    const after = await analyses();
    expect(after.map(([name]) => name)).toEqual(['meddra_paths', 'meddra_terms']);
    expect(after.map(([, n], i) => n - before[i]![1])).toEqual([1, 1]);
    const list = await http<MeddraVersion[]>(app.url, 'GET', '/v1/meddras/versions', {
      token: await tokenFor(home, 'reporter'),
    });
    const done = list.body.find((v) => v.id === res.body.id);
    expect(done).toMatchObject({
      status: 'ready',
      progress: 100,
      counts: { soc: 3, hlgt: 3, hlt: 4, pt: 5, llt: 10, nonCurrentLlt: 2, paths: 6 },
      errors: [],
    });
    const staged = await app.db
      .selectFrom('meddra_import_files')
      .select('name')
      .where('version_id', '=', res.body.id)
      .execute();
    expect(staged).toEqual([]);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', res.body.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['meddra_version.uploaded', 'meddra_version.imported']);

    // The same release and language again is a conflict; another language sits beside it.
    const again = await http(app.url, 'POST', '/v1/meddras/versions', {
      token: sysadmin,
      form: releaseForm(syntheticRelease({}, language).files),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      meta: { fields: [{ field: 'body/meddra_release.asc' }] },
    });
  });

  it('refuses a malformed release with line-numbered errors, keeping nothing', async () => {
    const cases: [Record<string, string>, { file: string; line: number }][] = [
      [
        {
          'llt.asc':
            '90300001$Cephalalgia tensive$90300001$$$$$$$Y$\n9040000X$Broken code$90300001$$$$$$$Y$\n',
        },
        { file: 'llt.asc', line: 2 },
      ],
      [
        {
          'llt.asc': '90300001$Cephalalgia tensive$90300001$$$$$$$Y$\n\n90400001$Orphan$90399999$$$$$$$Y$\n',
        },
        { file: 'llt.asc', line: 3 },
      ],
      [{ 'llt.asc': '90300001$Cephalalgia tensive$90300001$$$$$$$Maybe$\n' }, { file: 'llt.asc', line: 1 }],
      [
        { 'pt.asc': '90300001$Cephalalgia tensive$$90000001$$$$$$$\n90300001$Twice$$90000001$$$$$$$\n' },
        { file: 'pt.asc', line: 2 },
      ],
      [{ 'soc.asc': '90000001$Only two fields\n' }, { file: 'soc.asc', line: 1 }],
      [{ 'meddra_release.asc': 'ninety$English$$\n' }, { file: 'meddra_release.asc', line: 1 }],
      [{ 'hlt_pt.asc': '90200001$90300001$\n90200001$90399999$\n' }, { file: 'hlt_pt.asc', line: 2 }],
    ];
    for (const [changes, where] of cases) {
      const { files, language } = syntheticRelease(changes);
      const res = await http<{ code: string; meta: { lines: { file: string; line: number }[] } }>(
        app.url,
        'POST',
        '/v1/meddras/versions',
        { token: sysadmin, form: releaseForm(files) },
      );
      expect({ changes, status: res.status, code: res.body.code }).toEqual({
        changes,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(res.body.meta.lines).toContainEqual(expect.objectContaining(where));
      const kept = await app.db
        .selectFrom('meddra_versions')
        .select('id')
        .where('language', '=', language)
        .execute();
      expect(kept).toEqual([]);
    }
    const { files } = syntheticRelease();
    files.delete('mdhier.asc');
    const missing = await http<{ meta: { lines: unknown[] } }>(app.url, 'POST', '/v1/meddras/versions', {
      token: sysadmin,
      form: releaseForm(files),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.meta.lines).toEqual([
      { file: 'mdhier.asc', line: 0, message: 'is missing from the release' },
    ]);
  });

  it('lets only a system administrator import (403 for the others)', async () => {
    for (const role of ['platform_admin', 'organisation_admin', 'reporter'] as const) {
      const res = await http(app.url, 'POST', '/v1/meddras/versions', {
        token: await tokenFor(home, role),
        form: releaseForm(syntheticRelease().files),
      });
      expect(res.status).toBe(403);
    }
  });
});

describe('MedDRA search', () => {
  // Typed query → the expected first hit (LLT code), written by hand from the fixture's terms.
  const relevance: [string, number][] = [
    ['tension head', 90400001],
    ['head tension', 90400001],
    ['TENSION', 90400001],
    ['erythema', 90300002],
    ['ÉRYTH prur', 90300002],
    ['itchy', 90400003],
    ['nausea', 90300003],
    ['nausae', 90300003],
    ['queasines after', 90400004],
    ['abdominal', 90300004],
    ['abdominal pain', 90300005],
    ['migrainous', 90300005],
    ['cephalagia', 90300001],
    ['ecphalalgia', 90300001],
    ['head pressure', 90400002],
  ];
  for (const [query, first] of relevance) {
    it(`"${query}" → ${first}`, async () => {
      const hits = await search(query);
      expect(hits[0]?.llt?.code).toBe(first);
    });
  }

  it('answers the full primary path of each hit and marks non-current LLTs, after the current ones', async () => {
    const hits = await search('head');
    expect(hits.map((h) => [h.llt?.code, h.llt?.current])).toEqual([
      [90400001, true],
      [90400002, false],
    ]);
    expect(hits[0]).toEqual({
      versionId: release.id,
      version: '90.0',
      llt: { code: 90400001, name: 'Tension headache band-like', current: true },
      pt: { code: 90300001, name: 'Cephalalgia tensive' },
      hlt: { code: 90200001, name: 'Headaches of tension type' },
      hlgt: { code: 90100001, name: 'Headache conditions' },
      soc: { code: 90000001, name: 'Synthetic nervous disorders', abbrev: 'SNerv' },
      primary: true,
    });
    const currentOnly = await search('head', '&includeNonCurrent=false');
    expect(currentOnly.map((h) => h.llt?.code)).toEqual([90400001]);
    // The multi-axial PT's hit shows its primary SOC only.
    const migraine = await search('migrainous');
    expect(migraine.map((h) => h.soc.code)).toEqual([90000003]);
    expect(await search('zzzz')).toEqual([]);
    // The Latin-1 file's accented name reads as written.
    expect((await search('pruritic'))[0]?.llt?.name).toBe('Pruritic érythema');
  });

  it('looks up a code at every level with its paths, primary first', async () => {
    const token = await tokenFor(home, 'organisation_staff');
    const lookup = async (code: number) =>
      http<MeddraPath[]>(app.url, 'GET', `/v1/meddras/lookup?versionId=${release.id}&code=${code}`, {
        token,
      });
    const pt = await lookup(90300005);
    expect(
      pt.body.map((p) => [p.llt?.code, p.pt?.code, p.hlt?.code, p.hlgt?.code, p.soc.code, p.primary]),
    ).toEqual([
      [90300005, 90300005, 90200004, 90100003, 90000003, true],
      [90300005, 90300005, 90200001, 90100001, 90000001, false],
    ]);
    const llt = await lookup(90400005);
    expect(llt.body[0]).toMatchObject({
      llt: { code: 90400005, current: false },
      pt: { code: 90300005 },
      primary: true,
    });
    const hlt = await lookup(90200004);
    expect(hlt.body).toEqual([
      {
        versionId: release.id,
        version: '90.0',
        llt: null,
        pt: null,
        hlt: { code: 90200004, name: 'Pain signs in the abdomen' },
        hlgt: { code: 90100003, name: 'Gastric motility conditions' },
        soc: { code: 90000003, name: 'Synthetic gastric disorders', abbrev: 'SGast' },
        primary: true,
      },
    ]);
    expect((await lookup(90100002)).body.map((p) => [p.hlt, p.hlgt?.code, p.soc.code])).toEqual([
      [null, 90100002, 90000002],
    ]);
    expect((await lookup(90000001)).body.map((p) => [p.hlgt, p.soc.code])).toEqual([[null, 90000001]]);
    expect((await lookup(99999999)).status).toBe(404);
    // By code through the search box too.
    expect((await search('90400001'))[0]?.pt?.code).toBe(90300001);
  });

  it('browses SOC → HLGT → HLT → PT → LLT', async () => {
    const token = await tokenFor(home, 'assessor');
    const browse = async (q: string) =>
      (
        await http<MeddraTerm[]>(app.url, 'GET', `/v1/meddras?versionId=${release.id}${q}`, { token })
      ).body.map((t) => `${t.level}:${t.code}`);
    // By name: gastric, nervous, skin.
    expect(await browse('')).toEqual(['soc:90000003', 'soc:90000001', 'soc:90000002']);
    expect(await browse('&parentCode=90000001')).toEqual(['hlgt:90100001']);
    expect(await browse('&parentCode=90100003')).toEqual(['hlt:90200003', 'hlt:90200004']);
    expect(await browse('&parentCode=90200001')).toEqual(['pt:90300001', 'pt:90300005']);
    expect(await browse('&parentCode=90300001&level=pt')).toEqual([
      'llt:90300001',
      'llt:90400002',
      'llt:90400001',
    ]);
  });

  it('answers a user of two organisations, and 404 for a release that does not exist', async () => {
    const two = await signedInToTwo(app, home, ['reporter', 'organisation_staff']);
    const res = await http<MeddraPath[]>(
      app.url,
      'GET',
      `/v1/meddras/search?versionId=${release.id}&query=nausea`,
      {
        token: two.token,
      },
    );
    expect(res.body[0]?.llt?.code).toBe(90300003);
    const missing = await http(
      app.url,
      'GET',
      '/v1/meddras/search?versionId=00000000-0000-4000-8000-000000000000&query=x',
      {
        token: two.token,
      },
    );
    expect(missing.status).toBe(404);
  });
});
