import { randomUUID } from 'node:crypto';
import { listForm, metaForm } from '../drugs.ts';
import { http } from '../http.ts';
import type { Fixture, World } from './fixtures.ts';

/** The rows of docs/permissions.csv for drug products and IDAPS (issue 13): how to call each. */
const orgA = (w: World) => w.tenant.organisationIds[0]!;
const unique = () => randomUUID().slice(0, 8);

/** Organisation A's list, uploaded by its administrator: one product, answered. */
async function product(w: World): Promise<{ id: string }> {
  const code = `P-${unique()}`;
  const upload = await http(w.app.url, 'POST', `/v1/drugs/upload/list?organisationId=${orgA(w)}`, {
    token: w.orgAdmin,
    form: listForm(`code,name,substances\n${code},Matrixol ${code},Matrixine\n`),
  });
  if (upload.status !== 200)
    throw new Error(`fixture upload: ${upload.status} ${JSON.stringify(upload.body)}`);
  const found = await http<{ id: string }[]>(
    w.app.url,
    'GET',
    `/v1/drugs/lookup?code=${code}&organisationId=${orgA(w)}`,
    {
      token: w.orgAdmin,
    },
  );
  return found.body[0]!;
}

/** No computation waiting for organisation A, so a request for one is the gate's answer, not a 409. */
async function noPendingSnapshot(w: World): Promise<void> {
  await w.app.db
    .updateTable('idaps_snapshots')
    .set({ status: 'failed', error: 'set aside by the permissions test' })
    .where('organisation_id', '=', orgA(w))
    .where('status', 'in', ['queued', 'computing'])
    .execute();
}

const ofOrganisation = async (w: World) => ({ query: { organisationId: orgA(w) } });

export const drugFixtures: Record<string, Fixture> = {
  'GET /v1/drugs|your organisation': ofOrganisation,
  'GET /v1/drugs/search|your organisation': async (w) => ({
    query: { organisationId: orgA(w), query: 'matrix' },
  }),
  'GET /v1/drugs/lookup|your organisation': async (w) => ({
    query: { organisationId: orgA(w), code: 'P-none' },
  }),
  'GET /v1/drugs/lists|your organisation': ofOrganisation,
  'GET /v1/drugs/csv|your organisation': ofOrganisation,
  'POST /v1/drugs/export-url|your organisation': async (w) => ({ body: { organisationId: orgA(w) } }),
  'GET /v1/drugs/export|a signed link': async (w) => {
    const link = await http<{ url: string }>(w.app.url, 'POST', '/v1/drugs/export-url', {
      token: w.orgAdmin,
      body: { organisationId: orgA(w) },
    });
    return { query: Object.fromEntries(new URL(link.body.url).searchParams) };
  },
  'GET /v1/drugs/{id}|a product of your organisation': async (w) => ({
    params: { id: (await product(w)).id },
  }),
  'POST /v1/drugs/upload/meta|your organisation': async (w) => ({
    query: { organisationId: orgA(w) },
    form: metaForm({ version: `matrix-${unique()}` }),
  }),
  'POST /v1/drugs/upload/list|your organisation': async (w) => ({
    query: { organisationId: orgA(w) },
    form: listForm(`code,name\nP-${unique()},Matrixol\n`),
  }),
  'POST /v1/drugs/upload/list/preview|your organisation': async (w) => ({
    query: { organisationId: orgA(w) },
    form: listForm(`code,name\nP-${unique()},Matrixol\n`),
  }),
  'GET /v1/drugs/idaps|a product of your organisation': async (w) => ({
    query: { drugId: (await product(w)).id },
  }),
  'GET /v1/idaps|your organisation': ofOrganisation,
  'GET /v1/idaps/lookup|your organisation': async (w) => ({
    query: { organisationId: orgA(w), code: 90300001 },
  }),
  'GET /v1/idaps/snapshots|your organisation': ofOrganisation,
  'POST /v1/idaps/snapshots|your organisation': async (w) => {
    await noPendingSnapshot(w);
    return { body: { organisationId: orgA(w) } };
  },
};
