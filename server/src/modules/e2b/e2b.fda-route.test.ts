import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2bImportResult, E2bValidation, Receiver } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import { repoRoot } from '../../config.ts';

/**
 * FDA premarket routing (issue 26, item 1; decision 0231). FDA's scenarios 3 and 4 are IND
 * safety reports (N.1.4 ZZFDA_PREMKT, N.2.r.3 CDER_IND, FDA.C.5.5a 123456 and 012345); 5-1 to
 * 5-3 come from IND-exempt BA/BE studies (CDER_IND_EXEMPT_BA_BE, FDA.C.5.5b 054321); 1 is
 * postmarket (ZZFDA, CDER). Written for the FDA profile, each must carry its own route again.
 */
const EXAMPLES = join(repoRoot, 'e2b', 'test', 'examples');
let home: TestTenant;
let staff: string;
let admin: string;
const ids: Record<string, string> = {};

const BATCH_RECEIVER = '2.16.840.1.113883.3.989.2.1.3.14';
const MESSAGE_RECEIVER = '2.16.840.1.113883.3.989.2.1.3.12';
const idOf = (xml: string, root: string) =>
  xml
    .match(new RegExp(`<id [^>]*root="${root.replace(/\./g, '\\.')}"[^>]*>`))?.[0]
    ?.match(/extension="([^"]+)"/)?.[1];

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
  staff = (await signedIn(app, home, 'organisation_staff')).token;
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  for (const name of ['1', '3', '4', '5-1', '5-2', '5-3']) {
    const form = new FormData();
    const xml = readFileSync(join(EXAMPLES, `FAERS2022Scenario${name}.xml`), 'utf8');
    form.append('file', new Blob([xml], { type: 'application/xml' }), `s${name}.xml`);
    const res = await http<E2bImportResult>(app.url, 'POST', '/v1/report/load', { token: staff, form });
    if (res.status !== 201) throw new Error(`import ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    ids[name] = res.body.created[0]!.id;
  }
  // Six imports of FDA's files: on two shared cores this takes more than a hook's minute.
}, 240_000);

async function route(name: string, query = '?profile=fda') {
  const res = await http<string>(app.url, 'GET', `/v1/report/${ids[name]}/xml${query}`, { token: staff });
  expect(res.status).toBe(200);
  return [idOf(res.body, BATCH_RECEIVER), idOf(res.body, MESSAGE_RECEIVER)];
}
const findings = async (name: string, query = '?profile=fda') =>
  (
    await http<E2bValidation>(app.url, 'GET', `/v1/report/${ids[name]}/xml/validation${query}`, {
      token: staff,
    })
  ).body.findings;

describe('FDA routing of a case', () => {
  it('?profile=fda sends each FDA scenario to the route FDA wrote it for', async () => {
    expect(await route('1')).toEqual(['ZZFDA', 'CDER']);
    expect(await route('3')).toEqual(['ZZFDA_PREMKT', 'CDER_IND']);
    expect(await route('4')).toEqual(['ZZFDA_PREMKT', 'CDER_IND']);
    for (const name of ['5-1', '5-2', '5-3'])
      expect(await route(name)).toEqual(['ZZFDA_PREMKT', 'CDER_IND_EXEMPT_BA_BE']);
  });

  it('an IND case on its premarket route gets no routing finding (R0004-R0008, R0107-R0109)', async () => {
    const routing = ['R0004', 'R0005', 'R0006', 'R0007', 'R0008', 'R0107', 'R0108', 'R0109'];
    for (const name of ['3', '5-1'])
      expect(
        (await findings(name)).filter((f) => (f.rules ?? [f.rule]).some((r) => routing.includes(r))),
      ).toEqual([]);
  });

  it('a receiver fixed to postmarket keeps the IND case there, and R0107 says to change the route, not to remove the number', async () => {
    const res = await http<Receiver>(
      app.url,
      'POST',
      `/v1/organisation/${home.organisationIds[0]}/receivers`,
      {
        token: admin,
        body: {
          name: 'FDA ESG postmarket',
          profile: 'fda',
          batchSender: 'VIGILO-NPC',
          fdaRoute: 'postmarket',
          isDefault: true,
        },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.fdaRoute).toBe('postmarket');
    expect(await route('3', '')).toEqual(['ZZFDA', 'CDER']);
    const r0107 = (await findings('3', '')).filter((f) => f.rule === 'R0107');
    expect(r0107.map((f) => [f.severity, f.dataElement, f.message])).toEqual([
      [
        'error',
        'FDA.C.5.5a',
        'IND Number where AE Occurred (FDA.C.5.5a) is given, so this is a premarket (IND) safety report, but it is addressed to FDA\'s postmarket route (N.1.4 "ZZFDA"): set the receiver\'s FDA route to "From the case" or "Premarket" so that it goes to "ZZFDA_PREMKT" with "CDER_IND" or "CBER_IND". Remove the number only if the case is not from the IND.',
      ],
    ]);
    // Back to "from the case" (a PUT naming the route alone keeps the rest): the case goes premarket.
    const put = await http<Receiver>(
      app.url,
      'PUT',
      `/v1/organisation/${home.organisationIds[0]}/receivers/${res.body.id}`,
      { token: admin, body: { fdaRoute: 'case', messageReceiver: 'CBER' } },
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ fdaRoute: 'case', batchSender: 'VIGILO-NPC', isDefault: true });
    // CBER's receiver: CBER's IND route; BA/BE studies are CDER's alone.
    expect(await route('3', '')).toEqual(['ZZFDA_PREMKT', 'CBER_IND']);
    expect(await route('5-2', '')).toEqual(['ZZFDA_PREMKT', 'CDER_IND_EXEMPT_BA_BE']);
    expect(await route('1', '')).toEqual(['ZZFDA', 'CBER']);
  });

  it('refuses a route FDA does not have, naming the field', async () => {
    const res = await http<{ code: string; meta: { fields: { field: string }[] } }>(
      app.url,
      'POST',
      `/v1/organisation/${home.organisationIds[0]}/receivers`,
      { token: admin, body: { name: 'FDA ESG wrong', profile: 'fda', fdaRoute: 'ZZFDA_PREMKT' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.meta.fields.map((f) => f.field)).toContain('body/fdaRoute');
  });
});
