import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CasePage, CaseSummary, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  cachedSessions,
  createFormVersion,
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { importedRelease } from '../../../test/meddra.ts';
import { fillCaseListColumns } from '../../db/migrations/202612020100_case_list_columns.ts';

/**
 * What the worklist shows of each case (issue 25 item 3, decision 0285): suspect products,
 * reactions (the PT once coded), where it came from, the receipt date, the assignee's name,
 * and the filters on them. The expected values are read from the documents sent here and
 * from the synthetic MedDRA release (test/fixtures/meddra-synthetic) by hand.
 */
let home: TestTenant;
let neighbour: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, neighbour] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  const sysadmin = await signedIn(app, home, 'system_admin');
  await importedRelease(app, sysadmin.token);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, org: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, org)).token;

type Doc = ReturnType<typeof adrCase>;
type Answer<T> = T & { code?: string; meta?: { fields: { field: string }[] } };

async function send(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', { token, body });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
/** A case a reporter of `tenant` sends, its document changed by `change` first. */
async function sent(tenant: TestTenant, change: (doc: Doc) => void = () => {}, org: 0 | 1 = 0) {
  const doc = adrCase();
  change(doc);
  return send(await tokenFor(tenant, 'reporter', org), { report: doc });
}
const list = (token: string, query: string) =>
  http<Answer<CasePage>>(app.url, 'GET', `/v1/reports?${query}`, { token });
async function row(token: string, id: string): Promise<CaseSummary> {
  const res = await list(token, `ids=${id}&stage=open`);
  expect(res.status).toBe(200);
  expect(res.body.items).toHaveLength(1);
  return res.body.items[0]!;
}
const ids = (page: CasePage) => page.items.map((c) => c.id);

describe('the worklist columns', () => {
  it('shows the suspect products, the reactions as reported, the receipt date and where it came from', async () => {
    const id = await sent(home, (doc) => {
      Object.assign(doc.C, { firstReceivedDate: '2026-10-30', mostRecentInformationDate: '2026-11-04' });
      // A drug with no role (a public form does not ask) and no name: its substances name it.
      doc.G.drugs.push({
        id: crypto.randomUUID(),
        substances: [{ name: 'Parvacetol' }, { name: 'Codarine' }],
      } as never);
      doc.E.reactions.push({ id: crypto.randomUUID(), nativeTerm: '  Dizziness  ' } as never);
    });
    const staff = await tokenFor(home, 'organisation_staff');
    expect(await row(staff, id)).toMatchObject({
      // Lisinopril is suspect (G.k.1 = 1); metformin concomitant (2) is not shown.
      suspectProducts: ['Lisinopril 10 mg tablets', 'Parvacetol + Codarine'],
      // 27.0/10002424 is in no release loaded here: the words as reported stand.
      reactions: ['Swollen lips and tongue, difficulty swallowing', 'Dizziness'],
      reactionsCoded: false,
      receiptDate: '2026-11-04',
      // Sent with no form by a reporter whose primary source is a physician (C.2.r.4 = 1).
      origin: 'professional',
      assigneeName: null,
    });
  });

  it('shows the MedDRA PT once a reaction is coded, and whose case it is by name', async () => {
    const id = await sent(home);
    const staff = await signedIn(app, home, 'organisation_staff');
    await app.db
      .updateTable('users')
      .set({ first_name: 'Noor', last_name: 'Haddad' })
      .where('id', '=', staff.user.id)
      .execute();
    const read = await http<{ report: Doc; version: number }>(app.url, 'GET', `/v1/reports/${id}`, {
      token: staff.token,
    });
    const coded = structuredClone(read.body.report);
    // LLT 90400001 "Tension headache band-like" sits under PT 90300001 "Cephalalgia tensive".
    coded.E.reactions[0]!.term = { version: '90.0', code: '90400001' };
    const saved = await http(app.url, 'PUT', `/v1/report/${id}`, {
      token: staff.token,
      body: { report: coded },
    });
    expect(saved.status).toBe(200);
    const assigned = await http(app.url, 'POST', `/v1/report/${id}/assign`, { token: staff.token, body: {} });
    expect(assigned.status).toBe(200);
    expect(await row(staff.token, id)).toMatchObject({
      reactions: ['Cephalalgia tensive'],
      reactionsCoded: true,
      assigneeName: 'Noor Haddad',
    });
    // The case view names the colleague too (issue 25 item 13).
    const one = await http<{ assigneeName: string | null }>(app.url, 'GET', `/v1/reports/${id}`, {
      token: (await signedIn(app, home, 'organisation_admin')).token,
    });
    expect(one.body.assigneeName).toBe('Noor Haddad');
    // A PT code itself names its PT.
    coded.E.reactions[0]!.term = { version: '90.0', code: '90300002' };
    await http(app.url, 'PUT', `/v1/report/${id}`, { token: staff.token, body: { report: coded } });
    expect((await row(staff.token, id)).reactions).toEqual(['Pruritic érythema']);
  });

  it('saving the coding of every reaction moves an assigned case to coded; one in triage stays (decision 0253)', async () => {
    const staff = await signedIn(app, home, 'organisation_staff');
    const code = async (id: string) => {
      const read = await http<{ report: Doc }>(app.url, 'GET', `/v1/reports/${id}`, { token: staff.token });
      const coded = structuredClone(read.body.report);
      coded.E.reactions[0]!.term = { version: '90.0', code: '90400001' };
      const saved = await http<{ status: string }>(app.url, 'PUT', `/v1/report/${id}`, {
        token: staff.token,
        body: { report: coded },
      });
      expect(saved.status).toBe(200);
      return saved.body.status;
    };
    const assigned = await sent(home);
    await http(app.url, 'POST', `/v1/report/${assigned}/assign`, { token: staff.token, body: {} });
    expect(await code(assigned)).toBe('coded');
    const audit = await http<{ action: string; summary: string }[]>(
      app.url,
      'GET',
      `/v1/reports/${assigned}/audit`,
      { token: staff.token },
    );
    expect(audit.body.map((e) => e.summary)).toContain('Status changed: assigned → coded');

    const triaged = await sent(home);
    await http(app.url, 'PUT', `/v1/reports/${triaged}/status`, {
      token: staff.token,
      body: { status: 'in_triage' },
    });
    expect(await code(triaged)).toBe('in_triage');
  });

  it('names the way in: public or professionals’ form, API key, E2B import, or the reporter’s qualification', async () => {
    const tenant = await createTenant(app.db);
    const reporter = await tokenFor(tenant, 'reporter');
    const form = await createFormVersion(app.db, { platformId: tenant.platformId });
    const answered = (doc: Doc) => ({
      ...doc,
      D: { ...doc.D, lastMenstrualPeriodDate: { nullFlavor: 'ASKU' } },
    });
    const byForm = await send(reporter, {
      report: answered(adrCase()),
      formViewVersionId: form.formViewVersionId,
    });
    await app.db
      .updateTable('form_views')
      .set({ audience: 'professional' })
      .where('id', '=', form.formViewId)
      .execute();
    const byProfessionalForm = await send(reporter, {
      report: answered(adrCase()),
      formViewVersionId: form.formViewVersionId,
    });
    const consumer = adrCase();
    consumer.C.primarySources[0]!.qualification = '5';
    const byConsumer = await send(reporter, { report: consumer });
    const unknown = adrCase();
    delete (unknown.C.primarySources[0] as { qualification?: string }).qualification;
    const byUnknown = await send(reporter, { report: unknown });
    const key = await http<{ key: string }>(app.url, 'POST', '/v1/api-keys', {
      token: await tokenFor(tenant, 'organisation_admin'),
      body: { name: 'Intake' },
    });
    const byKey = await send(key.body.key, { report: adrCase() });

    const staff = await tokenFor(tenant, 'organisation_staff');
    const file = new FormData();
    const xml = readFileSync(
      join(import.meta.dirname, '../../../../e2b/test/examples/FAERS2022Scenario1.xml'),
    );
    file.append('file', new Blob([new Uint8Array(xml)], { type: 'application/xml' }), 'cases.xml');
    const imported = await http<{ created: { id: string }[] }>(app.url, 'POST', '/v1/report/load', {
      token: staff,
      form: file,
    });
    expect(imported.status).toBe(201);
    const byImport = imported.body.created[0]!.id;

    const origins = Object.fromEntries(
      await Promise.all(
        [byForm, byProfessionalForm, byConsumer, byUnknown, byKey, byImport].map(
          async (id) => [id, (await row(staff, id)).origin] as const,
        ),
      ),
    );
    expect(origins).toEqual({
      [byForm]: 'public',
      [byProfessionalForm]: 'professional',
      [byConsumer]: 'public',
      [byUnknown]: null,
      [byKey]: 'api',
      [byImport]: 'import',
    });
    // The imported FDA example: drugs A and B suspect, C concomitant; its reactions' codes
    // (MedDRA 25.0) are in no release here, so their words for translation (E.i.1.2) stand.
    expect(await row(staff, byImport)).toMatchObject({
      suspectProducts: ['Drug A', 'Drug B'],
      reactions: ['THROMBOSE VEINEUSE PROFONDE', 'COLITE ISCHEMIQUE'],
    });
  });

  it('keeps what the backfill of stored cases writes the same as what intake writes', async () => {
    const first = await sent(home, (doc) => {
      doc.E.reactions[0]!.term = { version: '90.0', code: '90400003' };
      doc.G.drugs.push({ id: crypto.randomUUID(), role: '3', name: ' Codarine syrup ' } as never);
    });
    const second = await sent(home, (doc) => {
      doc.C.primarySources[0]!.qualification = '4';
    });
    const staff = await tokenFor(home, 'organisation_staff');
    const before = [await row(staff, first), await row(staff, second)];
    expect(before[0]).toMatchObject({
      suspectProducts: ['Lisinopril 10 mg tablets', 'Codarine syrup'],
      reactions: ['Pruritic érythema'],
      reactionsCoded: true,
    });
    expect(before[1]!.origin).toBe('public');
    await app.db
      .updateTable('reports')
      .set({ origin: null, suspect_products: [], reaction_terms: [], reactions_coded: false })
      .where('id', 'in', [first, second])
      .execute();
    await fillCaseListColumns(app.db as never, [first, second]);
    const columns = ({ origin, suspectProducts, reactions, reactionsCoded }: CaseSummary) => ({
      origin,
      suspectProducts,
      reactions,
      reactionsCoded,
    });
    expect([await row(staff, first), await row(staff, second)].map(columns)).toEqual(before.map(columns));
  });
});

describe('the worklist filters', () => {
  it('finds cases by words of a suspect product or a reaction, accents and case ignored', async () => {
    const tenant = await createTenant(app.db);
    const a = await sent(tenant, (doc) => {
      doc.G.drugs[0]!.name = 'Dexolan Duo 500 mg/30 mg tablets';
      doc.E.reactions[0]!.nativeTerm = 'Érythème prurigineux';
    });
    const b = await sent(tenant, (doc) => {
      doc.G.drugs[0]!.name = 'Lisinopril 20 mg';
    });
    // The neighbour's case names the same product: never listed here.
    await sent(neighbour, (doc) => {
      doc.G.drugs[0]!.name = 'Dexolan Duo 500 mg/30 mg tablets';
    });
    const staff = await tokenFor(tenant, 'organisation_staff');
    const found = async (query: string) => {
      const res = await list(staff, query);
      expect(res.status).toBe(200);
      return ids(res.body).sort();
    };
    expect(await found('product=dexolan')).toEqual([a]);
    expect(await found(`product=${encodeURIComponent('DUO  dexolan')}`)).toEqual([a]);
    expect(await found('product=lisinopril')).toEqual([b]);
    // Metformin is concomitant in both: it is no suspect product.
    expect(await found('product=metformin')).toEqual([]);
    expect(await found(`reaction=${encodeURIComponent('erytheme')}`)).toEqual([a]);
    expect(await found('reaction=swollen')).toEqual([b]);
    // LIKE's own characters are taken as typed.
    expect(await found(`product=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await found('product=dexolan&reaction=swollen')).toEqual([]);
  });

  it('filters by where cases came from and by receipt date', async () => {
    const tenant = await createTenant(app.db);
    const early = await sent(tenant, (doc) => {
      Object.assign(doc.C, { firstReceivedDate: '2026-09-01', mostRecentInformationDate: '2026-09-01' });
      doc.C.primarySources[0]!.qualification = '5';
    });
    const late = await sent(tenant, (doc) => {
      Object.assign(doc.C, { firstReceivedDate: '2026-11-20', mostRecentInformationDate: '2026-11-20' });
    });
    const staff = await tokenFor(tenant, 'organisation_staff');
    const found = async (query: string) => ids((await list(staff, query)).body).sort();
    expect(await found('origin=public')).toEqual([early]);
    expect(await found('origin=professional')).toEqual([late]);
    expect(await found('origin=public,professional')).toEqual([early, late].sort());
    expect(await found('origin=import')).toEqual([]);
    expect(await found('dateFrom=2026-10-01')).toEqual([late]);
    expect(await found('dateTo=2026-10-01')).toEqual([early]);
    const wrong = await list(staff, 'origin=fax');
    expect(wrong).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('a user of two organisations finds by product only the cases of the one they work in', async () => {
    const tenant = await createTenant(app.db);
    const named = (doc: Doc) => {
      doc.G.drugs[0]!.name = 'Vexatrol 5 mg';
    };
    const inA = await sent(tenant, named);
    await sent(tenant, named, 1);
    // Staff in A, only a reporter in B: B's cases are not theirs to triage.
    const two = await signedInToTwo(app, tenant, ['organisation_staff', 'reporter']);
    const res = await list(two.token, 'product=vexatrol');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([inA]);
    for (const organisationId of [tenant.organisationIds[1], two.thirdOrganisationId]) {
      const other = await list(two.token, `product=vexatrol&organisationId=${organisationId}`);
      expect(other.body.items ?? []).toEqual([]);
    }
  });
});
