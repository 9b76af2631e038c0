import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetail } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../test/fake-routes.ts';

const settings = (overrides: Partial<UserDetail> = {}): UserDetail => ({
  ...makeUser({ language: 'en' }),
  phone: null,
  preferences: { notifications: { newReports: true, followUps: false, requests: true } },
  deletionRequestedAt: null,
  changeRequestStatus: null,
  groups: [],
  ...overrides,
});

function setup(initial = settings()) {
  const fake = createFakeApi(testSession);
  let current = initial;
  const request = routeRequests(fake, {
    'GET /v1/users/@me': () => current,
    'PUT /v1/users/@me': ({ body }) => {
      current = { ...current, ...(body as Partial<UserDetail>) };
      return current;
    },
    'PUT /v1/users/@me/request-account-deletion': () => {
      current = { ...current, deletionRequestedAt: '2026-11-22T00:00:00.000Z' };
    },
    'DELETE /v1/users/@me/request-account-deletion': () => {
      current = { ...current, deletionRequestedAt: null };
    },
  });
  // The shell reads the same account (its language above all, decision 0034).
  fake.getUser.mockImplementation(async () => current);
  return { fake, request };
}

// Generous: the first render of a file warms Mantine up, slow on a busy two-core machine.
describe('AccountPage', { timeout: 30_000 }, () => {
  it('shows the settings and is in the account menu for every role', async () => {
    const { fake, request } = setup();
    renderApp('/account', fake);
    expect(screen.getByRole('heading', { name: 'Account settings', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(
      screen.getByRole('checkbox', { name: 'Email me when a follow-up question is waiting for me' }),
    ).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email me when a report I follow changes' })).toBeChecked();
    expect(request).toHaveBeenCalledWith('GET', '/v1/users/@me', { query: { includeSettings: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Account/ })).toHaveAttribute('href', '/account');
  });

  it('validates on submit with an error summary and the "Error: " title', async () => {
    const { fake, request } = setup();
    renderApp('/account', fake);
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByTestId('error-summary')).toHaveTextContent('Enter your first name');
    expect(document.title).toBe('Error: Account settings – Vigilo');
    expect(request).not.toHaveBeenCalledWith('PUT', '/v1/users/@me', expect.anything());
  });

  it('saves name, notifications and language; the interface switches language', async () => {
    const { fake, request } = setup();
    renderApp('/account', fake);
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Email me when a follow-up question is waiting for me' }),
    );
    await userEvent.click(screen.getByLabelText('Language', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Français' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('PUT', '/v1/users/@me', {
        body: {
          firstName: 'Augusta',
          lastName: 'Lovelace',
          language: 'fr',
          preferences: { notifications: { newReports: true, followUps: true, requests: true } },
        },
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Paramètres du compte', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Vos modifications ont été enregistrées.')).toBeInTheDocument();
  });

  it('asks for account deletion only after a confirmation that says what will happen', async () => {
    const { fake, request } = setup();
    renderApp('/account', fake);
    const ask = await screen.findByRole('button', { name: 'Ask for my account to be deleted' });
    await userEvent.click(ask);
    const dialog = await screen.findByRole('dialog', { name: 'Ask for your account to be deleted?' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    expect(dialog).toHaveTextContent('withdraw the request');
    expect(request).not.toHaveBeenCalledWith('PUT', '/v1/users/@me/request-account-deletion');

    // Cancel sends nothing and gives focus back to the button.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(request).not.toHaveBeenCalledWith('PUT', '/v1/users/@me/request-account-deletion');
    await waitFor(() => expect(ask).toHaveFocus());

    await userEvent.click(ask);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, ask for deletion' }));
    expect(await screen.findByText(/You asked for your account to be deleted/)).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('PUT', '/v1/users/@me/request-account-deletion');
  });

  it('withdraws a pending deletion request', async () => {
    const { fake, request } = setup(settings({ deletionRequestedAt: '2026-11-22T00:00:00.000Z' }));
    renderApp('/account', fake);
    expect(await screen.findByText(/You asked for your account to be deleted/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw my request' }));
    expect(await screen.findByText(/Your deletion request has been withdrawn/)).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('DELETE', '/v1/users/@me/request-account-deletion');
    expect(screen.getByRole('button', { name: 'Ask for my account to be deleted' })).toBeInTheDocument();
  });
});
