import { randomInt, randomUUID } from 'node:crypto';
import type { IdapsEntry, IdapsProfile, IdapsSnapshot } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { listForm, syntheticDrugsCsv, syntheticDrugsMeta } from '../../../test/drugs.ts';
import {
  adrCase,
  cachedSessions,
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { releaseForm, syntheticRelease } from '../../../test/meddra.ts';
import { runMeddraImport } from '../meddra/meddra.service.ts';
import { runIdapsCompute } from './idaps.service.ts';

/**
 * IDAPS counted from reports made here (decision 0143). The expected numbers are written by
 * hand from the reports below and the synthetic MedDRA release (test/fixtures/meddra-synthetic):
 * LLT 90400001 → PT 90300001 Cephalalgia tensive (SOC 90000001 nervous), LLT 90400003 →
 * PT 90300002 Pruritic érythema (skin), LLT 90400004 → PT 90300003 Nausea postprandial
 * (gastric), 90300004 is its own LLT (Abdominal ache migrating, gastric), LLT 90400005 →
 * PT 90300005 Migrainous abdominal pain (primary SOC gastric, secondary nervous).
 */
const VERSION = '91.7';

let tenant: TestTenant;
const sessionFor = cachedSessions(() => app);
const token = (role: Parameters<typeof sessionFor>[1], organisation: 0 | 1 = 0) =>
  sessionFor(tenant, role, organisation).then((s) => s.token);

type Reaction = Record<string, unknown>;
type DrugEntry = Record<string, unknown>;
const reaction = (code: string | null, more: Reaction = {}): Reaction => ({
  id: randomUUID(),
  nativeTerm: `reaction ${code ?? 'not coded'}`,
  ...(code && { term: { version: VERSION, code } }),
  ...more,
});

/** A report sent by a reporter of organisation `org` (or saved as a draft), received on `day`. */
async function report(
  day: string,
  drugs: DrugEntry[],
  reactions: Reaction[],
  options: { org?: 0 | 1; draft?: boolean } = {},
) {
  const doc = adrCase();
  Object.assign(doc.C, { firstReceivedDate: day, mostRecentInformationDate: day });
  (doc as { E: unknown }).E = { reactions };
  (doc as { G: unknown }).G = { drugs: drugs.map((d) => ({ id: randomUUID(), ...d })) };
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
    token: await token('reporter', options.org ?? 0),
    body: options.draft ? { report: doc, status: 'draft' } : { report: doc },
  });
  if (res.status !== 201) throw new Error(`report: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const get = async <T>(path: string, role: Parameters<typeof sessionFor>[1] = 'assessor') =>
  http<T & { code?: string }>(app.url, 'GET', path, { token: await token(role) });

let calmorin: string;
let dexolan: string;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
  // A release of a version of its own, so other test files' releases never decide the names.
  const { files } = syntheticRelease({
    'meddra_release.asc': `${VERSION}$Synthetic IDAPS ${Array.from({ length: 8 }, () => 'abcdefghij'[randomInt(10)]).join('')}$$\n`,
  });
  const system = await sessionFor(tenant, 'system_admin', 0);
  const release = await http<{ id: string }>(app.url, 'POST', '/v1/meddras/versions', {
    token: system.token,
    form: releaseForm(files),
  });
  if (release.status !== 202) throw new Error(`release: ${release.status} ${JSON.stringify(release.body)}`);
  await runMeddraImport(app.db, { versionId: release.body.id, requestId: 'idaps-test', actorUserId: null });

  const admin = await token('organisation_admin');
  const upload = await http(app.url, 'POST', '/v1/drugs/upload/list', {
    token: admin,
    form: listForm(syntheticDrugsCsv(), syntheticDrugsMeta()),
  });
  if (upload.status !== 200) throw new Error(`upload: ${upload.status}`);
  const find = async (code: string) =>
    (await get<{ id: string }[]>(`/v1/drugs/lookup?code=${code}`)).body[0]!.id;
  [calmorin, dexolan] = await Promise.all([find('VX-0001'), find('VX-0003')]);
});

const profileOf = (drugId: string, dates = '') =>
  get<IdapsProfile>(`/v1/drugs/idaps?drugId=${drugId}${dates}`).then((r) => r.body);

describe('IDAPS', () => {
  it('answers zeros until a snapshot is published; the upload has queued one', async () => {
    const profile = await profileOf(calmorin);
    expect(profile).toMatchObject({
      drug: { id: calmorin, code: 'VX-0001', name: 'Calmorin 10 mg film-coated tablets' },
      snapshot: null,
      reports: 0,
      totals: { reactions: 0, serious: 0, fatal: 0 },
      socs: [],
    });
    const snapshots = await get<IdapsSnapshot[]>('/v1/idaps/snapshots');
    expect(snapshots.body.map((s) => s.status)).toEqual(['queued']);
    expect((await get<IdapsEntry[]>('/v1/idaps')).body).toEqual([]);
  });

  it('counts reactions by SOC → PT with serious and fatal counts, from the reports that name the product', async () => {
    const calmorinByName = { role: '1', name: 'Calmorin 10 mg film-coated tablets' };
    // R1: by name; a serious headache and a rash.
    await report(
      '2026-03-10',
      [calmorinByName],
      [reaction('90400001', { hospitalisation: true }), reaction('90400003')],
    );
    // R2: by authorisation number (case ignored), another name; a fatal headache, nausea.
    await report(
      '2026-04-02',
      [{ role: '1', name: 'Calmorin tabs', authorisationNumber: 'vn-10001/a' }],
      [reaction('90400001', { resultsInDeath: true }), reaction('90400004', { outcome: '1' })],
    );
    // R3: Calmorin only concomitant (not counted); Dexolan by its code as MPID, interacting;
    // a fatal outcome under a non-current LLT, and a code no release knows.
    await report(
      '2026-05-20',
      [
        { role: '2', name: 'calmorin 10 MG film-coated tablets' },
        { role: '3', name: 'Something else', mpid: { code: 'VX-0003' } },
      ],
      [reaction('90400005', { outcome: '5' }), reaction('12345678')],
    );
    // R4: Calmorin with no role (a public report), Dexolan by authorisation number; a
    // life-threatening PT-level term, and a reaction not coded.
    await report(
      '2026-06-01',
      [
        { name: 'Calmorin 10 mg film-coated tablets' },
        { role: '1', name: 'Dexolan', authorisationNumber: 'VN-20417' },
      ],
      [reaction('90300004', { lifeThreatening: true }), reaction(null)],
    );
    // Not counted: a draft, and a report of the tenant's other organisation.
    await report('2026-03-11', [calmorinByName], [reaction('90400001')], { draft: true });
    await report('2026-03-12', [calmorinByName], [reaction('90400003')], { org: 1 });

    const [queued] = (await get<IdapsSnapshot[]>('/v1/idaps/snapshots')).body;
    await runIdapsCompute(app.db, { snapshotId: queued!.id, requestId: 'idaps-test' });
    const [published] = (await get<IdapsSnapshot[]>('/v1/idaps/snapshots')).body;
    expect(published).toMatchObject({
      id: queued!.id,
      status: 'published',
      reports: 4,
      reactions: 6,
      uncoded: 2,
    });
    expect(published!.publishedAt).not.toBeNull();

    const profile = await profileOf(calmorin);
    expect(profile.snapshot?.id).toBe(queued!.id);
    expect(profile.reports).toBe(3);
    expect(profile.totals).toEqual({ reactions: 5, serious: 3, fatal: 1 });
    expect(profile.socs).toEqual([
      {
        code: 90000003,
        name: 'Synthetic gastric disorders',
        reactions: 2,
        serious: 1,
        fatal: 0,
        pts: [
          { code: 90300004, name: 'Abdominal ache migrating', reactions: 1, serious: 1, fatal: 0 },
          { code: 90300003, name: 'Nausea postprandial', reactions: 1, serious: 0, fatal: 0 },
        ],
      },
      {
        code: 90000001,
        name: 'Synthetic nervous disorders',
        reactions: 2,
        serious: 2,
        fatal: 1,
        pts: [{ code: 90300001, name: 'Cephalalgia tensive', reactions: 2, serious: 2, fatal: 1 }],
      },
      {
        code: 90000002,
        name: 'Synthetic skin disorders',
        reactions: 1,
        serious: 0,
        fatal: 0,
        pts: [{ code: 90300002, name: 'Pruritic érythema', reactions: 1, serious: 0, fatal: 0 }],
      },
    ]);

    const dex = await profileOf(dexolan);
    expect(dex.reports).toBe(2);
    expect(dex.totals).toEqual({ reactions: 2, serious: 2, fatal: 1 });
    expect(dex.socs).toEqual([
      {
        code: 90000003,
        name: 'Synthetic gastric disorders',
        reactions: 2,
        serious: 2,
        fatal: 1,
        pts: [
          { code: 90300004, name: 'Abdominal ache migrating', reactions: 1, serious: 1, fatal: 0 },
          { code: 90300005, name: 'Migrainous abdominal pain', reactions: 1, serious: 1, fatal: 1 },
        ],
      },
    ]);
  });

  it('filters by receipt date, inclusive', async () => {
    const spring = await profileOf(calmorin, '&from=2026-04-01&to=2026-05-31');
    expect(spring).toMatchObject({ from: '2026-04-01', to: '2026-05-31', reports: 1 });
    expect(spring.totals).toEqual({ reactions: 2, serious: 1, fatal: 1 });
    expect(spring.socs.map((s) => [s.name, s.reactions])).toEqual([
      ['Synthetic gastric disorders', 1],
      ['Synthetic nervous disorders', 1],
    ]);
    const june = await profileOf(calmorin, '&from=2026-06-01');
    expect(june.reports).toBe(1);
    expect(june.totals).toEqual({ reactions: 1, serious: 1, fatal: 0 });
    const march = await profileOf(calmorin, '&to=2026-03-10');
    expect(march.totals).toEqual({ reactions: 2, serious: 1, fatal: 0 });
    const none = await profileOf(calmorin, '&from=2027-01-01');
    expect(none).toMatchObject({ reports: 0, totals: { reactions: 0, serious: 0, fatal: 0 }, socs: [] });
    const backwards = await get(`/v1/drugs/idaps?drugId=${calmorin}&from=2026-06-01&to=2026-01-01`);
    expect(backwards.status).toBe(400);
    expect((await get(`/v1/drugs/idaps?drugId=${calmorin}&from=June`)).status).toBe(400);
  });

  it('lists the products with reactions, most first, and looks them up by PT or SOC', async () => {
    const entries = (await get<IdapsEntry[]>('/v1/idaps')).body;
    expect(entries.map((e) => [e.code, e.reports, e.reactions, e.serious, e.fatal])).toEqual([
      ['VX-0001', 3, 5, 3, 1],
      ['VX-0003', 2, 2, 2, 1],
    ]);
    const dated = (await get<IdapsEntry[]>('/v1/idaps?from=2026-05-01')).body;
    expect(dated.map((e) => [e.code, e.reactions])).toEqual([
      ['VX-0003', 2],
      ['VX-0001', 1],
    ]);
    const byPt = (await get<IdapsEntry[]>('/v1/idaps/lookup?code=90300004')).body;
    expect(byPt.map((e) => [e.name, e.reports, e.reactions, e.serious, e.fatal])).toEqual([
      ['Calmorin 10 mg film-coated tablets', 1, 1, 1, 0],
      ['Dexolan 500 mg tablets', 1, 1, 1, 0],
    ]);
    const bySoc = (await get<IdapsEntry[]>('/v1/idaps/lookup?code=90000002')).body;
    expect(bySoc.map((e) => [e.code, e.reactions, e.serious])).toEqual([['VX-0001', 1, 0]]);
    expect((await get<IdapsEntry[]>('/v1/idaps/lookup?code=90000099')).body).toEqual([]);
    expect((await get('/v1/idaps/lookup?code=123')).status).toBe(400);
  });

  it('computes again on request: 409 while one waits, the new snapshot replaces the old', async () => {
    const admin = await token('organisation_admin');
    const first = await http<IdapsSnapshot>(app.url, 'POST', '/v1/idaps/snapshots', {
      token: admin,
      body: {},
    });
    expect(first.status).toBe(202);
    expect(first.body.status).toBe('queued');
    const second = await http<{ code: string }>(app.url, 'POST', '/v1/idaps/snapshots', {
      token: admin,
      body: {},
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('CONFLICT');
    // A new report arrives before the computation runs: the new snapshot counts it.
    await report(
      '2026-07-01',
      [{ role: '1', name: 'Calmorin 10 mg film-coated tablets' }],
      [reaction('90400003')],
    );
    expect((await profileOf(calmorin)).totals.reactions).toBe(5);
    await runIdapsCompute(app.db, { snapshotId: first.body.id, requestId: 'idaps-test' });
    const profile = await profileOf(calmorin);
    expect(profile.snapshot?.id).toBe(first.body.id);
    expect(profile.totals).toEqual({ reactions: 6, serious: 3, fatal: 1 });
    expect(profile.socs.find((s) => s.code === 90000002)?.reactions).toBe(2);
    const snapshots = (await get<IdapsSnapshot[]>('/v1/idaps/snapshots')).body;
    expect(snapshots.map((s) => [s.id, s.status])).toEqual([[first.body.id, 'published']]);
  });

  it('is read by those who work on cases, not reporters; computed on request by administrators only', async () => {
    expect((await get(`/v1/drugs/idaps?drugId=${calmorin}`, 'reporter')).status).toBe(403);
    expect((await get('/v1/idaps', 'reporter')).status).toBe(403);
    for (const role of ['organisation_staff', 'assessor'] as const) {
      expect((await get(`/v1/drugs/idaps?drugId=${calmorin}`, role)).status, role).toBe(200);
      const asked = await http(app.url, 'POST', '/v1/idaps/snapshots', {
        token: await token(role),
        body: {},
      });
      expect(asked.status, role).toBe(403);
    }
  });

  it('asks the role in the organisation of the drug list: a reporter there who is staff elsewhere reads no IDAPS', async () => {
    // Reporter in A (where the list is), staff in B: B's role must not open A's IDAPS.
    const two = await signedInToTwo(app, tenant, ['reporter', 'organisation_staff']);
    const profile = await http(app.url, 'GET', `/v1/drugs/idaps?drugId=${calmorin}`, { token: two.token });
    expect(profile.status).toBe(403);
    // Staff of a third organisation of the platform do not see A's product at all.
    const third = await signedIn(app, two.thirdTenant, 'organisation_staff');
    const foreign = await http(app.url, 'GET', `/v1/drugs/idaps?drugId=${calmorin}`, { token: third.token });
    expect(foreign.status).toBe(404);
  });
});
