import type {
  RoleName,
  TerminologyArrangement,
  TerminologyEntry,
  TerminologyEntryPage,
} from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedSessions, createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
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

async function entry(
  tenant: TestTenant,
  body: Record<string, unknown>,
  organisation: 0 | 1 = 0,
): Promise<TerminologyEntry> {
  const res = await http<TerminologyEntry>(app.url, 'POST', '/v1/terminology-entries', {
    token: await tokenFor(tenant, 'organisation_admin', organisation),
    body: { dictionary: 'routes', ...body },
  });
  if (res.status !== 201) throw new Error(`create entry: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const auditOf = async (id: string) =>
  (
    await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).orderBy('id').execute()
  ).map((a) => a.action);

describe('terminology entries', () => {
  it('creates, reads, merge-patches (null removes, objects merge) and deletes, each with its audit row', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const oral = await entry(tenant, {
      code: '048',
      term: 'Oral use',
      reference: 'G.k.4.r.10',
      attributes: { e2b: '048', edqm: 'ROA-20053000' },
      translations: { fr: 'Voie orale', de: 'Zum Einnehmen' },
    });
    expect(oral).toMatchObject({
      organisationId: tenant.organisationIds[0],
      dictionary: 'routes',
      code: '048',
      term: 'Oral use',
      parentId: null,
      reference: 'G.k.4.r.10',
      attributes: { e2b: '048', edqm: 'ROA-20053000' },
      translations: { fr: 'Voie orale', de: 'Zum Einnehmen' },
    });
    const read = await http<TerminologyEntry>(app.url, 'GET', `/v1/terminology-entries/${oral.id}`, {
      token,
    });
    expect(read.body).toEqual(oral);

    const patched = await http<TerminologyEntry>(app.url, 'PATCH', `/v1/terminology-entries/${oral.id}`, {
      token,
      headers: { 'content-type': 'application/merge-patch+json' },
      raw: JSON.stringify({
        term: 'Oral',
        reference: null,
        attributes: { edqm: null, unit: 'mg' },
        translations: { de: null, es: 'Vía oral' },
      }),
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      code: '048',
      term: 'Oral',
      reference: null,
      attributes: { e2b: '048', unit: 'mg' },
      translations: { fr: 'Voie orale', es: 'Vía oral' },
    });
    // A plain JSON body is the same merge patch.
    const again = await http<TerminologyEntry>(app.url, 'PATCH', `/v1/terminology-entries/${oral.id}`, {
      token,
      body: { attributes: null },
    });
    expect(again.body.attributes).toEqual({});
    expect(again.body.translations).toEqual({ fr: 'Voie orale', es: 'Vía oral' });

    const removed = await http(app.url, 'DELETE', `/v1/terminology-entries/${oral.id}`, { token });
    expect(removed.status).toBe(204);
    expect((await http(app.url, 'GET', `/v1/terminology-entries/${oral.id}`, { token })).status).toBe(404);
    expect(await auditOf(oral.id)).toEqual([
      'terminology_entry.created',
      'terminology_entry.updated',
      'terminology_entry.updated',
      'terminology_entry.deleted',
    ]);
  });

  it('refuses a duplicate code (409), a parent of another dictionary, a cycle, null code and unknown fields (400), changing nothing', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const top = await entry(tenant, { code: 'A', term: 'Top' });
    const below = await entry(tenant, { code: 'B', term: 'Below', parentId: top.id });
    const other = await entry(tenant, { dictionary: 'units', code: 'mg', term: 'milligram' });

    const duplicate = await http(app.url, 'POST', '/v1/terminology-entries', {
      token,
      body: { dictionary: 'routes', code: 'A', term: 'Again' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'CONFLICT', meta: { fields: [{ field: 'body/code' }] } });
    // The same code in another dictionary is another entry.
    expect((await entry(tenant, { dictionary: 'units', code: 'A', term: 'ampere' })).code).toBe('A');

    const bad = [
      ['POST', '/v1/terminology-entries', { dictionary: 'routes', code: 'C', term: 'x', parentId: other.id }],
      ['PATCH', `/v1/terminology-entries/${top.id}`, { parentId: below.id }],
      ['PATCH', `/v1/terminology-entries/${top.id}`, { parentId: top.id }],
      ['PATCH', `/v1/terminology-entries/${top.id}`, { code: null }],
      ['PATCH', `/v1/terminology-entries/${top.id}`, { dictionary: 'units' }],
      ['PATCH', `/v1/terminology-entries/${top.id}`, { organisationId: tenant.organisationIds[1] }],
      ['POST', '/v1/terminology-entries', { dictionary: 'Routes With Spaces', code: 'C', term: 'x' }],
    ] as const;
    for (const [method, path, body] of bad) {
      const res = await http(app.url, method, path, { token, body });
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const stored = await http<TerminologyEntry>(app.url, 'GET', `/v1/terminology-entries/${top.id}`, {
      token,
    });
    expect(stored.body).toEqual(top);
  });

  it('searches a dictionary by words in any order, accents and case ignored, and looks up by reference', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'reporter');
    await entry(tenant, {
      code: 'IV',
      term: 'Intravenous injection',
      translations: { fr: 'Injection intraveineuse' },
    });
    await entry(tenant, { code: 'IM', term: 'Intramuscular injection', reference: 'form:route' });
    await entry(tenant, { code: 'PO', term: 'Oral', reference: 'form:route' });
    await entry(tenant, { dictionary: 'sites', code: 'IV', term: 'Intravenous site' });

    const search = async (dictionary: string, query: string) =>
      (
        await http<TerminologyEntry[]>(
          app.url,
          'GET',
          `/v1/terminology-entries/dictionary/${dictionary}?query=${encodeURIComponent(query)}`,
          { token },
        )
      ).body.map((e) => e.code);
    expect(await search('routes', 'injection')).toEqual(['IM', 'IV']);
    expect(await search('routes', 'INJECTION intrav')).toEqual(['IV']);
    expect(await search('routes', 'intraveineuse')).toEqual(['IV']);
    expect(await search('routes', 'ÍNTRAVÉINEUSE')).toEqual(['IV']);
    expect(await search('routes', '')).toEqual(['IM', 'IV', 'PO']);
    expect(await search('routes', '100%_')).toEqual([]);
    expect(await search('sites', 'intravenous')).toEqual(['IV']);

    const byReference = await http<TerminologyEntry[]>(
      app.url,
      'GET',
      '/v1/terminology-entries/reference/form%3Aroute',
      { token },
    );
    expect(byReference.body.map((e) => e.code)).toEqual(['IM', 'PO']);
  });

  it('pages entries: size defaults to 50, total counts every match', async () => {
    const tenant = await createTenant(app.db);
    const admin = await tokenFor(tenant, 'organisation_admin');
    for (let i = 0; i < 55; i++) {
      const res = await http(app.url, 'POST', '/v1/terminology-entries', {
        token: admin,
        body: { dictionary: 'many', code: `C${String(i).padStart(3, '0')}`, term: `Term ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const token = await tokenFor(tenant, 'organisation_staff');
    const first = await http<TerminologyEntryPage>(
      app.url,
      'GET',
      '/v1/terminology-entries/paginated?page=1',
      {
        token,
      },
    );
    expect(first.body.size).toBe(50);
    expect(first.body.total).toBe(55);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0]!.code).toBe('C000');
    const second = await http<TerminologyEntryPage>(
      app.url,
      'GET',
      '/v1/terminology-entries/paginated?page=2&dictionary=many',
      { token },
    );
    expect(second.body.items.map((e) => e.code)).toEqual(['C050', 'C051', 'C052', 'C053', 'C054']);
    const list = await http<TerminologyEntry[]>(app.url, 'GET', '/v1/terminology-entries?dictionary=many', {
      token,
    });
    expect(list.body).toHaveLength(55);
  });
});

describe('terminology arrangements', () => {
  it('keeps an ordered tree of a dictionary’s entries, replaced whole by a merge patch; an entry in use cannot go', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const parenteral = await entry(tenant, { code: 'PAR', term: 'Parenteral' });
    const iv = await entry(tenant, { code: 'IV', term: 'Intravenous' });
    const im = await entry(tenant, { code: 'IM', term: 'Intramuscular' });
    const oral = await entry(tenant, { code: 'PO', term: 'Oral' });
    const unit = await entry(tenant, { dictionary: 'units', code: 'mg', term: 'milligram' });

    const created = await http<TerminologyArrangement>(app.url, 'POST', '/v1/terminology-arrangements', {
      token,
      body: {
        name: 'Routes picklist',
        dictionary: 'routes',
        items: [
          { entryId: oral.id },
          { entryId: parenteral.id },
          { entryId: iv.id, parentEntryId: parenteral.id },
          { entryId: im.id, parentEntryId: parenteral.id },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Routes picklist',
      dictionary: 'routes',
      description: '',
      items: [
        { entryId: oral.id, parentEntryId: null },
        { entryId: parenteral.id, parentEntryId: null },
        { entryId: iv.id, parentEntryId: parenteral.id },
        { entryId: im.id, parentEntryId: parenteral.id },
      ],
    });
    const id = created.body.id;

    const refusals = [
      [{ entryId: oral.id }, { entryId: oral.id }],
      [{ entryId: iv.id, parentEntryId: parenteral.id }, { entryId: parenteral.id }],
      [{ entryId: unit.id }],
    ];
    for (const items of refusals) {
      const res = await http(app.url, 'PATCH', `/v1/terminology-arrangements/${id}`, {
        token,
        body: { items },
      });
      expect(res.status).toBe(400);
    }
    const inUse = await http(app.url, 'DELETE', `/v1/terminology-entries/${iv.id}`, { token });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'CONFLICT', meta: { arrangements: ['Routes picklist'] } });

    const reordered = await http<TerminologyArrangement>(
      app.url,
      'PATCH',
      `/v1/terminology-arrangements/${id}`,
      {
        token,
        body: { description: 'Most used first', items: [{ entryId: iv.id }, { entryId: oral.id }] },
      },
    );
    expect(reordered.body).toMatchObject({
      name: 'Routes picklist',
      description: 'Most used first',
      items: [
        { entryId: iv.id, parentEntryId: null },
        { entryId: oral.id, parentEntryId: null },
      ],
    });
    const duplicateName = await http(app.url, 'POST', '/v1/terminology-arrangements', {
      token,
      body: { name: 'Routes picklist', dictionary: 'routes' },
    });
    expect(duplicateName.status).toBe(409);

    const listed = await http<TerminologyArrangement[]>(
      app.url,
      'GET',
      '/v1/terminology-arrangements?dictionary=routes',
      {
        token: await tokenFor(tenant, 'reporter'),
      },
    );
    expect(listed.body.map((a) => a.id)).toEqual([id]);
    expect((await http(app.url, 'DELETE', `/v1/terminology-arrangements/${id}`, { token })).status).toBe(204);
    expect((await http(app.url, 'DELETE', `/v1/terminology-entries/${iv.id}`, { token })).status).toBe(204);
    expect(await auditOf(id)).toEqual([
      'terminology_arrangement.created',
      'terminology_arrangement.updated',
      'terminology_arrangement.deleted',
    ]);
  });

  // Which role may do what: docs/permissions.csv (test/permissions.test.ts).

  it("hides another organisation's and another platform's terminology (404) on read and on change", async () => {
    const own = await entry(home, { code: `H${Date.now()}`, term: 'Home entry' });
    const adminToken = await tokenFor(home, 'organisation_admin');
    const arrangement = await http<TerminologyArrangement>(app.url, 'POST', '/v1/terminology-arrangements', {
      token: adminToken,
      body: { name: `Home ${own.code}`, dictionary: 'routes', items: [{ entryId: own.id }] },
    });
    const outsiders = [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'organisation_admin'),
      await tokenFor(foreign, 'platform_admin'),
    ];
    const org = home.organisationIds[0];
    for (const token of outsiders) {
      const calls = await Promise.all([
        http(app.url, 'GET', `/v1/terminology-entries/${own.id}`, { token }),
        http(app.url, 'PATCH', `/v1/terminology-entries/${own.id}`, { token, body: { term: 'x' } }),
        http(app.url, 'DELETE', `/v1/terminology-entries/${own.id}`, { token }),
        http(app.url, 'GET', `/v1/terminology-entries?organisationId=${org}`, { token }),
        http(app.url, 'GET', `/v1/terminology-entries/paginated?organisationId=${org}`, { token }),
        http(app.url, 'GET', `/v1/terminology-entries/dictionary/routes?organisationId=${org}`, { token }),
        http(app.url, 'GET', `/v1/terminology-entries/reference/x?organisationId=${org}`, { token }),
        http(app.url, 'POST', '/v1/terminology-entries', {
          token,
          body: { organisationId: org, dictionary: 'routes', code: 'intruder', term: 'x' },
        }),
        http(app.url, 'GET', `/v1/terminology-arrangements/${arrangement.body.id}`, { token }),
        http(app.url, 'PATCH', `/v1/terminology-arrangements/${arrangement.body.id}`, {
          token,
          body: { name: 'x' },
        }),
        http(app.url, 'DELETE', `/v1/terminology-arrangements/${arrangement.body.id}`, { token }),
        http(app.url, 'GET', `/v1/terminology-arrangements?organisationId=${org}`, { token }),
        http(app.url, 'POST', '/v1/terminology-arrangements', {
          token,
          body: { organisationId: org, dictionary: 'routes', name: 'intruder' },
        }),
      ]);
      expect(calls.map((r) => r.status)).toEqual(Array(13).fill(404));
    }
    // Their own lists never show it.
    const theirs = await http<TerminologyEntry[]>(app.url, 'GET', '/v1/terminology-entries', {
      token: outsiders[1],
    });
    expect(theirs.body.map((e) => e.id)).not.toContain(own.id);
    const stored = await http<TerminologyEntry>(app.url, 'GET', `/v1/terminology-entries/${own.id}`, {
      token: adminToken,
    });
    expect(stored.body).toEqual(own);
  });

  it('lets a user of two organisations work in both, and not in a third organisation or another platform', async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const made: TerminologyEntry[] = [];
    for (const organisationId of home.organisationIds) {
      const res = await http<TerminologyEntry>(app.url, 'POST', '/v1/terminology-entries', {
        token: two.token,
        body: { organisationId, dictionary: 'two', code: `T${made.length}${Date.now()}`, term: 'Both' },
      });
      expect(res.status).toBe(201);
      expect(res.body.organisationId).toBe(organisationId);
      made.push(res.body);
    }
    for (const [i, organisationId] of home.organisationIds.entries()) {
      const list = await http<TerminologyEntry[]>(
        app.url,
        'GET',
        `/v1/terminology-entries/dictionary/two?organisationId=${organisationId}`,
        { token: two.token },
      );
      expect(list.body.map((e) => e.id)).toContain(made[i]!.id);
      expect(list.body.every((e) => e.organisationId === organisationId)).toBe(true);
    }
    const thirdAdmin = await signedIn(app, two.thirdTenant, 'organisation_admin');
    const third = await http<TerminologyEntry>(app.url, 'POST', '/v1/terminology-entries', {
      token: thirdAdmin.token,
      body: { dictionary: 'two', code: 'third', term: 'Third' },
    });
    expect(third.status).toBe(201);
    const elsewhere = await entry(foreign, { code: `F${Date.now()}`, term: 'Foreign' });
    for (const id of [third.body.id, elsewhere.id]) {
      const calls = await Promise.all([
        http(app.url, 'GET', `/v1/terminology-entries/${id}`, { token: two.token }),
        http(app.url, 'PATCH', `/v1/terminology-entries/${id}`, { token: two.token, body: { term: 'x' } }),
        http(app.url, 'DELETE', `/v1/terminology-entries/${id}`, { token: two.token }),
      ]);
      expect(calls.map((r) => r.status)).toEqual([404, 404, 404]);
    }
    const listed = await http(
      app.url,
      'GET',
      `/v1/terminology-entries?organisationId=${two.thirdOrganisationId}`,
      {
        token: two.token,
      },
    );
    expect(listed.status).toBe(404);
  });
});
