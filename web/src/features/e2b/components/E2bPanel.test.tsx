import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { caseRow } from '../../../test/cases.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const id = '00000000-0000-4000-8000-0000000000f4';
const stored = caseRow({
  id,
  organisationId: organisation.id,
  source: 'XML import',
  report: {
    schemaVersion: 1,
    C: { primarySources: [{ familyName: 'Hart', country: 'FR' }] },
    E: { reactions: [{ id: 'r1', nativeTerm: 'Rash' }] },
    G: {
      drugs: [
        { id: 'g1', role: '1', name: 'Drug A' },
        { id: 'g2', role: '2', name: 'Drug B', dosages: [{ dose: { value: '10' } }] },
      ],
    },
    H: { narrative: 'A rash.' },
  },
  criteria: { patient: false, reporter: true, product: true, reaction: true, valid: false },
  allowedTransitions: ['in_triage'],
});

const finding = (casePath: string, message: string) => ({
  layer: 'ich',
  severity: 'error',
  rule: 'ICH-PAIR',
  dataElement: 'G.k.4.r.1b',
  casePath,
  field: `report/${casePath}`,
  message,
});

function setup() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_staff', organisation)] }));
  const request = routeRequests(fake, {
    [`GET /v1/reports/${id}`]: () => stored,
    // Asked for no profile, the server answers for the default receiver's: FDA here.
    [`GET /v1/report/${id}/xml/validation`]: (options) => ({
      id,
      profile: (options.query as { profile?: string } | undefined)?.profile ?? 'fda',
      valid: false,
      findings: [
        finding('G.drugs[1].dosages[0].dose.unit', 'Dose (unit) (G.k.4.r.1b) is missing.'),
        finding('C.primarySources[0].country', 'Reporter’s Country Code (C.2.r.3) is wrong.'),
      ],
    }),
    [`GET /v1/acknowledgements/report/${id}`]: () => [],
    [`GET /v1/report/${id}/xml`]: () => '<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3"/>',
  });
  return { ...renderApp(`/cases/${id}?tab=e2b`, fake), request };
}

describe('E2B(R3) tab: while the findings are computed', { timeout: 20_000 }, () => {
  it('says so in a status, then shows the findings in its place', async () => {
    let answer: (findings: unknown) => void = () => {};
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', organisation)] }),
    );
    routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => stored,
      [`GET /v1/report/${id}/xml/validation`]: () => new Promise((resolve) => (answer = resolve)),
      [`GET /v1/acknowledgements/report/${id}`]: () => [],
    });
    renderApp(`/cases/${id}?tab=e2b`, fake);
    const status = await screen.findByText('Checking the case against the rules…');
    expect(status).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('e2b-findings')).toBeNull();
    answer({ id, profile: 'ich', valid: true, findings: [] });
    expect(await screen.findByTestId('e2b-findings')).toHaveTextContent('No error for the ICH profile.');
    expect(screen.queryByText('Checking the case against the rules…')).toBeNull();
  });
});

describe('E2B(R3) tab: findings link to the case field they concern', { timeout: 20_000 }, () => {
  it('opens the Case tab at the field itself, outlined and focused', async () => {
    const { router } = setup();
    const table = await screen.findByRole('table', { name: 'Findings' });
    const link = within(table).getByRole('link', {
      name: 'C.primarySources[0].country: show this field in the Case tab',
    });
    expect(link).toHaveAttribute('href', `/cases/${id}?tab=case&edit=1#field-C.primarySources.0.country`);
    await userEvent.click(link);

    expect(await screen.findByRole('tab', { name: 'Case', selected: true })).toBeInTheDocument();
    const reporter = await screen.findByRole('region', { name: 'Primary source 1: Hart' });
    const country = within(reporter).getByText('France (FR)').closest('div')!;
    await waitFor(() => expect(country).toHaveFocus());
    expect(country).toHaveAttribute('id', 'field-C.primarySources.0.country');
    expect(country).toHaveAttribute('data-field-highlight', 'true');
    expect(router.state.location.hash).toBe('#field-C.primarySources.0.country');
  });

  it('lands on the nearest part shown when the Case tab does not show the field itself', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Findings' });
    await userEvent.click(
      within(table).getByRole('link', {
        name: 'G.drugs[1].dosages[0].dose.unit: show this field in the Case tab',
      }),
    );
    const drugs = await screen.findByRole('region', { name: 'G. Drugs' });
    // The unit has no row of its own: the dose it belongs to, in the second drug, not the first.
    const second = within(drugs).getByRole('region', { name: 'Drug 2: Drug B' });
    const dose = within(second).getByText('Dose').closest('div')!;
    await waitFor(() => expect(dose).toHaveFocus());
    expect(dose).toHaveAttribute('id', 'field-G.drugs.1.dosages.0.dose');
    expect(dose).toHaveAttribute('data-field-highlight', 'true');
    expect(within(drugs).getByRole('region', { name: 'Drug 1: Drug A' })).not.toHaveAttribute(
      'data-field-highlight',
    );
  });

  it('shows the XML of the profile chosen in the tab, and hides it again', async () => {
    const { request } = setup();
    const view = await screen.findByRole('button', { name: 'View the XML' });
    expect(view).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(view);
    const xml = await screen.findByLabelText('The case as E2B(R3) XML');
    expect(xml).toHaveTextContent('<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3"/>');
    // At first the organisation's default receiver: no profile named, the server chooses.
    expect(request).toHaveBeenCalledWith(
      'GET',
      `/v1/report/${id}/xml`,
      expect.objectContaining({ query: {}, responseType: 'text' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hide the XML' }));
    expect(screen.queryByLabelText('The case as E2B(R3) XML')).not.toBeInTheDocument();
  });

  it("starts with the default receiver's profile, says which it is, and checks another on demand", async () => {
    const { request } = setup();
    expect(await screen.findByText('2 errors for the FDA profile.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Default receiver' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'EU' }));
    expect(await screen.findByText('2 errors for the EU profile.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith(
      'GET',
      `/v1/report/${id}/xml/validation`,
      expect.objectContaining({ query: { profile: 'eu' } }),
    );
  });
});
