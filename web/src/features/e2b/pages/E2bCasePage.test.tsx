import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const id = '00000000-0000-4000-8000-0000000000d1';
const finding = {
  layer: 'profile',
  severity: 'error',
  rule: 'R0006',
  dataElement: 'N.2.r.3',
  xpath: '/MCCI_IN200100UV01/PORR_IN049016UV/receiver/device/id/@extension',
  message: 'Message Receiver Identifier (N.2.r.3) must be "CDER" or "CBER".',
};
const drugRole = {
  layer: 'ich',
  severity: 'warning',
  rule: 'ICH-REQUIRED',
  dataElement: 'G.k.1',
  casePath: 'G.drugs[0].role',
  field: 'report/G/drugs/0/role',
  message: 'Characterisation of Drug Role (G.k.1) is missing.',
};

describe('E2bCasePage', { timeout: 20_000 }, () => {
  it('shows the findings of the chosen profile and the acknowledgements with their signed links', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', organisation)] }),
    );
    const request = routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => ({ id, reference: 'K7HD-3MXT-R', status: 'received' }),
      [`GET /v1/report/${id}/xml/validation`]: ({ query }) =>
        (query as { profile: string }).profile === 'fda'
          ? { id, profile: 'fda', valid: false, findings: [finding, drugRole] }
          : { id, profile: 'ich', valid: true, findings: [drugRole] },
      [`GET /v1/acknowledgements/report/${id}`]: () => [
        {
          id: '00000000-0000-4000-8000-0000000000e1',
          reportId: id,
          status: 'received',
          code: 'AE',
          reportCode: 'CR',
          xmlUrl: 'http://vigilo.test/v1/acknowledgements/xml?ids=e1&exp=1&kid=k&sig=s',
          createdAt: '2026-11-24T10:00:00.000Z',
        },
      ],
    });
    renderApp(`/cases/${id}/e2b`, fake);
    await screen.findByRole('heading', { name: 'E2B(R3) of case K7HD-3MXT-R', level: 1 });
    const findings = await screen.findByTestId('e2b-findings');
    expect(findings).toHaveTextContent('No error for the ICH profile.');
    expect(within(findings).getByRole('table', { name: 'Findings' })).toHaveTextContent('G.drugs[0].role');

    await userEvent.click(screen.getByRole('radio', { name: 'FDA' }));
    await within(screen.getByTestId('e2b-findings')).findByText('One error for the FDA profile.');
    expect(request).toHaveBeenCalledWith(
      'GET',
      `/v1/report/${id}/xml/validation`,
      expect.objectContaining({ query: { profile: 'fda' } }),
    );
    expect(screen.getByTestId('e2b-findings')).toHaveTextContent(
      'Message Receiver Identifier (N.2.r.3) must be "CDER" or "CBER".',
    );

    const acks = screen.getByRole('table', { name: 'Acknowledgements' });
    expect(acks).toHaveTextContent('AE / CR');
    expect(within(acks).getByRole('link', { name: 'Open the XML' })).toHaveAttribute(
      'href',
      'http://vigilo.test/v1/acknowledgements/xml?ids=e1&exp=1&kid=k&sig=s',
    );
  });
});
