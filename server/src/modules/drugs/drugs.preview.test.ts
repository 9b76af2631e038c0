import type { Drug, DrugListPreview, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { listForm } from '../../../test/drugs.ts';
import {
  cachedSessions,
  createTenant,
  http,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

type Answer<T> = T & { code?: string; meta?: { lines?: { line: number; column: string | null }[] } };
const post = (path: string) => async (token: string, form: FormData, organisationId?: string) =>
  http<Answer<DrugListPreview>>(
    app.url,
    'POST',
    `${path}${organisationId ? `?organisationId=${organisationId}` : ''}`,
    { token, form },
  );
const preview = post('/v1/drugs/upload/list/preview');
const upload = post('/v1/drugs/upload/list');
const productsOf = async (token: string, organisationId?: string) =>
  (
    await http<Drug[]>(
      app.url,
      'GET',
      `/v1/drugs${organisationId ? `?organisationId=${organisationId}` : ''}`,
      {
        token,
      },
    )
  ).body
    .map((d) => `${d.code} ${d.name}`)
    .sort();

const FIRST =
  'code,name,substances\nA1,Alphacalm,alphazine\nB2,Betarest,betamol\nC3,Cetanol,cetamine\nD4,Deltafex,\n';

describe('previewing a product list upload', () => {
  it('names the products the upload would remove, counts the rest, and writes nothing', async () => {
    const tenant = await createTenant(app.db);
    const admin = await tokenFor(tenant, 'organisation_admin');
    expect((await upload(admin, listForm(FIRST))).status).toBe(200);
    const lists = await http<unknown[]>(app.url, 'GET', '/v1/drugs/lists', { token: admin });

    // B2 renamed, C3 and D4 gone, E5 new, A1 as it was.
    const next =
      'code,name,substances\nA1,Alphacalm,alphazine\nB2,Betarest forte,betamol\nE5,Epsilor,epsilone\n';
    const res = await preview(admin, listForm(next));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      products: 3,
      added: 1,
      updated: 1,
      unchanged: 1,
      removed: 2,
      removedProducts: [
        { id: expect.any(String), code: 'C3', name: 'Cetanol' },
        { id: expect.any(String), code: 'D4', name: 'Deltafex' },
      ],
      newVersion: false,
    });
    // Nothing changed: the same products, the same list versions, no audit row.
    expect(await productsOf(admin)).toEqual(['A1 Alphacalm', 'B2 Betarest', 'C3 Cetanol', 'D4 Deltafex']);
    expect((await http<unknown[]>(app.url, 'GET', '/v1/drugs/lists', { token: admin })).body).toEqual(
      lists.body,
    );

    // The upload then does what the preview said.
    const done = await upload(admin, listForm(next));
    expect(done.body).toMatchObject({ products: 3, added: 1, updated: 1, removed: 2 });
  });

  it('with a meta file, says a new version would start; a first list removes nothing', async () => {
    const tenant = await createTenant(app.db);
    const admin = await tokenFor(tenant, 'organisation_admin');
    const res = await preview(admin, listForm(FIRST, { version: '2026-12' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      products: 4,
      added: 4,
      removed: 0,
      removedProducts: [],
      newVersion: true,
    });
    expect(await productsOf(admin)).toEqual([]);
  });

  it('refuses a bad file line by line, as the upload does', async () => {
    const admin = await tokenFor(home, 'organisation_admin');
    const res = await preview(admin, listForm('code,name\nA1,\n,Nameless\n'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.meta?.lines?.map((l) => l.line)).toEqual([2, 3]);
    const none = await http<Answer<object>>(app.url, 'POST', '/v1/drugs/upload/list/preview', {
      token: admin,
      form: new FormData(),
    });
    expect(none.status).toBe(400);
  });

  it('is for those who upload: staff and assessors are refused', async () => {
    for (const role of ['organisation_staff', 'assessor', 'reporter'] as const)
      expect((await preview(await tokenFor(home, role), listForm(FIRST))).status, role).toBe(403);
  });
});

describe('previewing: tenancy', () => {
  it('the neighbour organisation and another platform get 404 and learn nothing of the list', async () => {
    const tenant = await createTenant(app.db);
    const admin = await tokenFor(tenant, 'organisation_admin');
    expect((await upload(admin, listForm(FIRST))).status).toBe(200);
    const org = tenant.organisationIds[0];
    for (const token of [
      await tokenFor(tenant, 'organisation_admin', 1),
      await tokenFor(foreign, 'platform_admin'),
    ]) {
      const res = await preview(token, listForm('code,name\nZ9,Other\n'), org);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect(await productsOf(admin)).toHaveLength(4);
  });

  it('a user of two organisations previews against the list of the organisation named', async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const [a, b] = home.organisationIds;
    expect((await upload(two.token, listForm('code,name\nA1,Only in A\n'), a)).status).toBe(200);
    expect((await upload(two.token, listForm('code,name\nB1,Only in B\n'), b)).status).toBe(200);
    const inB = await preview(two.token, listForm('code,name\nA1,Only in A\n'), b);
    expect(inB.body).toMatchObject({
      added: 1,
      removed: 1,
      removedProducts: [{ code: 'B1', name: 'Only in B' }],
    });
    expect((await preview(two.token, listForm('code,name\nX,Y\n'), two.thirdOrganisationId)).status).toBe(
      404,
    );
  });
});
