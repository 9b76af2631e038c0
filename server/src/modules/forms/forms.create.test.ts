import type { FormSchema, FormView, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cachedSessions,
  createTenantWithForms,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { signedInToTwo } from '../../../test/sessions.ts';
import { keyOf } from './forms.create.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenantWithForms(app.db), createTenantWithForms(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

/** The standard form `key` of the tenant's platform, with its published version. */
async function standard(tenant: TestTenant, key: string): Promise<FormView> {
  const token = await tokenFor(tenant, 'platform_admin');
  const list = await http<FormView[]>(app.url, 'GET', '/v1/formviews', { token });
  const id = list.body.find((v) => v.key === key)!.id;
  return (await http<FormView>(app.url, 'GET', `/v1/formview/${id}`, { token })).body;
}

const create = async (token: string, body: unknown) =>
  http<FormView & { code?: string; meta?: { fields?: { field: string }[] } }>(
    app.url,
    'POST',
    '/v1/formviews',
    { token, body },
  );

const unique = () => crypto.randomUUID().slice(0, 8);

/** How many form views the tenant has, all organisations and the platform's. */
const countViews = async (tenant: TestTenant) =>
  Number(
    (
      await app.db
        .selectFrom('form_views')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('platform_id', '=', tenant.platformId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /v1/formviews: a new form from a template', () => {
  it("an organisation's administrator copies a standard form into a draft of their organisation", async () => {
    const template = await standard(home, 'adr-public');
    const token = await tokenFor(home, 'organisation_admin');
    const name = `Ward 7 side effects ${unique()}`;
    const res = await create(token, { name, templateId: template.id, languages: ['en', 'es'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      key: keyOf(name),
      organisationId: home.organisationIds[0],
      audience: 'public',
      reportType: 'adr',
      publishedVersionId: null,
      publishedVersionNumber: null,
    });
    // French went with the language left out; Spanish starts untranslated.
    expect(res.body.layout.languages).toEqual(['en', 'es']);
    expect(res.body.layout.title).toEqual({ en: template.layout.title.en });
    expect(res.body.layout.sections.map((s) => s.id)).toEqual(template.layout.sections.map((s) => s.id));
    expect(res.body.conditions).toEqual(template.conditions);
    // Its own schema, of the organisation, with the template's fields: theirs to change.
    expect(res.body.formSchemaId).not.toBe(template.formSchemaId);
    const schema = await http<FormSchema>(app.url, 'GET', `/v1/formschema/${res.body.formSchemaId}`, {
      token,
    });
    expect(schema.status).toBe(200);
    expect(schema.body.organisationId).toBe(home.organisationIds[0]);
    expect(schema.body.fields.map((f) => f.path)).toContain('E.reactions[].nativeTerm');
    expect(schema.body.fields.map((f) => f.path)).toEqual(
      template.published!.definition.fields.map((f) => f.path),
    );
    const changed = await http(app.url, 'PUT', `/v1/formschema/${res.body.formSchemaId}`, {
      token,
      body: { description: 'Ours now' },
    });
    expect(changed.status).toBe(200);

    // A draft: in the administrator's list, not for the organisation's reporters.
    const list = await http<FormView[]>(app.url, 'GET', '/v1/formviews', { token });
    expect(list.body.map((v) => v.id)).toContain(res.body.id);
    const reporters = await http<FormView[]>(app.url, 'GET', '/v1/formviews', {
      token: await tokenFor(home, 'reporter'),
    });
    expect(reporters.body.map((v) => v.id)).not.toContain(res.body.id);
    // Publishing it works as for any form.
    const published = await http(app.url, 'POST', '/v1/formversion', {
      token,
      body: { formViewId: res.body.id },
    });
    expect(published.status).toBe(201);
  });

  it('a platform administrator makes a platform-wide form by default, with another audience', async () => {
    const template = await standard(home, 'aefi');
    const res = await create(await tokenFor(home, 'platform_admin'), {
      name: `Vaccines, professionals ${unique()}`,
      templateId: template.id,
      audience: 'professional',
      languages: ['fr', 'en'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ organisationId: null, audience: 'professional', reportType: 'aefi' });
    expect(res.body.layout.languages).toEqual(['fr', 'en']);
    expect(res.body.layout.title).toEqual(template.layout.title);
  });

  it('a second form of the same name in the same place is a 409 on the name; elsewhere it is fine', async () => {
    const template = await standard(home, 'adr-public');
    const name = `Clinic form ${unique()}`;
    const token = await tokenFor(home, 'organisation_admin');
    expect((await create(token, { name, templateId: template.id, languages: ['en'] })).status).toBe(201);
    const before = await countViews(home);
    // The key is the name's: another spelling of it is the same form.
    const again = await create(token, {
      name: name.toUpperCase(),
      templateId: template.id,
      languages: ['en'],
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', statusCode: 409, error: 'Conflict' });
    expect(again.body.meta?.fields?.[0]?.field).toBe('body/name');
    expect(await countViews(home)).toBe(before);
    const neighbour = await create(await tokenFor(home, 'organisation_admin', 1), {
      name,
      templateId: template.id,
      languages: ['en'],
    });
    expect(neighbour.status).toBe(201);
  });

  it('refuses bad input in words and writes nothing', async () => {
    const template = await standard(home, 'adr-public');
    const token = await tokenFor(home, 'organisation_admin');
    const before = await countViews(home);
    const cases: [unknown, string][] = [
      [{ name: '', templateId: template.id, languages: ['en'] }, 'body/name'],
      [{ name: 'No languages', templateId: template.id, languages: [] }, 'body/languages'],
      [{ name: 'Twice', templateId: template.id, languages: ['en', 'en'] }, 'body/languages'],
      // Nothing to start from: the template has English and French texts only.
      [{ name: 'Spanish only', templateId: template.id, languages: ['es'] }, 'body/languages'],
      [{ name: 'Nowhere', templateId: crypto.randomUUID(), languages: ['en'] }, 'body/templateId'],
      [{ name: 'Bad id', templateId: 'not-an-id', languages: ['en'] }, 'body/templateId'],
      [{ name: 'Odd', templateId: template.id, languages: ['en'], extra: 1 }, 'body/extra'],
    ];
    for (const [body, field] of cases) {
      const res = await create(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.meta?.fields?.map((f) => f.field)).toContain(field);
    }
    expect(await countViews(home)).toBe(before);
  });

  it('staff and reporters may not create forms', async () => {
    const template = await standard(home, 'adr-public');
    for (const role of ['organisation_staff', 'assessor', 'reporter'] as const) {
      const res = await create(await tokenFor(home, role), {
        name: `Not mine ${unique()}`,
        templateId: template.id,
        languages: ['en'],
      });
      expect(res.status, role).toBe(403);
    }
  });
});

describe('POST /v1/formviews: tenancy', () => {
  it('the neighbour organisation and another platform are 404, as organisation and as template', async () => {
    const template = await standard(home, 'adr-public');
    const neighbourToken = await tokenFor(home, 'organisation_admin', 1);
    const mine = await create(await tokenFor(home, 'organisation_admin'), {
      name: `Private ward form ${unique()}`,
      templateId: template.id,
      languages: ['en'],
    });
    expect(mine.status).toBe(201);
    const before = [await countViews(home), await countViews(foreign)];

    // Into organisation A, from B's administrator: A does not exist for them.
    const intoA = await create(neighbourToken, {
      name: `Intruder ${unique()}`,
      templateId: template.id,
      languages: ['en'],
      organisationId: home.organisationIds[0],
    });
    expect(intoA.status).toBe(404);
    // A's draft as a template: not a form they can read.
    const fromA = await create(neighbourToken, {
      name: `Copy ${unique()}`,
      templateId: mine.body.id,
      languages: ['en'],
    });
    expect(fromA.status).toBe(400);
    expect(fromA.body.meta?.fields?.[0]?.field).toBe('body/templateId');

    // Another platform's administrator: neither its organisation nor its form.
    const strangerToken = await tokenFor(foreign, 'platform_admin');
    const intoHome = await create(strangerToken, {
      name: `Stranger ${unique()}`,
      templateId: (await standard(foreign, 'adr-public')).id,
      languages: ['en'],
      organisationId: home.organisationIds[0],
    });
    expect(intoHome.status).toBe(404);
    const fromHome = await create(strangerToken, {
      name: `Stranger ${unique()}`,
      templateId: template.id,
      languages: ['en'],
    });
    expect(fromHome.status).toBe(400);
    expect([await countViews(home), await countViews(foreign)]).toEqual(before);
  });

  it('a user of two organisations creates in the session’s by default, in the other when named, not in a third', async () => {
    const template = await standard(home, 'adr-public');
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const inA = await create(two.token, {
      name: `Two A ${unique()}`,
      templateId: template.id,
      languages: ['en'],
    });
    expect(inA.body.organisationId).toBe(home.organisationIds[0]);
    const inB = await create(two.token, {
      name: `Two B ${unique()}`,
      templateId: template.id,
      languages: ['en'],
      organisationId: home.organisationIds[1],
    });
    expect(inB.status).toBe(201);
    expect(inB.body.organisationId).toBe(home.organisationIds[1]);
    const inC = await create(two.token, {
      name: `Two C ${unique()}`,
      templateId: template.id,
      languages: ['en'],
      organisationId: two.thirdOrganisationId,
    });
    expect(inC.status).toBe(404);
    // Not the platform's either: an organisation's administrator.
    const platformWide = await create(two.token, {
      name: `Two P ${unique()}`,
      templateId: template.id,
      languages: ['en'],
      organisationId: null,
    });
    expect(platformWide.status).toBe(403);
  });
});

describe('keyOf', () => {
  it('folds accents and punctuation into dashes', () => {
    expect(keyOf("Déclaration d'effet (vaccins)")).toBe('declaration-d-effet-vaccins');
    expect(keyOf('  ---  ')).toBe('form');
    expect(keyOf('A'.repeat(80))).toBe('a'.repeat(63));
  });
});
