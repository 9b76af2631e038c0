import type { CasePage, ExportRecord } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  createTenant,
  eventually,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { mailerFor } from '../../platform/mail.ts';
import { filesArea } from '../files/files.area.ts';

/** `ids`: the inbox's selection, listed or exported (decision 0138). */

const app = useTestApp();

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

async function send(tenant: TestTenant, token: string) {
  const res = await http<{ id: string; reference: string }>(app.url, 'POST', '/v1/report', {
    token,
    body: { report: adrCase(), organisationId: tenant.organisationIds[0] },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('ids: only the chosen cases', () => {
  it('lists and exports only the chosen cases of the organisation; another organisation’s id matches nothing', async () => {
    const [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
    const reporter = (await signedIn(app, home, 'reporter')).token;
    const [a, b] = [await send(home, reporter), await send(home, reporter)];
    await send(home, reporter);
    const stranger = await send(foreign, (await signedIn(app, foreign, 'reporter')).token);
    const staff = (await signedIn(app, home, 'organisation_staff')).token;

    const list = await http<CasePage>(
      app.url,
      'GET',
      `/v1/reports?ids=${a.id}&ids=${b.id}&ids=${stranger.id}&size=50`,
      { token: staff },
    );
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((c) => c.reference).sort()).toEqual([a.reference, b.reference].sort());

    const started = await http<ExportRecord>(app.url, 'POST', '/v1/reports/export', {
      token: staff,
      body: { format: 'csv', ids: [a.id, stranger.id] },
    });
    expect(started.status).toBe(202);
    const done = await eventually(async () => {
      const res = await http<ExportRecord>(app.url, 'GET', `/v1/exports/${started.body.id}`, {
        token: staff,
      });
      expect(res.body.status).toBe('done');
      return res.body;
    }, 20_000);
    const file = await fetch(`${app.url}/v1/exports/${done.id}/file`, {
      headers: { authorization: `Bearer ${staff}` },
    });
    const lines = (await file.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2); // the header and case a
    expect(lines[1]).toContain(a.reference);

    const tooMany = await http(app.url, 'POST', '/v1/reports/export', {
      token: staff,
      body: { ids: Array.from({ length: 101 }, () => a.id) },
    });
    expect(tooMany.status).toBe(400);
    const notAnId = await http(app.url, 'GET', '/v1/reports?ids=nope', { token: staff });
    expect(notAnId.status).toBe(400);
  });

  it('a user of two organisations selects the cases it works in either, never another reporter’s in the one where it only reports, nor a third’s', async () => {
    const tenant = await createTenant(app.db);
    // Staff in A, reporter in B, nothing in C.
    const two = await signedInToTwo(app, tenant, ['organisation_staff', 'reporter']);
    const inA = await send(tenant, (await signedIn(app, tenant, 'reporter')).token);
    const ownInB = await http<{ id: string; reference: string }>(app.url, 'POST', '/v1/report', {
      token: two.token,
      body: { report: adrCase(), organisationId: tenant.organisationIds[1] },
    });
    expect(ownInB.status).toBe(201);
    const colleagueInB = await http<{ id: string; reference: string }>(app.url, 'POST', '/v1/report', {
      token: (
        await signedIn(
          app,
          { ...tenant, organisationIds: [tenant.organisationIds[1]!, tenant.organisationIds[1]!] },
          'reporter',
        )
      ).token,
      body: { report: adrCase(), organisationId: tenant.organisationIds[1] },
    });
    expect(colleagueInB.status).toBe(201);
    const inC = await send(two.thirdTenant, (await signedIn(app, two.thirdTenant, 'reporter')).token);

    const chosen = [inA.id, ownInB.body.id, colleagueInB.body.id, inC.id];
    const list = await http<CasePage>(
      app.url,
      'GET',
      `/v1/reports?${chosen.map((id) => `ids=${id}`).join('&')}`,
      {
        token: two.token,
      },
    );
    expect(list.status).toBe(200);
    // A's case as staff; in B the case inbox shows nothing, not even its own report (that is "My reports").
    expect(list.body.items.map((c) => c.reference)).toEqual([inA.reference]);
    expect(list.body.total).toBe(1);
  });
});
