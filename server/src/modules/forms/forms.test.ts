import type { RoleName } from '@vigilo/contract';
import { type FormSchema, type FormVersion, type FormView, validateFormAnswers } from '@vigilo/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cachedSessions,
  createTenant,
  createTenantWithForms,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { signedInToTwo } from '../../../test/sessions.ts';
import { systemScope } from '../../platform/scope.ts';
import { DEMO_DOMAIN, seedDemo } from '../../seed/demo.ts';
import { insertFormSchema, insertFormView } from './forms.repository.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenantWithForms(app.db), createTenantWithForms(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

async function viewsOf(tenant: TestTenant, role: RoleName = 'platform_admin') {
  const res = await http<FormView[]>(app.url, 'GET', '/v1/formviews', {
    token: await tokenFor(tenant, role),
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.map((v) => [v.key, v]));
}

/** A complete adverse drug reaction case, written by hand. */
export const completeAdr = {
  schemaVersion: 1,
  C: {
    primarySources: [{ givenName: 'Ana', familyName: 'Silva', email: 'ana@example.org', qualification: '5' }],
  },
  D: { name: 'AS', sex: '2', ageAtOnset: { value: '34', unit: 'a' } },
  E: { reactions: [{ nativeTerm: 'itchy rash on both arms', startDate: '2026-11', outcome: '2' }] },
  G: {
    drugs: [{ name: 'Amoxicillin 500 mg capsules', dosages: [{ dosageText: '1 capsule 3 times a day' }] }],
  },
};

describe('standard forms', () => {
  it('every platform has an ADR form (public and professional) and an AEFI form, published', async () => {
    const views = await viewsOf(home);
    expect(Object.keys(views).sort()).toEqual(['adr-professional', 'adr-public', 'aefi']);
    expect(views['adr-public']).toMatchObject({
      audience: 'public',
      reportType: 'adr',
      publishedVersionNumber: 1,
    });
    expect(views['adr-professional']).toMatchObject({ audience: 'professional', reportType: 'adr' });
    expect(views.aefi).toMatchObject({ reportType: 'aefi', publishedVersionNumber: 1 });
  });

  it('binds each question to the case document with its E2B data element id', async () => {
    const views = await viewsOf(home);
    const res = await http<FormView>(app.url, 'GET', `/v1/formview/${views.aefi!.id}`, {
      token: await tokenFor(home, 'reporter'),
    });
    expect(res.status).toBe(200);
    const fields = Object.fromEntries(res.body.published!.definition.fields.map((f) => [f.path, f]));
    expect(fields['D.sex']).toMatchObject({ e2b: 'D.5', kind: 'code', options: ['1', '2'] });
    expect(fields['D.sex']!.nullFlavours.sort()).toEqual(['ASKU', 'MSK', 'NASK', 'UNK']);
    expect(fields['E.reactions[].nativeTerm']).toMatchObject({
      e2b: 'E.i.1.1a',
      required: true,
      maxLength: 250,
    });
    expect(fields['G.drugs[].dosages[].batchLot']).toMatchObject({ e2b: 'G.k.4.r.7', required: true });
    expect(fields['E.reactions[].startDate']).toMatchObject({ e2b: 'E.i.4', kind: 'date' });
  });

  it('the professional form: health professions only, structured test results, a number for a unit', async () => {
    const views = await viewsOf(home);
    const definition = (
      await http<FormView>(app.url, 'GET', `/v1/formview/${views['adr-professional']!.id}`, {
        token: await tokenFor(home, 'reporter'),
      })
    ).body.published!.definition;
    const questions = definition.layout.sections.flatMap((s) => s.questions);
    const professions = questions.find((q) => q.field === 'C.primarySources[].qualification')!.options!;
    expect(professions.map((o) => o.label.en)).toEqual([
      'Physician',
      'Pharmacist',
      'Other health professional',
    ]);
    const tests = definition.layout.sections.find((s) => s.id === 'tests')!.questions.map((q) => q.field);
    expect(tests).toEqual([
      'F.tests[].name',
      'F.tests[].date',
      'F.tests[].result.value',
      'F.tests[].result.unit',
      'F.tests[].result.qualifier',
      'F.tests[].normalLow',
      'F.tests[].normalHigh',
      'F.tests[].resultText',
    ]);
    const fields = Object.fromEntries(definition.fields.map((f) => [f.path, f]));
    expect(fields['F.tests[].result.value']).toMatchObject({ e2b: 'F.r.3.2', kind: 'text' });
    expect(fields['F.tests[].result.qualifier']).toMatchObject({
      kind: 'code',
      options: ['<', '<=', '>', '>='],
    });
    expect(fields['F.tests[].normalLow']).toMatchObject({ e2b: 'F.r.4' });
    // A unit without its number is refused, in the question's own words.
    const unitOnly = {
      ...completeAdr,
      F: { tests: [{ name: 'ALT', date: '2026', result: { unit: 'U/L' } }] },
    };
    expect(validateFormAnswers(definition, unitOnly).filter((f) => f.field.startsWith('F/'))).toMatchObject([
      { field: 'F/tests/0/result/value', reason: 'required' },
    ]);
    const country = questions.find((q) => q.field === 'C.primarySources[].country')!;
    expect(country.label).toEqual({ en: 'Country', fr: 'Pays' });
  });

  it('the published ADR form accepts a complete report and names what a bare one lacks', async () => {
    const views = await viewsOf(home);
    const view = (
      await http<FormView>(app.url, 'GET', `/v1/formview/${views['adr-public']!.id}`, {
        token: await tokenFor(home, 'reporter'),
      })
    ).body;
    const definition = view.published!.definition;
    expect(validateFormAnswers(definition, completeAdr)).toEqual([]);
    expect(validateFormAnswers(definition, { schemaVersion: 1 }).map((f) => f.field)).toEqual([
      'E/reactions',
      'G/drugs',
      'D',
      'C/primarySources',
      'G/drugs',
      'E/reactions',
    ]);
    // A fatal outcome asks for the date of death.
    const fatal = { ...completeAdr, E: { reactions: [{ nativeTerm: 'anaphylaxis', outcome: '5' }] } };
    expect(validateFormAnswers(definition, fatal)).toMatchObject([
      { field: 'D/death/date', reason: 'required', label: 'Date of death' },
    ]);
  });

  it('the AEFI form asks for the batch and the vaccination date; the professional ADR form for profession and role', async () => {
    const views = await viewsOf(home);
    const token = await tokenFor(home, 'reporter');
    const definitionOf = async (key: string) =>
      (await http<FormView>(app.url, 'GET', `/v1/formview/${views[key]!.id}`, { token })).body.published!
        .definition;
    const aefi = await definitionOf('aefi');
    const vaccine = { name: 'Comirnaty', dosages: [{ batchLot: 'FK8891', startDate: '2026-11-02' }] };
    expect(validateFormAnswers(aefi, { ...completeAdr, G: { drugs: [vaccine] } })).toEqual([]);
    expect(
      validateFormAnswers(aefi, { ...completeAdr, G: { drugs: [{ name: 'Comirnaty' }] } }).map(
        (f) => `${f.field} ${f.label}`,
      ),
    ).toEqual([
      'G/drugs/0/dosages/0/batchLot Batch number',
      'G/drugs/0/dosages/0/startDate Date of vaccination',
    ]);

    const professional = await definitionOf('adr-professional');
    const findings = validateFormAnswers(professional, completeAdr, { language: 'fr' });
    expect(findings.map((f) => `${f.field} ${f.reason} ${f.label}`)).toEqual([
      'G/drugs/0/role required Rôle dans l’effet',
    ]);
    const asProfessional = {
      ...completeAdr,
      C: { primarySources: [{ familyName: 'Martin', qualification: '1' }] },
      G: { drugs: [{ name: 'Amoxicillin', role: '1' }] },
    };
    expect(validateFormAnswers(professional, asProfessional).map((f) => f.field)).toEqual([
      'G/drugs/0/actionTaken',
    ]);
    expect(
      validateFormAnswers(professional, {
        ...asProfessional,
        G: { drugs: [{ name: 'Amoxicillin', role: '1', actionTaken: '1' }] },
      }),
    ).toEqual([]);
  });

  it('the demo platform has them; seeding again adds nothing', async () => {
    const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<
      typeof seedDemo
    >[1];
    await seedDemo(app.db, log);
    const demo = await app.db
      .selectFrom('platforms')
      .select('id')
      .where('domain', '=', DEMO_DOMAIN)
      .executeTakeFirstOrThrow();
    await seedDemo(app.db, log);
    const versions = await app.db
      .selectFrom('form_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('platform_id', '=', demo.id)
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(versions.n)).toBe(3);
    const keys = await app.db
      .selectFrom('form_views')
      .select('key')
      .where('platform_id', '=', demo.id)
      .orderBy('key')
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['adr-professional', 'adr-public', 'aefi']);
  });

  it('a platform created through the API starts with them', async () => {
    const token = await tokenFor(home, 'system_admin');
    const created = await http<{ id: string }>(app.url, 'POST', '/v1/platforms', {
      token,
      body: { name: `Platform ${Math.random().toString(36).slice(2, 8)}` },
    });
    expect(created.status).toBe(201);
    const rows = await app.db
      .selectFrom('form_views')
      .select(['key', 'published_version_id'])
      .where('platform_id', '=', created.body.id)
      .orderBy('key')
      .execute();
    expect(rows.map((r) => r.key)).toEqual(['adr-professional', 'adr-public', 'aefi']);
    expect(rows.every((r) => r.published_version_id !== null)).toBe(true);
  });
});

describe('editing and publishing', () => {
  it('a draft change reaches reporters only when published, as a new version that says what changed', async () => {
    const tenant = await createTenantWithForms(app.db);
    const admin = await tokenFor(tenant, 'platform_admin');
    const reporter = await tokenFor(tenant, 'reporter');
    const view = (await viewsOf(tenant))['adr-public']!;
    const layout = structuredClone(view.layout);
    layout.sections[0]!.title = { en: 'Who you are', fr: 'Qui vous êtes' };
    const changed = await http<FormView>(app.url, 'PUT', `/v1/formview/${view.id}`, {
      token: admin,
      body: { layout },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.layout.sections[0]!.title.en).toBe('Who you are');
    const before = await http<FormView>(app.url, 'GET', `/v1/formview/${view.id}`, { token: reporter });
    expect(before.body.layout.sections[0]!.title.en).toBe('About you');

    const published = await http<FormVersion>(app.url, 'POST', '/v1/formversion', {
      token: admin,
      body: { formViewId: view.id },
    });
    expect(published.status).toBe(201);
    expect(published.body.number).toBe(2);
    expect(published.body.changes).toEqual([
      { path: 'layout.sections.reporter.title.en', change: 'changed' },
      { path: 'layout.sections.reporter.title.fr', change: 'changed' },
    ]);
    const after = await http<FormView>(app.url, 'GET', `/v1/formview/${view.id}`, { token: reporter });
    expect(after.body.layout.sections[0]!.title.en).toBe('Who you are');
    expect(after.body.published!.id).toBe(published.body.id);

    // Version 1 is as it was, and the database refuses to change any version.
    const first = await app.db
      .selectFrom('form_versions')
      .select(['id', 'definition'])
      .where('form_view_id', '=', view.id)
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    expect((first.definition as FormVersion['definition']).layout.sections[0]!.title.en).toBe('About you');
    await expect(
      sql`UPDATE form_versions SET number = 9 WHERE id = ${first.id}`.execute(app.db),
    ).rejects.toThrow(/immutable/);

    // "Changing" version 1 publishes version 3 made from it: the earlier wording is back.
    const revived = await http<FormVersion>(app.url, 'PUT', '/v1/formversion', {
      token: admin,
      body: { id: first.id },
    });
    expect(revived.status).toBe(201);
    expect(revived.body).toMatchObject({ number: 3 });
    expect(revived.body.definition.layout.sections[0]!.title.en).toBe('About you');
  });

  it('the history lists each version with who published it, and what the draft would change', async () => {
    const tenant = await createTenantWithForms(app.db);
    const admin = await tokenFor(tenant, 'platform_admin');
    const view = (await viewsOf(tenant))['adr-public']!;
    type History = {
      versions: { number: number; publishedBy: { name: string } | null; changes: unknown[] }[];
      draftChanges: unknown[];
    };
    const history = async () =>
      (await http<History>(app.url, 'GET', `/v1/formview/${view.id}/versions`, { token: admin })).body;
    // Version 1 came with the platform: no one published it.
    expect(await history()).toEqual({
      versions: [expect.objectContaining({ number: 1, publishedBy: null, changes: [] })],
      draftChanges: [],
    });

    const layout = structuredClone(view.layout);
    layout.sections[0]!.title = { en: 'Who you are', fr: 'Qui vous êtes' };
    expect(
      (await http(app.url, 'PUT', `/v1/formview/${view.id}`, { token: admin, body: { layout } })).status,
    ).toBe(200);
    expect((await history()).draftChanges).toEqual([
      { path: 'layout.sections.reporter.title.en', change: 'changed' },
      { path: 'layout.sections.reporter.title.fr', change: 'changed' },
    ]);
    expect(
      (await http(app.url, 'POST', '/v1/formversion', { token: admin, body: { formViewId: view.id } }))
        .status,
    ).toBe(201);
    const after = await history();
    expect(after.draftChanges).toEqual([]);
    expect(after.versions.map((v) => [v.number, v.publishedBy?.name ?? null])).toEqual([
      [2, 'Test platform_admin'],
      [1, null],
    ]);
    expect(after.versions[0]!.changes).toEqual([
      { path: 'layout.sections.reporter.title.en', change: 'changed' },
      { path: 'layout.sections.reporter.title.fr', change: 'changed' },
    ]);
  });

  it('new conditions are checked before anything is published: a bad expression names its position', async () => {
    const tenant = await createTenantWithForms(app.db);
    const admin = await tokenFor(tenant, 'platform_admin');
    const view = (await viewsOf(tenant))['adr-public']!;
    const res = await http<{ meta: { fields: { field: string; message: string; reason: string }[] } }>(
      app.url,
      'PUT',
      `/v1/formversion/${view.publishedVersionId}/conditions`,
      {
        token: admin,
        body: {
          conditions: [
            { when: 'D.sex = "2"', action: 'show', targets: ['D.weightKg'] },
            { when: 'D.nothing == 1', action: 'show', targets: ['D.weightKg'] },
            { when: 'true', action: 'hide', targets: ['section:nowhere'] },
          ],
        },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.meta.fields).toEqual([
      {
        field: 'body/conditions/0/when',
        message: "Unexpected character '=' (compare with '==') at position 7",
        reason: 'format',
      },
      {
        field: 'body/conditions/1/when',
        message: 'reads D.nothing, which the case document does not have',
        reason: 'notFound',
      },
      {
        field: 'body/conditions/2/targets/0',
        message: 'names no field or section of the form (section:nowhere)',
        reason: 'notFound',
      },
    ]);
    const versions = await app.db
      .selectFrom('form_versions')
      .select('id')
      .where('form_view_id', '=', view.id)
      .execute();
    expect(versions).toHaveLength(1);

    const ok = await http<FormVersion>(
      app.url,
      'PUT',
      `/v1/formversion/${view.publishedVersionId}/conditions`,
      {
        token: admin,
        body: { conditions: [{ when: 'D.sex == "2"', action: 'show', targets: ['D.weightKg'] }] },
      },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.number).toBe(2);
    expect(ok.body.changes.map((c) => c.path)).toContain('conditions');
  });

  it('refuses a layout that asks a field the schema does not collect, in a language the form does not have', async () => {
    const tenant = await createTenantWithForms(app.db);
    const view = (await viewsOf(tenant))['adr-public']!;
    const layout = structuredClone(view.layout);
    layout.sections[0]!.questions.push({ field: 'D.parent.sex', label: { en: 'Parent', de: 'Elternteil' } });
    const res = await http<{ meta: { fields: { field: string; reason: string }[] } }>(
      app.url,
      'PUT',
      `/v1/formview/${view.id}`,
      {
        token: await tokenFor(tenant, 'platform_admin'),
        body: { layout },
      },
    );
    expect(res.status).toBe(400);
    const n = layout.sections[0]!.questions.length - 1;
    expect(res.body.meta.fields.map((f) => `${f.field} ${f.reason}`)).toEqual([
      `body/layout/sections/0/questions/${n}/field notFound`,
      `body/layout/sections/0/questions/${n}/label/de notAllowed`,
    ]);
  });

  it('changes the schema: fields bound again, unknown paths refused', async () => {
    const tenant = await createTenantWithForms(app.db);
    const admin = await tokenFor(tenant, 'platform_admin');
    const schemas = await http<FormSchema[]>(app.url, 'GET', '/v1/formschemas', { token: admin });
    expect(schemas.body.map((s) => s.key).sort()).toEqual(['adr', 'aefi']);
    const adr = schemas.body.find((s) => s.key === 'adr')!;
    const bad = await http<{ meta: { fields: { field: string; reason: string }[] } }>(
      app.url,
      'PUT',
      `/v1/formschema/${adr.id}`,
      {
        token: admin,
        body: { fields: [{ path: 'D.sex' }, { path: 'D.shoeSize' }] },
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.meta.fields).toMatchObject([{ field: 'body/fields/1/path', reason: 'notFound' }]);
    const fields = [
      ...adr.fields.map((f) => ({ path: f.path, required: f.required })),
      { path: 'D.parent.sex' },
    ];
    const ok = await http<FormSchema>(app.url, 'PUT', `/v1/formschema/${adr.id}`, {
      token: admin,
      body: { fields },
      headers: { 'if-match': `"${adr.version}"` },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.fields.at(-1)).toMatchObject({ path: 'D.parent.sex', e2b: 'D.10.6', kind: 'code' });
    const stale = await http(app.url, 'PUT', `/v1/formschema/${adr.id}`, {
      token: admin,
      body: { name: 'Stale' },
      headers: { 'if-match': `"${adr.version}"` },
    });
    expect(stale.status).toBe(412);
  });
});

describe('who sees and changes forms', () => {
  /** A form of organisation `org` of the tenant, published. */
  async function organisationForm(tenant: TestTenant, org: 0 | 1) {
    const organisationId = tenant.organisationIds[org]!;
    const scope = systemScope;
    const template = (await viewsOf(tenant))['adr-public']!;
    const schema = await insertFormSchema(app.db, scope, {
      platformId: tenant.platformId,
      organisationId,
      key: 'hospital-adr',
      name: 'Hospital ADR',
      description: '',
      reportType: 'adr',
      fields: (
        await app.db
          .selectFrom('form_schemas')
          .select('fields')
          .where('id', '=', template.formSchemaId)
          .executeTakeFirstOrThrow()
      ).fields as FormSchema['fields'],
    });
    const view = await insertFormView(app.db, scope, {
      platformId: tenant.platformId,
      organisationId,
      formSchemaId: schema.id,
      key: 'hospital-adr',
      name: 'Hospital ADR',
      audience: 'professional',
      layout: template.layout,
      conditions: template.conditions,
    });
    const published = await http<FormVersion>(app.url, 'POST', '/v1/formversion', {
      token: await tokenFor(tenant, 'platform_admin'),
      body: { formViewId: view.id },
    });
    expect(published.status).toBe(201);
    return view.id;
  }

  it('another platform gets 404 on every form row; another organisation on its forms', async () => {
    const view = (await viewsOf(home))['adr-public']!;
    const outsider = await tokenFor(foreign, 'platform_admin');
    for (const [method, path, body] of [
      ['GET', `/v1/formview/${view.id}`, undefined],
      ['PUT', `/v1/formview/${view.id}`, { name: 'Taken over' }],
      ['GET', `/v1/formview/${view.id}/zip`, undefined],
      ['GET', `/v1/formview/${view.id}/versions`, undefined],
      ['POST', '/v1/formversion', { formViewId: view.id }],
      ['PUT', '/v1/formversion', { id: view.publishedVersionId }],
      ['PUT', `/v1/formversion/${view.publishedVersionId}/conditions`, { conditions: [] }],
      ['GET', `/v1/formschema/${view.formSchemaId}`, undefined],
      ['PUT', `/v1/formschema/${view.formSchemaId}`, { name: 'Taken over' }],
    ] as const) {
      const res = await http(app.url, method, path, { token: outsider, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    const foreignList = await viewsOf(foreign);
    expect(Object.values(foreignList).map((v) => v.id)).not.toContain(view.id);

    const tenant = await createTenantWithForms(app.db);
    const orgForm = await organisationForm(tenant, 0);
    for (const role of ['organisation_admin', 'reporter'] as const) {
      const otherOrg = await tokenFor(tenant, role, 1);
      expect((await http(app.url, 'GET', `/v1/formview/${orgForm}`, { token: otherOrg })).status).toBe(404);
      expect(
        (await http(app.url, 'PUT', `/v1/formview/${orgForm}`, { token: otherOrg, body: { name: 'x' } }))
          .status,
      ).toBe(404);
      expect(
        (await http(app.url, 'GET', `/v1/formview/${orgForm}/versions`, { token: otherOrg })).status,
      ).toBe(404);
    }
    const member = await tokenFor(tenant, 'reporter', 0);
    expect((await http(app.url, 'GET', `/v1/formview/${orgForm}`, { token: member })).status).toBe(200);
  });

  it("an organisation's administrator changes its own forms, not the platform's", async () => {
    const tenant = await createTenantWithForms(app.db);
    const orgForm = await organisationForm(tenant, 0);
    const platformForm = (await viewsOf(tenant))['adr-public']!;
    const admin = await tokenFor(tenant, 'organisation_admin', 0);
    expect(
      (await http(app.url, 'PUT', `/v1/formview/${orgForm}`, { token: admin, body: { name: 'Ward ADR' } }))
        .status,
    ).toBe(200);
    expect(
      (await http(app.url, 'PUT', `/v1/formview/${platformForm.id}`, { token: admin, body: { name: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await http(app.url, 'POST', '/v1/formversion', {
          token: admin,
          body: { formViewId: platformForm.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (await http(app.url, 'POST', '/v1/formversion', { token: admin, body: { formViewId: orgForm } }))
        .status,
    ).toBe(201);
    const reporter = await tokenFor(tenant, 'reporter', 0);
    expect(
      (await http(app.url, 'PUT', `/v1/formview/${orgForm}`, { token: reporter, body: { name: 'x' } }))
        .status,
    ).toBe(403);
    expect((await http(app.url, 'GET', '/v1/formschemas', { token: reporter })).status).toBe(403);
  });

  it('a user of two organisations: administrator in one, reporter in the other', async () => {
    const tenant = await createTenantWithForms(app.db);
    const formA = await organisationForm(tenant, 0);
    const formB = await organisationForm(tenant, 1);
    const { token } = await signedInToTwo(app, tenant, ['organisation_admin', 'reporter']);
    expect(
      (await http(app.url, 'PUT', `/v1/formview/${formA}`, { token, body: { name: 'Mine' } })).status,
    ).toBe(200);
    expect((await http(app.url, 'GET', `/v1/formview/${formB}`, { token })).status).toBe(200);
    expect((await http(app.url, 'GET', `/v1/formview/${formA}/versions`, { token })).status).toBe(200);
    expect((await http(app.url, 'GET', `/v1/formview/${formB}/versions`, { token })).status).toBe(403);
    expect(
      (await http(app.url, 'PUT', `/v1/formview/${formB}`, { token, body: { name: 'Not mine' } })).status,
    ).toBe(403);
    const list = await http<FormView[]>(app.url, 'GET', '/v1/formviews', { token });
    expect(list.body.map((v) => v.id)).toEqual(expect.arrayContaining([formA, formB]));
  });

  it('reporters see published forms only, as published', async () => {
    const tenant = await createTenantWithForms(app.db);
    const draftOnly = await createTenant(app.db);
    expect(Object.keys(await viewsOf(draftOnly, 'reporter'))).toEqual([]);
    const views = await viewsOf(tenant, 'reporter');
    expect(Object.keys(views).sort()).toEqual(['adr-professional', 'adr-public', 'aefi']);
  });
});

describe('without signing in', () => {
  it('loads a public form where the platform allows anonymous reports, and nothing else', async () => {
    const tenant = await createTenantWithForms(app.db);
    const views = await viewsOf(tenant);
    const publicForm = views['adr-public']!;
    const professional = views['adr-professional']!;
    expect((await http(app.url, 'GET', `/v1/formview/${publicForm.id}`)).status).toBe(404);
    expect(
      (await http<FormView[]>(app.url, 'GET', `/v1/formviews?platformId=${tenant.platformId}`)).body,
    ).toEqual([]);

    await app.db
      .updateTable('platforms')
      .set({ server_configuration: JSON.stringify({ anonymousReports: true }) })
      .where('id', '=', tenant.platformId)
      .execute();
    const loaded = await http<FormView>(app.url, 'GET', `/v1/formview/${publicForm.id}`);
    expect(loaded.status).toBe(200);
    expect(loaded.body.published).toMatchObject({ id: publicForm.publishedVersionId, number: 1 });
    expect((await http(app.url, 'GET', `/v1/formview/${professional.id}`)).status).toBe(404);
    const list = await http<FormView[]>(app.url, 'GET', `/v1/formviews?platformId=${tenant.platformId}`);
    expect(list.body.map((v) => v.key).sort()).toEqual(['adr-public', 'aefi']);
    // Changing anything still needs a session.
    expect(
      (await http(app.url, 'PUT', `/v1/formview/${publicForm.id}`, { body: { name: 'x' } })).status,
    ).toBe(401);
    // Bad credentials are refused, never taken as anonymous.
    expect(
      (await http(app.url, 'GET', `/v1/formview/${publicForm.id}`, { token: 'not-a-token' })).status,
    ).toBe(403);
  });
});
