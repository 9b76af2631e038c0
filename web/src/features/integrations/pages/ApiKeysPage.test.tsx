import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, Application, CreatedApiKey } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests, settled } from '../test/fake-routes.ts';

// Pages render behind the app shell and modals; a loaded machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const application = (overrides: Partial<Application>): Application => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  platformId: testSession.platformId,
  organisationId: organisation.id,
  application: 'Pharmacy system',
  submissionServiceUser: false,
  isDefault: true,
  activeKeys: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 1,
  ...overrides,
});
const pharmacy = application({});
const gateway = application({
  id: '00000000-0000-4000-8000-0000000000b2',
  application: 'E2B gateway',
  isDefault: false,
  submissionServiceUser: true,
  activeKeys: 0,
});
const key: ApiKey = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Test server',
  organisationId: organisation.id,
  applicationId: pharmacy.id,
  applicationName: pharmacy.application,
  submissionServiceUser: false,
  prefix: 'vk_00000000-0000-4000-8000-0000000000c1_AbCd',
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: null,
};
const secret = `vk_00000000-0000-4000-8000-0000000000c2_${'S'.repeat(43)}`;

function organisationAdmin() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_admin', organisation)] }));
  return fake;
}

// Typing into modal forms is slow under a loaded test run.
describe('ApiKeysPage', { timeout: 20_000 }, () => {
  it('lists applications with the default marked, and live keys without secrets', async () => {
    const fake = organisationAdmin();
    routeRequests(fake, {
      'GET /v1/applications': () => [pharmacy, gateway],
      'GET /v1/api-keys': () => [key],
    });
    renderApp('/admin/api-keys', fake);
    const applications = await screen.findByRole('table', { name: 'Applications' });
    const rows = within(applications).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Pharmacy system');
    expect(within(rows[1]!).getByText('Default')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('E2B gateway');
    expect(
      within(rows[2]!).getByRole('button', { name: 'Make E2B gateway the default' }),
    ).toBeInTheDocument();
    const keys = screen.getByRole('table', { name: 'Keys' });
    expect(keys).toHaveTextContent('Test server');
    expect(keys).toHaveTextContent('Never');
    expect(await screen.findByRole('link', { name: 'API keys' })).toHaveAttribute('href', '/admin/api-keys');
  });

  it('creates a key and shows it once, with a copy button and a warning', async () => {
    const fake = organisationAdmin();
    const created: CreatedApiKey = {
      ...key,
      id: '00000000-0000-4000-8000-0000000000c2',
      name: 'LIMS',
      key: secret,
    };
    const request = routeRequests(fake, {
      'GET /v1/applications': () => [pharmacy, gateway],
      'GET /v1/api-keys': () => [key],
      'POST /v1/api-keys': () => created,
    });
    renderApp('/admin/api-keys', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Create a key' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create a key' });
    await settled(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByTestId('error-summary')).toHaveTextContent('Enter the key name');
    expect(request).not.toHaveBeenCalledWith('POST', '/v1/api-keys', expect.anything());
    await userEvent.type(within(dialog).getByLabelText('Key name'), 'LIMS');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(request).toHaveBeenCalledWith('POST', '/v1/api-keys', {
      body: { name: 'LIMS', organisationId: organisation.id },
    });

    dialog = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    await settled(dialog);
    expect(dialog).toHaveTextContent(secret);
    expect(dialog).toHaveTextContent('This is the only time the key is shown');
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have stored the key' }));
    await waitFor(() => expect(screen.queryByText(secret)).not.toBeInTheDocument());
  });

  it('creates a key for the application of the row it was started from', async () => {
    const fake = organisationAdmin();
    const request = routeRequests(fake, {
      'GET /v1/applications': () => [pharmacy, gateway],
      'GET /v1/api-keys': () => [],
      'POST /v1/api-keys': () => ({ ...key, key: secret }),
    });
    renderApp('/admin/api-keys', fake);
    const rows = within(await screen.findByRole('table', { name: 'Applications' })).getAllByRole('row');
    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Create a key for E2B gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a key' });
    await settled(dialog);
    await userEvent.type(within(dialog).getByLabelText('Key name'), 'Gateway key');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(request).toHaveBeenCalledWith('POST', '/v1/api-keys', {
      body: { name: 'Gateway key', applicationId: gateway.id },
    });
  });

  it('creates an application and makes another the default', async () => {
    const fake = organisationAdmin();
    const request = routeRequests(fake, {
      'GET /v1/applications': () => [pharmacy, gateway],
      'GET /v1/api-keys': () => [],
      'POST /v1/applications': ({ body }) =>
        application({ id: '00000000-0000-4000-8000-0000000000b3', ...(body as object) }),
      'POST /v1/applications/default': () => ({ ...gateway, isDefault: true }),
    });
    renderApp('/admin/api-keys', fake);
    expect(
      await screen.findByText('No live key. Create one for each system that connects.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New application' }));
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    await settled(dialog);
    await userEvent.type(within(dialog).getByLabelText('Application name'), 'Regulator link');
    await userEvent.click(within(dialog).getByLabelText(/submission service user/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(request).toHaveBeenCalledWith('POST', '/v1/applications', {
      body: { application: 'Regulator link', submissionServiceUser: true, organisationId: organisation.id },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Make E2B gateway the default' }));
    expect(request).toHaveBeenCalledWith('POST', '/v1/applications/default', { body: { id: gateway.id } });
  });

  it('revokes a key after confirmation', async () => {
    const fake = organisationAdmin();
    const request = routeRequests(fake, {
      'GET /v1/applications': () => [pharmacy],
      'GET /v1/api-keys': () => [key],
      [`DELETE /v1/api-keys/${key.id}`]: () => undefined,
    });
    renderApp('/admin/api-keys', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Test server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    await settled(dialog);
    expect(dialog).toHaveTextContent('Systems using Test server will be refused at once');
    expect(request).not.toHaveBeenCalledWith('DELETE', expect.anything());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', `/v1/api-keys/${key.id}`));
  });

  it('lets a platform administrator pick the organisation, kept in the URL; nothing is asked before', async () => {
    const fake = createFakeApi({ ...testSession, organisationId: null });
    fake.getUser.mockResolvedValue(
      makeUser({ organisationId: null, memberships: [membership('platform_admin')] }),
    );
    const request = routeRequests(fake, {
      'GET /v1/organisations/lookup': () => [
        organisation,
        { id: '00000000-0000-4000-8000-0000000000e9', name: 'Clinique Sud' },
      ],
      'GET /v1/applications': () => [pharmacy],
      'GET /v1/api-keys': () => [key],
    });
    const { router } = renderApp('/admin/api-keys', fake);
    expect(
      await screen.findByText('Choose an organisation above to see and change its settings.'),
    ).toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith('GET', '/v1/api-keys', expect.anything());
    expect(request).not.toHaveBeenCalledWith('GET', '/v1/applications', expect.anything());

    await userEvent.click(screen.getByRole('combobox', { name: 'Organisation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hôpital Nord' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?organisation=${organisation.id}`));
    expect(await screen.findByText('Test server')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('GET', '/v1/api-keys', {
      query: { includeSubmissionServiceUsers: true, organisationId: organisation.id },
    });
    expect(request).toHaveBeenCalledWith('GET', '/v1/applications', {
      query: { organisationId: organisation.id },
    });
  });

  it('opens on the organisation the URL names; an unknown one asks again and sends nothing', async () => {
    const fake = createFakeApi({ ...testSession, organisationId: null });
    fake.getUser.mockResolvedValue(
      makeUser({ organisationId: null, memberships: [membership('platform_admin')] }),
    );
    const request = routeRequests(fake, {
      'GET /v1/organisations/lookup': () => [organisation],
      'GET /v1/applications': () => [pharmacy],
      'GET /v1/api-keys': () => [key],
    });
    renderApp(`/admin/api-keys?organisation=${organisation.id}`, fake);
    expect(await screen.findByText('Test server')).toBeInTheDocument();
    request.mockClear();
    renderApp('/admin/api-keys?organisation=00000000-0000-4000-8000-000000000bad', fake);
    expect(await screen.findByText(/names an organisation you cannot manage/)).toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith('GET', '/v1/api-keys', expect.anything());
  });
});
