import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2bImportResult, E2bValidation } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import { repoRoot } from '../../config.ts';

/**
 * The EU profile through the API (issue 26, item 7; decision 0232): the route of FDA's
 * scenario 1 is "001" (an E2B(R2) code), not an EDQM term; the server checks a case's codes
 * against the EDQM terms it holds (ROA-20053000 Oral use is among them, ROA-99999999 is not).
 */
const SCENARIO_1 = readFileSync(join(repoRoot, 'e2b', 'test', 'examples', 'FAERS2022Scenario1.xml'), 'utf8');
let home: TestTenant;
let staff: string;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
  staff = (await signedIn(app, home, 'organisation_staff')).token;
}, 120_000);

async function routeFindings(route: string) {
  const form = new FormData();
  const xml = SCENARIO_1.replace('<routeCode code="001"', `<routeCode code="${route}"`);
  form.append('file', new Blob([xml], { type: 'application/xml' }), 's1.xml');
  const imported = await http<E2bImportResult>(app.url, 'POST', '/v1/report/load', { token: staff, form });
  expect(imported.status).toBe(201);
  const res = await http<E2bValidation>(
    app.url,
    'GET',
    `/v1/report/${imported.body.created[0]!.id}/xml/validation?profile=eu`,
    { token: staff },
  );
  expect(res.status).toBe(200);
  expect(res.body.profile).toBe('eu');
  return res.body.findings
    .filter((f) => f.rule === 'EU-EDQM-ROUTE' && f.dataElement === 'G.k.4.r.10.2b')
    .map((f) => f.message);
}

describe('EU profile: EDQM terms from the server', () => {
  it('"001" is refused, saying to choose an EDQM route', async () => {
    expect(await routeFindings('001')).toEqual([
      'Route of Administration TermID (G.k.4.r.10.2b) "001" is not an EDQM route of administration term: choose the route from the EDQM list (e.g. "ROA-20053000" Oral use).',
    ]);
  });

  it('a well-formed code the EDQM module does not hold is refused; one it holds passes', async () => {
    expect(await routeFindings('ROA-99999999')).toHaveLength(1);
    expect(await routeFindings('ROA-20053000')).toEqual([]);
  });
});
