import type { Report } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import {
  adrCase,
  createFormVersion,
  createTenant,
  http,
  login,
  signedIn,
  useTestApp,
} from '../../../test/index.ts';

/** Reports filled in with a published form version (issue 11: "a report records the version"). */

const app = useTestApp();

type Answer = Report & {
  code?: string;
  meta?: { fields: { field: string; reason: string; message: string }[] };
};
const post = (token: string, body: unknown) => http<Answer>(app.url, 'POST', '/v1/report', { token, body });

describe('reports with a form version', () => {
  it('checks the answers against the version (required fields, conditions) and records view, version and schema', async () => {
    const tenant = await createTenant(app.db);
    const form = await createFormVersion(app.db, { platformId: tenant.platformId });
    const { token } = await signedIn(app, tenant, 'reporter');
    const report = adrCase();
    // The patient is female (D.sex "2"): the form's condition requires the last menstrual period.
    const refused = await post(token, { report, formViewVersionId: form.formViewVersionId });
    expect(refused.status).toBe(400);
    expect(refused.body.meta!.fields).toEqual([
      {
        field: 'body/report/D/lastMenstrualPeriodDate',
        reason: 'required',
        message: 'Answer "Last menstrual period"',
      },
    ]);
    const answered = { ...report, D: { ...report.D, lastMenstrualPeriodDate: { nullFlavor: 'ASKU' } } };
    const taken = await post(token, { report: answered, formViewVersionId: form.formViewVersionId });
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({
      formViewId: form.formViewId,
      formViewVersionId: form.formViewVersionId,
      formSchemaId: form.formSchemaId,
    });
  });

  it('a draft may leave questions unanswered, but what it answers must fit', async () => {
    const tenant = await createTenant(app.db);
    const form = await createFormVersion(app.db, { platformId: tenant.platformId });
    const { token } = await signedIn(app, tenant, 'reporter');
    const empty = await post(token, {
      report: { schemaVersion: 1, C: {} },
      status: 'draft',
      formViewVersionId: form.formViewVersionId,
    });
    expect(empty.status).toBe(201);
    const wrong = await post(token, {
      report: { schemaVersion: 1, C: {}, D: { sex: '7' } },
      status: 'draft',
      formViewVersionId: form.formViewVersionId,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta!.fields.map((f) => f.field)).toEqual(['body/report/D/sex']);
  });

  it('a version unknown, or of another platform or organisation, is a field error and stores nothing', async () => {
    const tenant = await createTenant(app.db);
    const elsewhere = await createTenant(app.db);
    const foreignForm = await createFormVersion(app.db, { platformId: elsewhere.platformId });
    const otherOrganisation = await createFormVersion(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[1],
    });
    const { token } = await signedIn(app, tenant, 'reporter');
    for (const id of [
      foreignForm.formViewVersionId,
      otherOrganisation.formViewVersionId,
      crypto.randomUUID(),
    ]) {
      const res = await post(token, { report: adrCase(), formViewVersionId: id });
      expect(res.status).toBe(400);
      expect(res.body.meta!.fields).toEqual([
        expect.objectContaining({ field: 'body/formViewVersionId', reason: 'notFound' }),
      ]);
    }
    const rows = await app.db
      .selectFrom('reports')
      .select('id')
      .where('platform_id', '=', tenant.platformId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('resume elsewhere: the latest report of a form view, from a second sign-in; lists of the view for staff', async () => {
    const tenant = await createTenant(app.db);
    const form = await createFormVersion(app.db, { platformId: tenant.platformId });
    const first = await signedIn(app, tenant, 'reporter');
    const draft = await post(first.token, {
      report: { schemaVersion: 1, C: {}, D: { sex: '1' } },
      status: 'draft',
      formViewVersionId: form.formViewVersionId,
    });
    expect(draft.status).toBe(201);
    const second = (await login(app.url, first.user)).token;
    const latest = await http<Report>(
      app.url,
      'GET',
      `/v1/formview/${form.formViewId}/latest-report-version`,
      {
        token: second,
      },
    );
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ id: draft.body.id, status: 'draft', report: { D: { sex: '1' } } });
    // Someone else has nothing to resume there.
    const other = await signedIn(app, tenant, 'reporter');
    expect(
      (
        await http(app.url, 'GET', `/v1/formview/${form.formViewId}/latest-report-version`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);

    const staff = (await signedIn(app, tenant, 'organisation_staff')).token;
    const reports = await http<{ items: { id: string }[]; total: number }>(
      app.url,
      'GET',
      `/v1/formview/${form.formViewId}/reports`,
      { token: staff },
    );
    expect(reports.body).toMatchObject({ total: 1, page: 1, size: 50 });
    expect(reports.body.items.map((r) => r.id)).toEqual([draft.body.id]);
    const reporters = await http<{ items: { userId: string; reports: number }[] }>(
      app.url,
      'GET',
      `/v1/formview/${form.formViewId}/reporters?query=reporter`,
      { token: staff },
    );
    expect(reporters.body.items).toEqual([expect.objectContaining({ userId: first.user.id, reports: 1 })]);
    const versions = await http<{ formViewVersionId: string; reports: number }[]>(
      app.url,
      'GET',
      '/v1/reports/configuration-versions',
      { token: staff },
    );
    expect(versions.body).toEqual([
      expect.objectContaining({
        formViewId: form.formViewId,
        formViewVersionId: form.formViewVersionId,
        reports: 1,
      }),
    ]);
    // Another platform's staff does not see the view at all.
    const foreignStaff = (await signedIn(app, await createTenant(app.db), 'organisation_staff')).token;
    expect(
      (await http(app.url, 'GET', `/v1/formview/${form.formViewId}/reports`, { token: foreignStaff })).status,
    ).toBe(404);
  });
});
