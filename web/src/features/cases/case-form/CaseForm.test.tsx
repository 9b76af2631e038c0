import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it } from 'vitest';
import { caseRow } from '../../../test/cases.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 8000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const id = '00000000-0000-4000-8000-0000000000c1';
const caseDocument = {
  schemaVersion: 1,
  C: {
    senderSafetyReportId: 'FR-VIGILO-1',
    reportType: '1',
    primarySources: [
      { givenName: 'Amelia', familyName: 'Hart' },
      { givenName: 'Bruno', familyName: 'Roux' },
    ],
  },
  D: { name: 'J.M.', sex: '2' },
  E: { reactions: [{ id: '00000000-0000-4000-8000-00000000e001', nativeTerm: 'Swollen lips' }] },
  G: { drugs: [{ id: '00000000-0000-4000-8000-00000000d001', role: '1', name: 'Lisinopril' }] },
  H: { narrative: 'She woke with swollen lips.' },
};
const found = (extra: Record<string, unknown> = {}) =>
  caseRow({
    id,
    uploadType: 'public',
    reportVersion: 3,
    version: 7,
    report: caseDocument,
    criteria: { patient: true, reporter: true, product: true, reaction: true, valid: true },
    canEdit: true,
    status: 'in_triage',
    ...extra,
  });
const validation = (findings: unknown[]) => ({ id, profile: 'ich', valid: findings.length === 0, findings });
const countryMissing = {
  layer: 'ich',
  severity: 'error',
  rule: 'ICH-REQUIRED',
  dataElement: 'C.2.r.3',
  casePath: 'C.primarySources[0].country',
  message: 'Reporter’s country code (C.2.r.3) is missing',
};

/**
 * The input of a place, by the id the form gives it: the form has some 300 fields, and asking
 * jsdom for a role by name computes every field's accessible name (seconds each time).
 */
const region = async (path: string) => {
  await waitFor(() => expect(document.getElementById(`field-${path}`)).not.toBeNull());
  return document.getElementById(`field-${path}`)!;
};
const saveButton = () => screen.getByText('Save as a new version').closest('button')!;
const input = (path: string) => {
  const found = document.getElementById(`cf-${path}`);
  if (!found) throw new Error(`no input for ${path}`);
  return found as HTMLInputElement;
};

function staff() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_staff', organisation)] }));
  return fake;
}
const common = (current: () => unknown) => ({
  [`GET /v1/reports/${id}`]: () => current(),
  [`GET /v1/reports/${id}/audit`]: () => [],
  [`GET /v1/reports/${id}/causality`]: () => [],
  [`GET /v1/reports/${id}/attachments`]: () => [],
  'GET /v1/meddra/versions': () => [],
});

describe('CaseForm', { timeout: 60_000 }, () => {
  it('says what the message writes for a seriousness criterion left unanswered once "Was it serious?" is answered', async () => {
    const user = userEvent.setup();
    const fake = staff();
    const reactions = [
      {
        id: '00000000-0000-4000-8000-00000000e001',
        nativeTerm: 'Swollen lips',
        serious: false,
        hospitalisation: false,
      },
      { id: '00000000-0000-4000-8000-00000000e002', nativeTerm: 'Rash' },
    ];
    const current = found({ report: { ...caseDocument, E: { reactions } } });
    routeRequests(fake, {
      ...common(() => current),
      [`POST /v1/report/${id}/xml/validation`]: () => validation([]),
    });
    renderApp(`/cases/${id}`, fake);
    await user.click(await screen.findByRole('button', { name: 'Edit the case' }));
    const note = 'Not answered: the message says “No”, as the reaction’s seriousness is assessed.';
    expect(await region('E.reactions.0.resultsInDeath')).toHaveTextContent(note);
    expect(await region('E.reactions.0.otherMedicallyImportant')).toHaveTextContent(note);
    // Answered: no note. Never assessed (the rash): nothing is said for it.
    expect(await region('E.reactions.0.hospitalisation')).not.toHaveTextContent('Not answered');
    expect(await region('E.reactions.1.resultsInDeath')).not.toHaveTextContent('Not answered');
  });

  it('opens from Edit with the E2B ids beside the labels, shows the findings beside their field, saves a new version with If-Match', async () => {
    const user = userEvent.setup();
    const fake = staff();
    const saves: { body: unknown; headers: unknown }[] = [];
    const checks: unknown[] = [];
    let current = found();
    const request = routeRequests(fake, {
      ...common(() => current),
      [`POST /v1/report/${id}/xml/validation`]: ({ body }) => {
        checks.push(body);
        const country = (body as typeof current).report.C.primarySources[0] as { country?: string };
        return validation(country.country ? [] : [countryMissing]);
      },
      [`PUT /v1/report/${id}`]: (options) => {
        saves.push({ body: options.body, headers: (options as { headers?: unknown }).headers });
        current = found({
          reportVersion: 4,
          version: 8,
          report: (options.body as { report: unknown }).report,
        });
        return current;
      },
    });
    const { router } = renderApp(`/cases/${id}`, fake);
    await user.click(await screen.findByRole('button', { name: 'Edit the case' }));
    expect(router.state.location.search).toBe('?edit=1');
    const form = (await screen.findByText('Edit the case', { selector: 'h2' })).closest('section')!;
    await waitFor(() =>
      expect(within(form).getByRole('status')).toHaveTextContent(
        '1 error and 0 warnings for the ICH profile.',
      ),
    );
    // System-filled: shown, not an input.
    expect(document.getElementById('cf-C.senderSafetyReportId')).toBeNull();
    expect(await region('C')).toHaveTextContent('FR-VIGILO-1');
    const country = input('C.primarySources.0.country');
    expect(country).toHaveAccessibleName('Country (C.2.r.3)');
    expect(country).toHaveAccessibleDescription(/Reporter’s country code \(C\.2\.r\.3\) is missing/);
    expect(input('D.sex')).toHaveAccessibleName('Sex (D.5)');
    expect(input('D.sex')).toHaveValue('2');

    await user.selectOptions(country, 'FR');
    await user.clear(input('H.narrative'));
    await user.paste('Lips swelled overnight.');
    await waitFor(() =>
      expect(within(form).getByRole('status')).toHaveTextContent(
        '0 errors and 0 warnings for the ICH profile.',
      ),
    );
    expect(country).not.toHaveAccessibleDescription(/missing/);
    expect(checks.length).toBeGreaterThanOrEqual(2);
    expect(request).toHaveBeenCalledWith('POST', `/v1/report/${id}/xml/validation`, expect.anything());

    await user.click(saveButton());
    expect(
      await screen.findByText('Saved as version 4 of the case.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.headers).toEqual({ 'if-match': '"7"' });
    expect(saves[0]!.body).toEqual({
      uploadType: 'public',
      report: {
        ...caseDocument,
        C: {
          ...caseDocument.C,
          primarySources: [
            { givenName: 'Amelia', familyName: 'Hart', country: 'FR' },
            caseDocument.C.primarySources[1],
          ],
        },
        H: { narrative: 'Lips swelled overnight.' },
      },
    });
    expect(router.state.location.search).toBe('');
  });

  it('moves, adds and removes items by keyboard, the focus kept on the button pressed', async () => {
    const user = userEvent.setup();
    const fake = staff();
    routeRequests(fake, {
      ...common(() => found()),
      [`POST /v1/report/${id}/xml/validation`]: () => validation([]),
    });
    renderApp(`/cases/${id}?edit=1`, fake);
    const sources = await region('C.primarySources');
    expect(sources).toHaveAccessibleName('Primary sources');
    const down = within(sources).getByRole('button', { name: 'Move down Primary source 1' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(sources).getByRole('button', { name: 'Move down Primary source 2' }),
      ),
    );
    expect(
      within(sources)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Primary source 1: Roux', 'Primary source 2: Hart']);
    // The last item cannot move down: the button says so and keeps the focus.
    expect(document.activeElement).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(within(sources).getAllByRole('heading', { level: 4 })[1]).toHaveTextContent('Hart');

    await user.click(within(sources).getByRole('button', { name: 'Add Primary source 3' }));
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^Title \(C\.2\.r\.1\.1\)/));
    await user.click(within(sources).getByRole('button', { name: 'Remove Primary source 1' }));
    expect(
      within(sources)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Primary source 1: Hart', 'Primary source 2']);
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it('gives a null flavour where E2B allows one, and answers a stale save with the shared notice', async () => {
    const user = userEvent.setup();
    const fake = staff();
    const theirs = { ...caseDocument, D: { ...caseDocument.D, name: 'J.-M.' } };
    let puts = 0;
    routeRequests(fake, {
      ...common(() => found()),
      [`POST /v1/report/${id}/xml/validation`]: () => validation([]),
      [`PUT /v1/report/${id}`]: (options) => {
        puts++;
        if (puts === 1)
          throw new ApiRequestError(412, {
            code: 'PRECONDITION_FAILED',
            statusCode: 412,
            error: 'Precondition Failed',
            message: 'x',
            meta: { currentVersion: 8, current: found({ version: 8, report: theirs }) },
          });
        expect((options as { headers?: unknown }).headers).toEqual({ 'if-match': '"8"' });
        return found({ version: 9, reportVersion: 5, report: (options.body as { report: unknown }).report });
      },
    });
    renderApp(`/cases/${id}?edit=1`, fake);
    await region('D');
    const sex = input('D.sex-nf');
    expect(sex).toHaveAccessibleName('If Sex is not given: why');
    await user.selectOptions(sex, 'ASKU');
    expect(input('D.sex')).toBeDisabled();
    await user.click(saveButton());
    const notice = (await screen.findByText('Someone else changed this while you were editing')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent('Someone else changed this while you were editing');
    expect(within(notice).getByRole('table')).toHaveTextContent(
      'D. Patient › Patient initialsJ.-M.Not changed by you: theirs is kept',
    );
    await user.click(within(notice).getByRole('button', { name: 'Save my version' }));
    await user.click(saveButton());
    expect(
      await screen.findByText('Saved as version 5 of the case.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
