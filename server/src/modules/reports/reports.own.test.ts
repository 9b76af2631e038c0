import type { OwnCase, OwnCaseDetail } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import {
  adrCase,
  createFormVersion,
  createTenant,
  http,
  login,
  signedIn,
  signedInToTwo,
  useTestApp,
} from '../../../test/index.ts';

/** GET /v1/users/@me/cases: "My reports" (issue 11), the caller's own drafts and sent reports. */

const app = useTestApp();

const post = (token: string, body: unknown) =>
  http<{ id: string; reference: string }>(app.url, 'POST', '/v1/report', { token, body });
const mine = (token: string, query = '') =>
  http<OwnCase[]>(app.url, 'GET', `/v1/users/@me/cases${query}`, { token });

describe('GET /v1/users/@me/cases', () => {
  it('lists my drafts and sent reports, newest change first, with the form name; mode narrows it', async () => {
    const tenant = await createTenant(app.db);
    const form = await createFormVersion(app.db, { platformId: tenant.platformId });
    const me = await signedIn(app, tenant, 'reporter');
    const draft = await post(me.token, {
      report: { schemaVersion: 1, C: {}, D: { sex: '1' } },
      status: 'draft',
      organisationId: tenant.organisationIds[0],
      formViewVersionId: form.formViewVersionId,
    });
    expect(draft.status).toBe(201);
    const sent = await post(me.token, { report: adrCase(), organisationId: tenant.organisationIds[0] });
    expect(sent.status).toBe(201);

    // A second sign-in (another device) sees the same list.
    const again = (await login(app.url, me.user)).token;
    const all = await mine(again);
    expect(all.status).toBe(200);
    expect(all.body.map((r) => [r.id, r.status])).toEqual([
      [sent.body.id, 'received'],
      [draft.body.id, 'draft'],
    ]);
    expect(all.body[1]).toMatchObject({
      reference: draft.body.reference,
      formViewId: form.formViewId,
      formViewVersionId: form.formViewVersionId,
      submittedAt: null,
    });
    expect(typeof all.body[1]!.formName).toBe('string');
    expect(all.body[0]!.formName).toBeNull();
    expect(all.body[0]!.submittedAt).not.toBeNull();

    expect((await mine(again, '?mode=draft')).body.map((r) => r.id)).toEqual([draft.body.id]);
    expect((await mine(again, '?mode=sent')).body.map((r) => r.id)).toEqual([sent.body.id]);

    // A deleted draft leaves the list.
    expect(
      (await http(app.url, 'DELETE', `/v1/report/draft/${draft.body.id}`, { token: again })).status,
    ).toBe(204);
    expect((await mine(again)).body.map((r) => r.id)).toEqual([sent.body.id]);
  });

  it("never lists someone else's reports: a colleague, another organisation, another platform", async () => {
    const tenant = await createTenant(app.db);
    const elsewhere = await createTenant(app.db);
    const me = await signedIn(app, tenant, 'reporter');
    expect(
      (await post(me.token, { report: adrCase(), organisationId: tenant.organisationIds[0] })).status,
    ).toBe(201);
    for (const other of [
      await signedIn(app, tenant, 'organisation_admin'),
      await signedIn(app, tenant, 'reporter', 1),
      await signedIn(app, elsewhere, 'platform_admin'),
    ]) {
      const res = await mine(other.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('a user of two organisations sees their reports of both', async () => {
    const tenant = await createTenant(app.db);
    const me = await signedInToTwo(app, tenant, ['reporter', 'reporter']);
    const a = await post(me.token, { report: adrCase(), organisationId: tenant.organisationIds[0] });
    const b = await post(me.token, { report: adrCase(), organisationId: tenant.organisationIds[1] });
    expect([a.status, b.status]).toEqual([201, 201]);
    const res = await mine(me.token);
    expect(res.body.map((r) => [r.id, r.organisationId]).sort()).toEqual(
      [
        [a.body.id, tenant.organisationIds[0]],
        [b.body.id, tenant.organisationIds[1]],
      ].sort(),
    );
  });

  it('refuses a bad mode with 400', async () => {
    const tenant = await createTenant(app.db);
    const me = await signedIn(app, tenant, 'reporter');
    const bad = await http<{ code: string }>(app.url, 'GET', '/v1/users/@me/cases?mode=everything', {
      token: me.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /v1/users/@me/cases/{id}', () => {
  const one = (token: string, id: string) =>
    http<OwnCaseDetail & { code?: string }>(app.url, 'GET', `/v1/users/@me/cases/${id}`, { token });

  it('reads my sent report back as I sent it, with its reference and who received it, not what staff made of it', async () => {
    const tenant = await createTenant(app.db);
    const me = await signedIn(app, tenant, 'reporter');
    const document = adrCase();
    const sent = await post(me.token, { report: document, organisationId: tenant.organisationIds[0] });
    expect(sent.status).toBe(201);
    // Staff change the case afterwards (a new version of theirs).
    const staff = (await signedIn(app, tenant, 'organisation_staff')).token;
    const edited = { ...document, H: { narrative: 'Rewritten by staff after a phone call' } };
    const put = await http(app.url, 'PUT', `/v1/report/${sent.body.id}`, {
      token: staff,
      body: { report: edited },
    });
    expect(put.status).toBe(200);
    const res = await one(me.token, sent.body.id);
    expect(res.status).toBe(200);
    const organisation = await app.db
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', tenant.organisationIds[0]!)
      .executeTakeFirstOrThrow();
    expect(res.body).toMatchObject({
      id: sent.body.id,
      reference: sent.body.reference,
      organisationId: tenant.organisationIds[0],
      organisationName: organisation.name,
      status: 'received',
      sentVersion: 1,
      reportVersion: 2,
    });
    expect(res.body.submittedAt).not.toBeNull();
    expect(JSON.stringify(res.body.report)).not.toContain('Rewritten by staff');
    expect((res.body.report as { E: unknown }).E).toEqual(document.E);
  });

  it("is a 404 for anyone else's report: a colleague's, an administrator's look, another platform's; 400 for a bad id", async () => {
    const tenant = await createTenant(app.db);
    const elsewhere = await createTenant(app.db);
    const me = await signedIn(app, tenant, 'reporter');
    const sent = await post(me.token, { report: adrCase(), organisationId: tenant.organisationIds[0] });
    for (const other of [
      await signedIn(app, tenant, 'reporter'),
      await signedIn(app, tenant, 'organisation_admin'),
      await signedIn(app, tenant, 'reporter', 1),
      await signedIn(app, elsewhere, 'platform_admin'),
    ]) {
      expect(await one(other.token, sent.body.id)).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    }
    expect((await one(me.token, 'not-an-id')).status).toBe(400);
  });

  it('a user of two organisations reads their report of each', async () => {
    const tenant = await createTenant(app.db);
    const me = await signedInToTwo(app, tenant, ['reporter', 'reporter']);
    const b = await post(me.token, { report: adrCase(), organisationId: tenant.organisationIds[1] });
    expect(b.status).toBe(201);
    expect((await one(me.token, b.body.id)).body).toMatchObject({
      reference: b.body.reference,
      organisationId: tenant.organisationIds[1],
    });
  });
});
