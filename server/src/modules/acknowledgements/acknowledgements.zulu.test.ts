import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Acknowledgement, E2bImportResult } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import { repoRoot } from '../../config.ts';

/** Issue 26, item 9: an acknowledgement whose times are UTC written with ISO's "Z" is recorded, not refused. */
const EXAMPLES = join(repoRoot, 'e2b', 'test', 'examples');
const file = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');

let home: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
});

describe('POST /v1/acknowledgements with "Z" times', () => {
  it('records the FDA positive acknowledgement with its times in UTC written "Z"', async () => {
    const { token } = await signedIn(app, home, 'organisation_staff');
    const form = new FormData();
    form.append('file', new Blob([file('FAERS2022Scenario1.xml')], { type: 'application/xml' }), 's1.xml');
    const imported = await http<E2bImportResult>(app.url, 'POST', '/v1/report/load', { token, form });
    expect(imported.status).toBe(201);
    const ack = file('R3ack-positive.ack')
      .replace('<creationTime value="20220811135030-0400"/>', '<creationTime value="20220811175030Z"/>')
      .replaceAll('value="20141214151617-0500"', 'value="20141214201617Z"');
    const res = await http<Acknowledgement>(app.url, 'POST', '/v1/acknowledgements', {
      token,
      body: { reportId: imported.body.created[0]!.id, ack },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ code: 'AA', reportCode: 'CA' });
    expect(res.body.ackJSON).toMatchObject({
      transmissionTime: '2022-08-11T17:50:30+00:00',
      icsrBatchTransmissionTime: '2014-12-14T20:16:17+00:00',
    });
  });
});
