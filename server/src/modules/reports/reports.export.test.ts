import type { ExportRecord, RoleName } from '@vigilo/contract';
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

let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  // The export worker, through pg-boss as in production (this app's own queue prefix).
  await app.jobs.work(
    filesArea.jobs({
      db: app.db,
      config: app.config,
      mailer: mailerFor(app.config, app.db, app.jobs),
      jobs: app.jobs,
    }),
  );
  foreign = await createTenant(app.db);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

async function sent(tenant: TestTenant, serious = true, name?: string) {
  const doc = adrCase();
  if (!serious) doc.E.reactions[0]!.hospitalisation = false;
  const res = await http<{ id: string; reference: string }>(app.url, 'POST', '/v1/report', {
    token: await tokenFor(tenant, 'reporter'),
    body: { report: doc, ...(name ? { name } : {}) },
  });
  return res.body;
}

async function finished(token: string, id: string): Promise<ExportRecord> {
  return eventually(async () => {
    const res = await http<ExportRecord>(app.url, 'GET', `/v1/exports/${id}`, { token });
    expect(res.body.status).toBe('done');
    return res.body;
  }, 20_000);
}

const download = async (token: string, id: string) => {
  const res = await fetch(`${app.url}/v1/exports/${id}/file`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('POST /v1/reports/export', () => {
  it('exports a search as XLSX in the background, neutralising formulas, the organisation’s cases only', async () => {
    const tenant = await createTenant(app.db);
    const admin = await tokenFor(tenant, 'organisation_admin');
    const serious = await sent(tenant, true, '=HYPERLINK("http://evil.example","click")');
    await sent(tenant, false);
    await sent(foreign, true);
    const started = await http<ExportRecord>(app.url, 'POST', '/v1/reports/export', {
      token: admin,
      body: { format: 'xlsx', serious: true },
    });
    expect(started.status).toBe(202);
    expect(started.body.kind).toBe('reports.xlsx');
    const done = await finished(admin, started.body.id);
    expect(done.fileName).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await download(admin, done.id);
    expect(file.type).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Cases')!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2); // the header and the one serious case
    const header = rows[0]!.slice(1);
    const line = rows[1]!.slice(1);
    expect(header.slice(0, 3)).toEqual(['reference', 'status', 'dayZero']);
    expect(line[header.indexOf('reference')]).toBe(serious.reference);
    expect(line[header.indexOf('status')]).toBe('received');
    expect(line[header.indexOf('serious')]).toBe(true);
    expect(line[header.indexOf('name')]).toBe(`'=HYPERLINK("http://evil.example","click")`);
  });

  it('exports CSV too, and is refused to those who may not export', async () => {
    const tenant = await createTenant(app.db);
    const admin = await tokenFor(tenant, 'organisation_admin');
    await sent(tenant, true, '@SUM(1+1)');
    const started = await http<ExportRecord>(app.url, 'POST', '/v1/reports/export', {
      token: admin,
      body: { format: 'csv', query: 'lisinopril' },
    });
    const done = await finished(admin, started.body.id);
    const text = (await download(admin, done.id)).bytes.toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'@SUM(1+1)`);
    expect(
      (
        await http(app.url, 'POST', '/v1/reports/export', {
          token: await tokenFor(tenant, 'reporter'),
          body: {},
        })
      ).status,
    ).toBe(403);
    // Another organisation's export is not found.
    expect(
      (
        await http(app.url, 'GET', `/v1/exports/${done.id}`, {
          token: await tokenFor(foreign, 'organisation_admin'),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http(app.url, 'POST', '/v1/reports/export', {
          token: admin,
          body: { organisationId: foreign.organisationIds[0] },
        })
      ).status,
    ).toBe(404);
  });
  it('staff export their search and read back only their own exports; administrators see every one', async () => {
    const tenant = await createTenant(app.db);
    await sent(tenant);
    const staff = await tokenFor(tenant, 'organisation_staff');
    const colleague = (await sessionFor(tenant, 'assessor')).token;
    const admin = await tokenFor(tenant, 'organisation_admin');
    const mine = await http<ExportRecord>(app.url, 'POST', '/v1/reports/export', {
      token: staff,
      body: { format: 'csv' },
    });
    expect(mine.status).toBe(202);
    const done = await finished(staff, mine.body.id);
    expect((await download(staff, done.id)).bytes.toString('utf8').trim().split('\r\n')).toHaveLength(2);
    expect((await http(app.url, 'PUT', `/v1/exports/${done.id}/regenerate`, { token: staff })).status).toBe(
      202,
    );
    const users = await http<ExportRecord>(app.url, 'POST', '/v1/exports', {
      token: admin,
      body: { kind: 'users.csv' },
    });
    expect(users.status).toBe(202);
    // A colleague's export, or the administrators' users list, stays theirs: 403.
    for (const [token, id] of [
      [colleague, done.id],
      [staff, users.body.id],
    ] as const) {
      expect((await http(app.url, 'GET', `/v1/exports/${id}`, { token })).status).toBe(403);
      expect((await http(app.url, 'GET', `/v1/exports/${id}/file`, { token })).status).toBe(403);
      expect((await http(app.url, 'PUT', `/v1/exports/${id}/regenerate`, { token })).status).toBe(403);
    }
    expect(
      (await http(app.url, 'POST', '/v1/exports', { token: staff, body: { kind: 'users.csv' } })).status,
    ).toBe(403);
    const listed = async (token: string) =>
      (await http<ExportRecord[]>(app.url, 'GET', '/v1/exports', { token })).body.map((e) => e.id).sort();
    expect(await listed(staff)).toEqual([done.id]);
    expect(await listed(colleague)).toEqual([]);
    expect(await listed(admin)).toEqual([done.id, users.body.id].sort());
    expect(
      (await http(app.url, 'GET', '/v1/exports', { token: await tokenFor(tenant, 'reporter') })).status,
    ).toBe(403);
  });
});
