import type { ExportRecord } from '@vigilo/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  cachedSessions,
  createTenant,
  eventually,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { mailerFor } from '../../platform/mail.ts';
import { filesArea } from '../files/files.area.ts';

/**
 * Issue 29: an export of the case list stopped at 200,000 rows and said nothing. With a limit
 * of 3 (EXPORT_MAX_ROWS), a search of 4 cases gives a file of the first 3 and an export that
 * says so; a search of exactly 3 is whole.
 */
const app = useTestApp({ EXPORT_MAX_ROWS: '3' });

beforeAll(async () => {
  await app.jobs.work(
    filesArea.jobs({
      db: app.db,
      config: app.config,
      mailer: mailerFor(app.config, app.db, app.jobs),
      jobs: app.jobs,
    }),
  );
});

const sessionFor = cachedSessions(() => app);

async function casesIn(tenant: TestTenant, count: number): Promise<string[]> {
  const token = (await sessionFor(tenant, 'reporter')).token;
  const references: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await http<{ reference: string }>(app.url, 'POST', '/v1/report', {
      token,
      body: { report: adrCase() },
    });
    expect(res.status).toBe(201);
    references.push(res.body.reference);
  }
  return references;
}

async function exported(tenant: TestTenant, format: 'csv' | 'xlsx') {
  const token = (await sessionFor(tenant, 'organisation_admin')).token;
  const started = await http<ExportRecord>(app.url, 'POST', '/v1/reports/export', {
    token,
    body: { format, sort: 'updated' },
  });
  expect(started.status).toBe(202);
  expect({ rowCount: started.body.rowCount, truncated: started.body.truncated }).toEqual({
    rowCount: null,
    truncated: false,
  });
  const done = await eventually(async () => {
    const res = await http<ExportRecord>(app.url, 'GET', `/v1/exports/${started.body.id}`, { token });
    expect(res.body.status).toBe('done');
    return res.body;
  }, 20_000);
  const file = await fetch(`${app.url}/v1/exports/${done.id}/file`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { done, bytes: Buffer.from(await file.arrayBuffer()) };
}

const referencesOfCsv = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0]);

describe('the export limit (EXPORT_MAX_ROWS)', () => {
  it('a search that finds more than the limit: the first 3 in the list’s order, rowCount 3, truncated', async () => {
    const tenant = await createTenant(app.db);
    const [first, second, third, fourth] = await casesIn(tenant, 4);
    const { done, bytes } = await exported(tenant, 'csv');
    expect({ rowCount: done.rowCount, truncated: done.truncated }).toEqual({ rowCount: 3, truncated: true });
    // Most recently updated first ('updated'): the first one sent is the one left out.
    expect(referencesOfCsv(bytes)).toEqual([fourth, third, second]);
    expect(referencesOfCsv(bytes)).not.toContain(first);
  });

  it('a search of exactly the limit is whole (XLSX): rowCount 3, not truncated', async () => {
    const tenant = await createTenant(app.db);
    const [first, second, third] = await casesIn(tenant, 3);
    const { done, bytes } = await exported(tenant, 'xlsx');
    expect({ rowCount: done.rowCount, truncated: done.truncated }).toEqual({ rowCount: 3, truncated: false });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Cases')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.slice(1).map((row) => row[1])).toEqual([third, second, first]);
  });
});
