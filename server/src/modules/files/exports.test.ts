import type { ExportRecord, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cachedSessions,
  createTenant,
  createUser,
  eventually,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { signedInToTwo } from '../../../test/sessions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { filesArea } from './files.area.ts';

let home: TestTenant;
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
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

async function finished(token: string, id: string): Promise<ExportRecord> {
  return eventually(async () => {
    const res = await http<ExportRecord>(app.url, 'GET', `/v1/exports/${id}`, { token });
    expect(res.body.status).toBe('done');
    return res.body;
  }, 20_000);
}

describe('exports: users CSV as a background job', () => {
  it('queues, runs with progress, and serves the CSV of the organisation’s users only', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const member = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
    });
    const other = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[1],
      role: 'reporter',
    });
    const started = await http<ExportRecord>(app.url, 'POST', '/v1/exports', {
      token,
      body: { kind: 'users.csv' },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: 'users.csv', status: 'queued', progress: 0, fileName: null });
    const notYet = await http(app.url, 'GET', `/v1/exports/${started.body.id}/file`, { token });
    // Either still being made (409) or already done (200): never anything else.
    expect([200, 409]).toContain(notYet.status);

    const done = await finished(token, started.body.id);
    expect(done).toMatchObject({
      progress: 100,
      error: null,
      fileName: expect.stringMatching(/^users-\d{4}-\d\d-\d\d\.csv$/),
    });
    expect(done.startedAt).not.toBeNull();
    const file = await http<string>(app.url, 'GET', `/v1/exports/${done.id}/file`, { token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['id', 'email', 'username']);
    expect(file.body).toContain(member.email);
    expect(file.body).not.toContain(other.email);

    const list = await http<ExportRecord[]>(app.url, 'GET', '/v1/exports', { token });
    expect(list.body.map((e) => e.id)).toEqual([done.id]);

    // Made again from today's data: a user added since is in the new file.
    const later = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
    });
    const again = await http<ExportRecord>(app.url, 'PUT', `/v1/exports/${done.id}/regenerate`, { token });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ status: 'queued', progress: 0 });
    await finished(token, done.id);
    const second = await http<string>(app.url, 'GET', `/v1/exports/${done.id}/file`, { token });
    expect(second.body).toContain(later.email);
  });

  it('refuses staff and reporters (403), other organisations and platforms (404), unknown kinds (400)', async () => {
    const token = await tokenFor(home, 'organisation_admin');
    const made = await http<ExportRecord>(app.url, 'POST', '/v1/exports', {
      token,
      body: { kind: 'users.csv' },
    });
    for (const role of ['organisation_staff', 'reporter'] as const) {
      const t = await tokenFor(home, role);
      expect((await http(app.url, 'GET', `/v1/exports/${made.body.id}`, { token: t })).status).toBe(403);
      expect(
        (await http(app.url, 'POST', '/v1/exports', { token: t, body: { kind: 'users.csv' } })).status,
      ).toBe(403);
    }
    for (const outsider of [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'organisation_admin'),
      await tokenFor(foreign, 'platform_admin'),
    ]) {
      for (const [method, path] of [
        ['GET', `/v1/exports/${made.body.id}`],
        ['GET', `/v1/exports/${made.body.id}/file`],
        ['PUT', `/v1/exports/${made.body.id}/regenerate`],
        ['GET', `/v1/exports?organisationId=${home.organisationIds[0]}`],
      ] as const) {
        expect((await http(app.url, method, path, { token: outsider })).status, `${method} ${path}`).toBe(
          404,
        );
      }
    }
    const bad = await http(app.url, 'POST', '/v1/exports', { token, body: { kind: 'reports.xml' } });
    expect(bad.status).toBe(400);
  });

  it('a user administering two organisations exports each, and sees no third', async () => {
    const tenant = await createTenant(app.db);
    const two = await signedInToTwo(app, tenant, ['organisation_admin', 'organisation_admin']);
    const inB = await http<ExportRecord>(app.url, 'POST', '/v1/exports', {
      token: two.token,
      body: { kind: 'users.csv', organisationId: tenant.organisationIds[1] },
    });
    expect(inB.body.organisationId).toBe(tenant.organisationIds[1]);
    const listB = await http<ExportRecord[]>(
      app.url,
      'GET',
      `/v1/exports?organisationId=${tenant.organisationIds[1]}`,
      {
        token: two.token,
      },
    );
    expect(listB.body.map((e) => e.id)).toEqual([inB.body.id]);
    const listA = await http<ExportRecord[]>(app.url, 'GET', '/v1/exports', { token: two.token });
    expect(listA.body).toEqual([]);
    const third = await http(app.url, 'GET', `/v1/exports?organisationId=${two.thirdOrganisationId}`, {
      token: two.token,
    });
    expect(third.status).toBe(404);
  });
});
