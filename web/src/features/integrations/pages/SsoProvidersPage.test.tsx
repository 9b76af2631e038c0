import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { SsoProvider } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests, settled } from '../test/fake-routes.ts';

// Pages render behind the app shell and modals; a loaded machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const provider: SsoProvider = {
  id: '00000000-0000-4000-8000-0000000000a1',
  platformId: testSession.platformId,
  name: 'Agency ID',
  issuerUrl: 'https://login.agency.test',
  clientId: 'vigilo',
  hasClientSecret: true,
  scopes: ['openid', 'email', 'profile'],
  enabled: true,
  allowedEmailDomains: ['agency.test'],
  autoCreateUsers: false,
  autoCreateOrganisationId: null,
  trustedForMfa: false,
  discoveredAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function platformAdmin() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('platform_admin')] }));
  return fake;
}

// Typing into modal forms is slow under a loaded test run.
describe('SsoProvidersPage', { timeout: 20_000 }, () => {
  it('lists the providers, and the menu offers the page to platform administrators', async () => {
    const fake = platformAdmin();
    routeRequests(fake, { 'GET /v1/sso-providers/manage': () => [provider] });
    renderApp('/admin/sso-providers', fake);
    expect(await screen.findByRole('heading', { name: 'Single sign-on', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Single sign-on' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Agency ID');
    expect(rows[1]).toHaveTextContent('https://login.agency.test');
    expect(rows[1]).toHaveTextContent('Enabled');
    expect(await screen.findByRole('link', { name: 'Single sign-on' })).toHaveAttribute(
      'href',
      '/admin/sso-providers',
    );
  });

  it('shows an empty state, and an error with a retry', async () => {
    const fake = platformAdmin();
    let fail = true;
    routeRequests(fake, {
      'GET /v1/sso-providers/manage': () => {
        if (fail)
          throw new ApiRequestError(500, {
            code: 'INTERNAL_ERROR',
            statusCode: 500,
            message: 'x',
            error: 'x',
            meta: {},
          });
        return [];
      },
    });
    renderApp('/admin/sso-providers', fake);
    expect(await screen.findByText('The sign-in providers could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No sign-in provider is set up yet/)).toBeInTheDocument();
  });

  it('validates on submit, then creates a provider on the platform with the secret typed', async () => {
    const fake = platformAdmin();
    const request = routeRequests(fake, {
      'GET /v1/sso-providers/manage': () => [],
      [`POST /v1/sso-provider/${testSession.platformId}`]: ({ body }) => ({
        ...provider,
        ...(body as object),
      }),
    });
    renderApp('/admin/sso-providers', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a sign-in provider' });
    await settled(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const summary = within(dialog).getByTestId('error-summary');
    expect(summary).toHaveTextContent('Enter the name shown on the sign-in button');
    expect(summary).toHaveTextContent('Enter the issuer URL');
    expect(summary).toHaveTextContent('Enter the client ID');
    await waitFor(() => expect(document.title).toBe('Error: Single sign-on – Vigilo'));
    expect(within(dialog).getByLabelText('Client secret (optional)')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Name shown on the sign-in button'), 'Agency ID');
    await userEvent.type(within(dialog).getByLabelText('Issuer URL'), 'https://login.agency.test');
    await userEvent.type(within(dialog).getByLabelText('Client ID'), 'vigilo');
    await userEvent.type(within(dialog).getByLabelText('Client secret (optional)'), 's3cret');
    await userEvent.type(
      within(dialog).getByLabelText('Allowed email domains (optional)'),
      'agency.test, hospital.test',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('POST', `/v1/sso-provider/${testSession.platformId}`, {
        body: {
          name: 'Agency ID',
          issuerUrl: 'https://login.agency.test',
          clientId: 'vigilo',
          clientSecret: 's3cret',
          allowedEmailDomains: ['agency.test', 'hospital.test'],
          enabled: true,
          autoCreateUsers: false,
          autoCreateOrganisationId: null,
          trustedForMfa: false,
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits without sending the secret when it is left blank (write-only)', async () => {
    const fake = platformAdmin();
    const request = routeRequests(fake, {
      'GET /v1/sso-providers/manage': () => [provider],
      [`PUT /v1/sso-provider/${provider.id}`]: ({ body }) => ({ ...provider, ...(body as object) }),
    });
    renderApp('/admin/sso-providers', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Agency ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agency ID' });
    await settled(dialog);
    const secret = within(dialog).getByLabelText('Client secret (optional)');
    expect(secret).toHaveValue('');
    expect(within(dialog).getByText(/A secret is stored and is never shown/)).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Name shown on the sign-in button');
    await userEvent.clear(name);
    await userEvent.type(name, 'Agency account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('PUT', `/v1/sso-provider/${provider.id}`, expect.anything()),
    );
    const body = request.mock.calls.find((c) => c[0] === 'PUT')![2].body;
    expect(body).toMatchObject({ name: 'Agency account', issuerUrl: provider.issuerUrl });
    expect(body).not.toHaveProperty('clientSecret');
  });

  it('deletes after confirmation, and not on cancel', async () => {
    const fake = platformAdmin();
    const request = routeRequests(fake, {
      'GET /v1/sso-providers/manage': () => [provider],
      [`DELETE /v1/sso-provider/${provider.id}`]: () => undefined,
    });
    renderApp('/admin/sso-providers', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Agency ID' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this provider?' });
    await settled(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(request).not.toHaveBeenCalledWith('DELETE', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Delete Agency ID' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this provider?' });
    await settled(dialog);
    expect(dialog).toHaveTextContent('People will no longer be able to sign in with Agency ID');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete provider' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', `/v1/sso-provider/${provider.id}`));
  });

  it('marks a provider trusted for MFA, and shows the refusal of an internal issuer at the field', async () => {
    const fake = platformAdmin();
    let refuse = true;
    const request = routeRequests(fake, {
      'GET /v1/sso-providers/manage': () => [provider],
      [`PUT /v1/sso-provider/${provider.id}`]: ({ body }) => {
        if (refuse)
          throw new ApiRequestError(400, {
            code: 'VALIDATION_FAILED',
            statusCode: 400,
            message: 'Invalid request: body/issuerUrl is refused: The address 10.0.0.7 is a private address',
            error: 'Bad Request',
            meta: { fields: [{ field: 'body/issuerUrl', message: 'is refused' }] },
          });
        return { ...provider, ...(body as object) };
      },
    });
    renderApp('/admin/sso-providers', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Agency ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agency ID' });
    await settled(dialog);
    const trusted = within(dialog).getByRole('checkbox', {
      name: "Trust this provider's two-step verification",
    });
    expect(trusted).not.toBeChecked();
    await userEvent.click(trusted);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = 'Enter the public address of your identity provider.';
    expect(await within(dialog).findByTestId('error-summary')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('Issuer URL')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = request.mock.calls.filter((c) => c[0] === 'PUT').at(-1)![2].body;
    expect(body).toMatchObject({ trustedForMfa: true });
  });

  it('lists the accounts linked to a provider, links one by email and subject, and unlinks', async () => {
    const fake = platformAdmin();
    const linkedAccount = {
      id: '00000000-0000-4000-8000-0000000000b1',
      userId: '00000000-0000-4000-8000-0000000000b2',
      userEmail: 'grace@agency.test',
      providerId: provider.id,
      providerName: provider.name,
      issuer: provider.issuerUrl,
      subject: 'grace-123',
      email: 'grace@agency.test',
      createdAt: '2026-11-02T10:00:00.000Z',
      lastLoginAt: '2026-11-03T10:00:00.000Z',
    };
    const path = `/v1/sso-provider/${provider.id}/identities`;
    const request = routeRequests(fake, {
      'GET /v1/sso-providers/manage': () => [provider],
      [`GET ${path}`]: () => [linkedAccount],
      [`POST ${path}`]: () => ({ ...linkedAccount, id: 'new' }),
      [`DELETE ${path}/${linkedAccount.id}`]: () => undefined,
    });
    renderApp('/admin/sso-providers', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Linked accounts of Agency ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accounts linked to Agency ID' });
    const table = await within(dialog).findByRole('table', { name: 'Accounts linked to Agency ID' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('grace@agency.test');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('grace-123');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Link account' }));
    expect(within(dialog).getByTestId('error-summary')).toHaveTextContent(
      'Enter the email of the Vigilo account',
    );
    expect(request).not.toHaveBeenCalledWith('POST', path, expect.anything());
    await userEvent.type(within(dialog).getByLabelText('Email of the Vigilo account'), 'ada@agency.test');
    await userEvent.type(within(dialog).getByLabelText('Subject at the provider'), 'ada-7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link account' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('POST', path, {
        body: { email: 'ada@agency.test', subject: 'ada-7' },
      }),
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent('The account was linked.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink grace@agency.test' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', `${path}/${linkedAccount.id}`));
  });
});
