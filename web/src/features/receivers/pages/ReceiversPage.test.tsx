import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { fdaGateway, organisation, organisationAdmin } from './receivers.fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const path = `/admin/organisations/${organisation.id}/receivers`;

describe('ReceiversPage', { timeout: 20_000 }, () => {
  it("lists the organisation's receivers with their rules, transport, masking and deadlines", async () => {
    const fake = organisationAdmin();
    const request = routeRequests(fake, { 'GET /v1/receivers': () => [fdaGateway] });
    renderApp(path, fake);
    const table = await screen.findByRole('table', { name: 'Receivers' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('FDA ESG');
    expect(row).toHaveTextContent('FDA');
    expect(row).toHaveTextContent('HTTPS');
    expect(row).toHaveTextContent('https://esg.example.test/e2b');
    expect(row).toHaveTextContent('Masked');
    expect(row).toHaveTextContent('15 days serious, 90 days non-serious');
    expect(within(row).getByRole('link', { name: 'Change FDA ESG' })).toHaveAttribute(
      'href',
      `${path}/${fdaGateway.id}`,
    );
    expect(screen.getByRole('link', { name: 'Add a receiver' })).toHaveAttribute('href', `${path}/new`);
    expect(request).toHaveBeenCalledWith(
      'GET',
      '/v1/receivers',
      expect.objectContaining({ query: { organisationId: organisation.id } }),
    );
  });

  it('says so when there is none, and when the list cannot be loaded', async () => {
    const fake = organisationAdmin();
    routeRequests(fake, { 'GET /v1/receivers': () => [] });
    renderApp(path, fake);
    expect(await screen.findByText(/No receiver yet/)).toBeInTheDocument();

    const failing = organisationAdmin();
    routeRequests(failing, {
      'GET /v1/receivers': () => {
        throw Object.assign(new Error('Not found'), { status: 404, body: { code: 'NOT_FOUND' } });
      },
    });
    renderApp(path, failing);
    expect(await screen.findByText('The receivers could not be loaded')).toBeInTheDocument();
  });
});
