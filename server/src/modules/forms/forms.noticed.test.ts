import type { FormView } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { organisationForm } from '../../../test/forms.ts';
import { createTenantWithForms, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';

/**
 * Forms without signing in (issue 27): a platform that allows anonymous reports shows the
 * public its own published public forms, never an organisation's, even a published public one
 * (decision 0065: organisation forms need a signed-in member). Broken on purpose, the list
 * showed them and no test noticed; the expected keys here are written by hand.
 */
let home: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenantWithForms(app.db);
  await app.db
    .updateTable('platforms')
    .set({ server_configuration: JSON.stringify({ anonymousReports: true }) })
    .where('id', '=', home.platformId)
    .execute();
});

describe('an organisation’s own form, without signing in', () => {
  it('is neither listed nor loaded, though published and public; its members see it', async () => {
    const admin = await signedIn(app, home, 'organisation_admin', 0);
    const form = await organisationForm(app, home, 0, admin.token);
    // Public as the platform's public form is: only its owner (an organisation) differs.
    await app.db
      .updateTable('form_views')
      .set({ audience: 'public' })
      .where('id', '=', form.viewId)
      .execute();

    const listed = await http<FormView[]>(app.url, 'GET', `/v1/formviews?platformId=${home.platformId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((v) => v.key).sort()).toEqual(['adr-public', 'aefi']);
    expect(listed.body.every((v) => v.organisationId === null)).toBe(true);
    const loaded = await http<{ code: string }>(app.url, 'GET', `/v1/formview/${form.viewId}`);
    expect([loaded.status, loaded.body.code]).toEqual([404, 'NOT_FOUND']);

    // The same form is there for a member of its organisation: the test's form is a real one.
    const staff = await signedIn(app, home, 'organisation_staff', 0);
    const theirs = await http<FormView[]>(app.url, 'GET', '/v1/formviews?audience=public', {
      token: staff.token,
    });
    expect(theirs.body.map((v) => v.id)).toContain(form.viewId);
    expect((await http(app.url, 'GET', `/v1/formview/${form.viewId}`, { token: staff.token })).status).toBe(
      200,
    );
  });
});
